// What other features use of documents; the router loads the pages from document-pages.
export { useDocumentList } from "./use-documents";
export { DocumentFrame, type DocumentTab } from "./document-view-page";
export { CitationSourcePanel } from "./citation-source-panel";
export type { CitationSource } from "./citation-source";
