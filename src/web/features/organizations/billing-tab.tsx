import { Building2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { allowanceUsedText } from "../../../shared/billing";
import type { Organization } from "../../../shared/contracts/organizations";
import { organizationStatusLabels } from "../../../shared/organizations";
import { paths } from "../../../shared/paths";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { formatDate } from "../../lib/format-date";
import { formatGigabytes } from "./organization-format";
import { TrialBadge } from "./trial-badge";

const statusExplanations: Record<Organization["plan"]["status"], string> = {
  trial: "Your members manage documents on the organization's monthly allowance until the trial ends, then on their own plans.",
  enterprise: "Your members manage documents on the organization's monthly allowance, with no end date.",
  suspended: "Document processing is paused for your members. Reading documents and chat still work.",
};

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** The Billing tab: the organization's subscription status, its trial badge, allowance and storage, and Contact Sales. */
export function BillingTab({ organization }: { organization: Organization }) {
  const { plan } = organization;
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle className="text-lg">Subscription</CardTitle>
        <CardDescription>{statusExplanations[plan.status]}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Fact term="Status">
            <span className="flex flex-wrap items-center gap-2">
              <Badge variant={plan.status === "suspended" ? "destructive" : "outline"}>{organizationStatusLabels[plan.status]}</Badge>
              {plan.status === "trial" && plan.trialDaysLeft !== null && <TrialBadge daysLeft={plan.trialDaysLeft} />}
            </span>
          </Fact>
          {plan.status === "trial" && plan.trialEndsAt && <Fact term="Trial ends">{formatDate(plan.trialEndsAt)}</Fact>}
          <Fact term="Documents this period">
            {allowanceUsedText(plan)} · renews {formatDate(plan.periodEnd)}
          </Fact>
          <Fact term="Storage">
            {formatGigabytes(organization.storageUsedBytes)} of {organization.storageLimitGb} GB
          </Fact>
        </dl>
      </CardContent>
      <CardFooter className="flex-wrap gap-3">
        <Button asChild>
          <Link to={paths.contactSales}>
            <Building2 aria-hidden />
            Contact Sales
          </Link>
        </Button>
        <p className="text-sm text-muted-foreground">For Enterprise, more documents or more storage.</p>
      </CardFooter>
    </Card>
  );
}
