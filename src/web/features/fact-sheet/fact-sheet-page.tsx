import { useParams } from "react-router";
import { DocumentFrame } from "../documents";
import { FactSheetView } from "./fact-sheet-view";

/** /app/documents/:documentId/fact-sheet — the document's key terms, the tab beside its text. */
export function FactSheetPage() {
  const { documentId = "" } = useParams();
  return (
    <DocumentFrame documentId={documentId} tab="fact-sheet">
      {(document) => <FactSheetView key={document.id} documentId={document.id} canSetReminders={document.isOwn} />}
    </DocumentFrame>
  );
}
