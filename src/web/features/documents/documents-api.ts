import type { DocumentSearchQuery, DocumentSearchResponse } from "../../../shared/contracts/chat";
import {
  UPLOAD_FIELD,
  type DocumentListResponse,
  type DocumentOutlineResponse,
  type DocumentPageResponse,
  type DocumentPagesResponse,
  type DocumentResponse,
  type DocumentSummary,
  type ProcessDocumentRequest,
  type ReadableDocumentResponse,
  type RenameDocumentRequest,
  type StartProcessingResponse,
} from "../../../shared/contracts/documents";
import type { ProcessingTrigger } from "../../../shared/documents";
import { withQuery } from "../../../shared/paths";
import { ConnectionError, apiRequest as request, readAnswer } from "../../lib/api-client";

const base = "/api/documents";
const documentPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const documentFileUrl = (id: string) => `${documentPath(id)}/file`;
/** One page of an image document (PNG, JPEG, WebP, TIFF) as an image the browser can show. */
export const documentPageImageUrl = (id: string, pageNumber: number) => `${documentPath(id)}/pages/${pageNumber}/image`;

export const documentsApi = {
  list: async () => (await request<DocumentListResponse>(base)).documents,
  get: async (id: string) => (await request<ReadableDocumentResponse>(documentPath(id))).document,
  pages: async (id: string) => (await request<DocumentPagesResponse>(`${documentPath(id)}/pages`)).pages,
  /** One page, with the boxes OCR found for its words (scans read since they were kept). */
  page: async (id: string, pageNumber: number) => (await request<DocumentPageResponse>(`${documentPath(id)}/pages/${pageNumber}`)).page,
  outline: async (id: string) => (await request<DocumentOutlineResponse>(`${documentPath(id)}/outline`)).outline,
  search: async (id: string, query: string) =>
    (await request<DocumentSearchResponse>(withQuery(`${documentPath(id)}/search`, { q: query } satisfies DocumentSearchQuery))).passages,
  rename: async (id: string, filename: string) =>
    (await request<DocumentResponse>(documentPath(id), { method: "PATCH", body: { filename } satisfies RenameDocumentRequest })).document,
  remove: (id: string) => request<void>(documentPath(id), { method: "DELETE" }),
  /** ok, or why not (no credit, no active period) with the document now awaiting a credit; a reprocess is never refused for credit. */
  process: (id: string, trigger: ProcessingTrigger) =>
    request<StartProcessingResponse>(`${documentPath(id)}/process`, { method: "POST", body: { trigger } satisfies ProcessDocumentRequest }),
};

/**
 * POST /api/documents as multipart (field `file`). XMLHttpRequest rather than fetch, because
 * only it reports upload progress. `onProgress` gets 0–100.
 */
export function uploadDocument(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<DocumentSummary> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", base);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer<DocumentResponse>(xhr.status, xhr.responseText).document);
      } catch (error) {
        reject(error);
      }
    };
    // A network failure, not an answer: no server message to show.
    xhr.onerror = () => reject(new ConnectionError());
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, file.name);
    xhr.send(form);
  });
}
