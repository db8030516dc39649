import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { check } from "../../../shared/contracts/check";
import { PAYER_MAX_CHARS, updateContractDetailsRequestSchema, type ContractRow } from "../../../shared/contracts/portfolio";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { TextField } from "../../components/ui/text-field";
import { useSavePayer } from "./use-contracts";

/** The owner names the payer when the one read from the parties is wrong or missing; clearing it goes back to the one read. */
export function PayerDialog({ contract, open, onOpenChange }: { contract: ContractRow; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const save = useSavePayer();
  const current = contract.payerCorrection ?? contract.terms.payer?.value ?? "";
  const [payer, setPayer] = useState(current);
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setPayer(current);
  }
  const checked = check(updateContractDetailsRequestSchema, { payer });

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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!checked.ok || save.isPending) return;
    submit(checked.value.payer);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit payer</DialogTitle>
            <DialogDescription>
              {contract.terms.payer ? `Read from the parties: ${contract.terms.payer.value}.` : "The payer could not be read from the parties."} Leave it blank
              to use what the contract says.
            </DialogDescription>
          </DialogHeader>
          <TextField
            id={`${id}-payer`}
            label="Payer"
            problem={checked.ok ? undefined : checked.problem}
            value={payer}
            maxLength={PAYER_MAX_CHARS + 1}
            autoComplete="off"
            onChange={(event) => setPayer(event.target.value)}
          />
          {contract.payerCorrection && (
            <Button type="button" variant="ghost" className="justify-self-start" disabled={save.isPending} onClick={() => submit(null)}>
              Use the payer read from the contract
            </Button>
          )}
          <DialogActions isBusy={save.isPending} disabled={!checked.ok}>
            Save
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
