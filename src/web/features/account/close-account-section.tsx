import { useId, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { PasswordField } from "./password-field";
import { useCloseAccount } from "./use-account-mutations";

/** Close account: what is deleted, and a confirmation that asks for the password. */
export function CloseAccountSection({ onClosed }: { onClosed: () => void }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const closing = useCloseAccount(onClosed);
  function close(event: FormEvent) {
    event.preventDefault();
    closing.mutate({ password });
  }
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-medium text-destructive">
        Close account
      </h3>
      <p className="text-sm text-muted-foreground">
        Your documents, OCR text, chunks, embeddings, chat history, support requests and profile photo are deleted. No backups are kept, so this cannot be
        undone.
      </p>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          Close account
        </Button>
        <DialogContent>
          <form noValidate onSubmit={close} className="space-y-4">
            <DialogHeader>
              <DialogTitle>Close your account?</DialogTitle>
              <DialogDescription>Everything in your account is deleted at once and for good. Enter your password to confirm.</DialogDescription>
            </DialogHeader>
            <PasswordField id={`${id}-password`} label="Password" value={password} onValueChange={setPassword} />
            <DialogActions variant="destructive" isBusy={closing.isPending} disabled={password === ""}>
              Close account permanently
            </DialogActions>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
