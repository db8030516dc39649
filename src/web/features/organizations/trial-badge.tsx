import { trialBadge } from "../../../shared/organizations";
import { Badge } from "../../components/ui/badge";

/** 'N days left in trial', secondary above 7 days and destructive from then on; 'Trial expired' at 0. */
export function TrialBadge({ daysLeft }: { daysLeft: number }) {
  const { variant, text } = trialBadge(daysLeft);
  return <Badge variant={variant}>{text}</Badge>;
}
