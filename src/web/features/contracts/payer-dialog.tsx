import { toast } from "sonner";
import { check } from "../../../shared/contracts/check";
import { PAYER_MAX_CHARS, updateContractDetailsRequestSchema, type ContractRow } from "../../../shared/contracts/portfolio";
import { Button } from "../../components/ui/button";
import { TextFieldDialog } from "../../components/ui/text-field-dialog";
import { useSavePayer } from "./use-contracts";

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
      description={`${contract.terms.payer ? `Read from the parties: ${contract.terms.payer.value}.` : "The payer could not be read from the parties."} Leave it blank to use what the contract says.`}
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
