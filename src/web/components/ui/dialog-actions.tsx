import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { DialogClose, DialogFooter } from "./dialog";

/** Cancel, and the dialog's action with a spinner while it runs; a submit button unless `onAction` is given. */
export function DialogActions({
  children,
  isBusy = false,
  disabled = false,
  variant,
  onAction,
}: {
  children: ReactNode;
  isBusy?: boolean;
  disabled?: boolean;
  variant?: "destructive";
  onAction?: () => void;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Cancel
        </Button>
      </DialogClose>
      <Button type={onAction ? "button" : "submit"} variant={variant} disabled={disabled || isBusy} onClick={onAction}>
        {isBusy && <Loader2 className="animate-spin" aria-hidden />}
        {children}
      </Button>
    </DialogFooter>
  );
}
