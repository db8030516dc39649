import { useId } from "react";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { NativeSelect } from "../../components/ui/native-select";
import { cn } from "../../lib/utils";

/** The documents one can ask about: a native select, so keyboards and screen readers get the platform's own. */
export function DocumentPicker({
  documents,
  value,
  onChange,
  disabled,
  className,
}: {
  documents: DocumentSummary[];
  value: string | null;
  onChange: (documentId: string) => void;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        Document
      </label>
      <NativeSelect id={id} value={value ?? ""} disabled={disabled} onChange={(event) => event.target.value && onChange(event.target.value)}>
        <option value="" disabled>
          Choose a processed document
        </option>
        {documents.map((document) => (
          <option key={document.id} value={document.id}>
            {document.filename}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
