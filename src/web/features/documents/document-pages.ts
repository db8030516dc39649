// The lazy chunk behind /app/documents and /app/documents/:documentId (see app/routes.tsx).
export { DocumentsPage } from "./documents-page";
export { DocumentViewPage } from "./document-view-page";
