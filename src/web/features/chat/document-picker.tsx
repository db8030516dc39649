import { useId } from "react";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { NativeSelect } from "../../components/ui/native-select";
import { cn } from "../../lib/utils";

/** "Aetna Provider Agreement.pdf · Payer Contract · 12 pages": documents with alike names told apart. */
export function documentChoiceLabel(document: Pick<DocumentSummary, "filename" | "displayType" | "pageCount">): string {
  const pages = document.pageCount === null ? [] : [`${document.pageCount} ${document.pageCount === 1 ? "page" : "pages"}`];
  return [document.filename, document.displayType, ...pages].join(" · ");
}

/**
 * The documents one can ask about: a native select, so keyboards and screen readers get the
 * platform's own, and phones list the options at full length. The chosen one's name is its title.
 */
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
  const chosen = documents.find((document) => document.id === value);
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        Document
      </label>
      <NativeSelect
        id={id}
        value={value ?? ""}
        title={chosen?.filename}
        disabled={disabled}
        onChange={(event) => event.target.value && onChange(event.target.value)}
      >
        <option value="" disabled>
          Choose a processed document
        </option>
        {documents.map((document) => (
          <option key={document.id} value={document.id}>
            {documentChoiceLabel(document)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
