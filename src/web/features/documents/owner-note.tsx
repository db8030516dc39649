import { UserRound } from "lucide-react";
import { Alert, AlertDescription } from "../../components/ui/alert";

/** Whose contract an admin is reading, and what they may do with it (ADR 040). */
export function ownerNoteText(ownerName: string): string {
  return `${ownerName}'s contract — you can read it and confirm or correct its values as an admin.`;
}

/**
 * Above a document someone else owns (an admin opened a member's contract from the portfolio):
 * whose it is. The actions that are the owner's alone (Ask, Reprocess, Rename, Delete, reminders)
 * are not offered on such a page.
 */
export function OwnerNote({ ownerName }: { ownerName: string }) {
  return (
    <Alert role="note" className="mt-3">
      <UserRound aria-hidden />
      <AlertDescription className="text-foreground [overflow-wrap:anywhere]">{ownerNoteText(ownerName)}</AlertDescription>
    </Alert>
  );
}
