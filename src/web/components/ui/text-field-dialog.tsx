import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { Checked } from "../../../shared/contracts/check";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { DialogActions } from "./dialog-actions";
import { TextField } from "./text-field";

/**
 * A dialog that edits one text: each opening starts from `initial`; the text is checked as it is
 * typed (`checkText`, the request's own schema) and Save stays disabled while it fails or
 * `isUnchanged`. `extra` sits between the field and the actions.
 */
export function TextFieldDialog<Value>({
  open,
  onOpenChange,
  title,
  description,
  label,
  initial,
  maxLength,
  checkText,
  isUnchanged = () => false,
  isBusy,
  onSave,
  extra,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  initial: string;
  maxLength: number;
  checkText: (text: string) => Checked<Value>;
  isUnchanged?: (value: Value) => boolean;
  isBusy: boolean;
  onSave: (value: Value) => void;
  extra?: ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [lastOpen, setLastOpen] = useState(open);
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setText(initial);
  }
  const checked = checkText(text);
  const canSave = checked.ok && !isUnchanged(checked.value);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checked.ok || !canSave || isBusy) return;
    onSave(checked.value);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <TextField
            id={`${id}-text`}
            label={label}
            problem={checked.ok ? undefined : checked.problem}
            value={text}
            maxLength={maxLength}
            autoComplete="off"
            onChange={(event) => setText(event.target.value)}
          />
          {extra}
          <DialogActions isBusy={isBusy} disabled={!canSave}>
            Save
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
