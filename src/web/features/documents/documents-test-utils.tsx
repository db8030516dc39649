import { vi } from "vitest";
import type { DocumentSummary } from "../../../shared/documents";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import type { SiteConfig } from "../../../shared/site-config";
import { DocumentsPage, DocumentViewPage } from "./document-pages";

const site: SiteConfig = testSiteConfig({ companyName: "Clausewise Inc.", version: "test" });

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
    createdAt: "2026-11-20T15:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
    ...overrides,
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status: number; body?: unknown };
type Handler = Answer | ((call: RecordedCall) => Answer);

/**
 * The server at the browser boundary: fetch (and XMLHttpRequest, which the upload uses for its
 * progress events) answer by "METHOD /path"; every call is recorded. Unknown calls get 404.
 */
export function stubServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const answer = (call: RecordedCall): Answer => {
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) return { status: 404, body: { error: { code: "not_found", message: "Not found." } } };
    return typeof handler === "function" ? handler(call) : handler;
  };
  const bodyText = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
      const method = init?.method ?? "GET";
      const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : init?.body;
      const { status, body: responseBody } = answer({ method, path, body });
      return new Response(status === 204 ? null : bodyText(responseBody), { status, headers: { "Content-Type": "application/json" } });
    }),
  );

  class FakeXMLHttpRequest {
    status = 0;
    responseText = "";
    withCredentials = false;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = "GET";
    private path = "";
    open(method: string, path: string) {
      this.method = method;
      this.path = path;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const result = answer({ method: this.method, path: this.path, body });
        this.status = result.status;
        this.responseText = bodyText(result.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXMLHttpRequest);

  // What Radix's menus and dialogs use and jsdom lacks.
  vi.stubGlobal(
    "ResizeObserver",
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView ??= () => {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};

  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
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
