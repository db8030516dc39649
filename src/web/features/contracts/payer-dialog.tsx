import { toast } from "sonner";
import { check } from "../../../shared/contracts/check";
import { PAYER_MAX_CHARS, updateContractDetailsRequestSchema, type ContractRow } from "../../../shared/contracts/portfolio";
import { Button } from "../../components/ui/button";
import { TextFieldDialog } from "../../components/ui/text-field-dialog";
import { useSavePayer } from "./use-contracts";

/** `text` ending in a full stop: a name that already ends one ("Acme Health Inc.") keeps its own. */
function asSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** What the dialog says of the payer read from the parties, and what a blank name does. */
export function payerDialogDescription(payerAsRead: string | undefined): string {
  const read = payerAsRead ? asSentence(`Read from the parties: ${payerAsRead}`) : "The payer could not be read from the parties.";
  return `${read} Leave it blank to use what the contract says.`;
}

/** The owner names the payer when the one read from the parties is wrong or missing; clearing it goes back to the one read. */
export function PayerDialog({ contract, open, onOpenChange }: { contract: ContractRow; open: boolean; onOpenChange: (open: boolean) => void }) {
  const save = useSavePayer();

  function submit(payerName: string | null) {
    save.mutate(
      { documentId: contract.documentId, payer: payerName },
      {
        onSuccess: () => {
          onOpenChange(false);
          toast.success("Payer saved");
        },
        onError: (error) => toast.error("Could not save the payer", { description: error.message }),
      },
    );
  }

  return (
    <TextFieldDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit payer"
      description={payerDialogDescription(contract.terms.payer?.value)}
      label="Payer"
      initial={contract.payerCorrection ?? contract.terms.payer?.value ?? ""}
      maxLength={PAYER_MAX_CHARS + 1}
      checkText={(payer) => check(updateContractDetailsRequestSchema, { payer })}
      isBusy={save.isPending}
      onSave={(checked) => submit(checked.payer)}
      extra={
        contract.payerCorrection && (
          <Button type="button" variant="ghost" className="justify-self-start" disabled={save.isPending} onClick={() => submit(null)}>
            Use the payer read from the contract
          </Button>
        )
      }
    />
  );
}
