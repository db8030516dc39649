import { check } from "../../../shared/contracts/check";
import { renameDocumentRequestSchema } from "../../../shared/contracts/documents";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { TextFieldDialog } from "../../components/ui/text-field-dialog";

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
  return (
    <TextFieldDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename document"
      description="Choose a name you will recognise. The file type stays the same."
      label="Name"
      initial={filename}
      maxLength={180}
      checkText={(name) => check(renameDocumentRequestSchema, { filename: name })}
      isUnchanged={(checked) => checked.filename === filename}
      isBusy={isSaving}
      onSave={(checked) => onRename(checked.filename)}
    />
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
            <span className="font-medium break-all text-foreground">{filename}</span> and its analysis will be removed permanently. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogActions variant="destructive" isBusy={isDeleting} onAction={onDelete}>
          Delete
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

/** Reprocess a completed document: what it does, that it is free, and what happens meanwhile. */
export function ReprocessDocumentDialog({
  open,
  onOpenChange,
  filename,
  isStarting,
  onReprocess,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filename: string;
  isStarting: boolean;
  onReprocess: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Reprocess document?</DialogTitle>
          <DialogDescription asChild>
            <div className="space-y-2">
              <p>
                <span className="font-medium break-all text-foreground">{filename}</span> will be read again and its passages rebuilt with the latest reading,
                so answers about it can cite it better. This costs no credit.
              </p>
              <p>
                Until it is Ready again it cannot be opened or asked about. Your conversations about it are kept, and if reprocessing fails it keeps its current
                passages.
              </p>
            </div>
          </DialogDescription>
        </DialogHeader>
        <DialogActions isBusy={isStarting} onAction={onReprocess}>
          Reprocess
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
