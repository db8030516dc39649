import { useId } from "react";
import type { DocumentSummary } from "../../../shared/contracts/documents";
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
      <select
        id={id}
        value={value ?? ""}
        disabled={disabled}
        onChange={(event) => event.target.value && onChange(event.target.value)}
        className="h-10 w-full min-w-0 truncate rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50"
      >
        <option value="" disabled>
          Choose a processed document
        </option>
        {documents.map((document) => (
          <option key={document.id} value={document.id}>
            {document.filename}
          </option>
        ))}
      </select>
    </div>
  );
}
