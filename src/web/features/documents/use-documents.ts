import { queryOptions, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { DocumentSummary, ReadableDocument } from "../../../shared/contracts/documents";
import { useLiveEvents } from "../../lib/live-events";
import { retryWhileFailing } from "../../lib/query-client";
import { documentsApi } from "./documents-api";

export const documentKeys = {
  all: ["documents"] as const,
  list: () => ["documents", "list"] as const,
  detail: (id: string) => ["documents", "detail", id] as const,
  pages: (id: string) => ["documents", "detail", id, "pages"] as const,
  page: (id: string, pageNumber: number) => ["documents", "detail", id, "pages", pageNumber] as const,
  outline: (id: string) => ["documents", "detail", id, "outline"] as const,
};

/** A safety net while something is running, should the live stream be cut by a proxy. */
const BUSY_POLL_MS = 15_000;

function isBusy(document: DocumentSummary): boolean {
  return document.status === "queued" || document.status === "processing";
}

/** One page of a processed document with its OCR word boxes, kept as long as the list of pages it belongs to. */
export function documentPageQuery(id: string, pageNumber: number) {
  return queryOptions({ queryKey: documentKeys.page(id, pageNumber), queryFn: () => documentsApi.page(id, pageNumber), staleTime: Infinity });
}

export function useDocumentList() {
  return useQuery({
    queryKey: documentKeys.list(),
    queryFn: documentsApi.list,
    refetchInterval: (query) => (query.state.data?.some(isBusy) ? BUSY_POLL_MS : retryWhileFailing(query)),
  });
}

export function useDocument(id: string) {
  return useQuery({ queryKey: documentKeys.detail(id), queryFn: () => documentsApi.get(id), retry: false });
}

/** Lists and single documents refetch; pages and outline only change when processing ends. */
function invalidateSummaries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: documentKeys.all,
    predicate: (query) => query.queryKey[1] === "list" || (query.queryKey[1] === "detail" && query.queryKey.length === 3),
  });
}

/** Puts a changed document into the cached list (and its own query) at once, before any refetch. */
export function storeDocument(queryClient: QueryClient, document: DocumentSummary, { prepend = false } = {}) {
  queryClient.setQueryData<DocumentSummary[]>(documentKeys.list(), (current) => {
    if (!current) return current;
    const exists = current.some((item) => item.id === document.id);
    if (exists) return current.map((item) => (item.id === document.id ? { ...item, ...document, progress: document.progress ?? item.progress } : item));
    return prepend ? [document, ...current] : current;
  });
  // The library holds only the reader's own documents.
  queryClient.setQueryData<ReadableDocument>(documentKeys.detail(document.id), { ...document, isOwn: true, ownerName: null });
}

export function forgetDocument(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<DocumentSummary[]>(documentKeys.list(), (current) => current?.filter((item) => item.id !== id));
  queryClient.removeQueries({ queryKey: documentKeys.detail(id) });
}

/**
 * Drops what was read of a document (pages, word boxes, outline), kept for good since it changes
 * only when the document is processed, so a reprocessed document is read again. Another tab that
 * had the document open keeps what it read until it is reloaded or leaves it for five minutes.
 */
export function forgetReading(queryClient: QueryClient, id: string) {
  const detailKey = documentKeys.detail(id);
  queryClient.removeQueries({ queryKey: detailKey, predicate: (query) => query.queryKey.length > detailKey.length });
}

/** Refreshes the documents after `delayMs` (the spec's refresh delays); cancelled on unmount. */
export function useDelayedRefresh() {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback(
    (delayMs: number) => {
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        void invalidateSummaries(queryClient);
      }, delayMs);
      timers.current.add(timer);
    },
    [queryClient],
  );
}

/**
 * Live updates: the server's `document` events (insert, update, delete of this person's
 * documents) refetch the summaries.
 */
export function useDocumentEvents() {
  const queryClient = useQueryClient();
  useLiveEvents("document", () => invalidateSummaries(queryClient));
}
