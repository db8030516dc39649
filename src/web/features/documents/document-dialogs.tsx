import { Loader2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";

/** Rename: Save stays disabled while the name is blank or unchanged (spec section 5). */
export function RenameDocumentDialog({
  open,
  onOpenChange,
  filename,
  isSaving,
  onRename,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filename: string;
  isSaving: boolean;
  onRename: (filename: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState(filename);
  const [lastOpen, setLastOpen] = useState(open);
  // Each opening starts from the current name.
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) setName(filename);
  }
  const trimmed = name.trim();
  const isBlank = trimmed === "";
  const isUnchanged = trimmed === filename;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isBlank || isUnchanged || isSaving) return;
    onRename(trimmed);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Rename document</DialogTitle>
            <DialogDescription>Choose a name you will recognise. The file type stays the same.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={180}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={isBlank ? true : undefined}
              aria-describedby={isBlank ? `${id}-problem` : undefined}
            />
            {isBlank && (
              <p id={`${id}-problem`} className="text-sm text-destructive">
                Enter a name.
              </p>
            )}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={isBlank || isUnchanged || isSaving}>
              {isSaving && <Loader2 className="animate-spin" aria-hidden />}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteDocumentDialog({
  open,
  onOpenChange,
  filename,
  isDeleting,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filename: string;
  isDeleting: boolean;
  onDelete: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete document?</DialogTitle>
          <DialogDescription>
            <span className="font-medium break-all text-foreground">{filename}</span> and its analysis will be removed
            permanently. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" disabled={isDeleting} onClick={onDelete}>
            {isDeleting && <Loader2 className="animate-spin" aria-hidden />}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
