import type { DocumentSummary } from "../../../shared/contracts/documents";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import type { Handler } from "../../../../tests/support/stub-server";
import { testSiteConfig } from "../../../../tests/support/site-config";
import type { SiteConfig } from "../../../shared/site-config";
import { DocumentsPage, DocumentViewPage } from "./document-pages";

export { stubServer } from "../../../../tests/support/stub-server";

const site: SiteConfig = testSiteConfig({ companyName: "Clausewise Inc." });

let idCounter = 0;
export function aDocument(overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  idCounter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(idCounter).padStart(12, "0")}`,
    filename: "Aetna Provider Agreement.pdf",
    displayType: "Payer Contract",
    mimeType: "application/pdf",
    fileSize: 2_516_582,
    status: "uploaded",
    failureReason: null,
    pageCount: null,
    pageNumbersEstimated: false,
    unreadablePages: [],
    progress: null,
    isSample: false,
    createdAt: "2026-11-20T15:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

/** GET /api/documents/:id's answer: the reader's own document, or `ownerName`'s when the reader is their admin. */
export function readAnswer(document: DocumentSummary, ownerName: string | null = null) {
  return { status: 200, body: { document: { ...document, isOwn: ownerName === null, ownerName } } };
}

/** A server holding `documents` for GET /api/documents (a mutable list the test may change). */
export function listAnswer(documents: DocumentSummary[]): Handler {
  return () => ({ status: 200, body: { documents } });
}

export function renderDocuments(url = "/app/documents") {
  return renderAppRoutes(
    [
      { path: "/app/documents", element: <DocumentsPage /> },
      { path: "/app/documents/:documentId", element: <DocumentViewPage /> },
      { path: "/app/chat", element: <p>Chat page</p> },
      { path: "/login", element: <p>Login page</p> },
    ],
    url,
    site,
  );
}
