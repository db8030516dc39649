import { createProcessCache } from "../../../shared/process-cache";
import type { PageImage } from "./page-images";

/** Names one drawing of one page: the document, its original's version (hash and drawing version) and the page. */
export interface PageImageKey {
  documentId: string;
  version: string;
  pageNumber: number;
}

export interface PageImageCacheStats {
  /** Answers from memory. */
  hits: number;
  /** Pages drawn (cache misses; requests for a page already being drawn wait for it instead). */
  renders: number;
  bytes: number;
  entries: number;
}

/** Pages kept at most, whatever their size: a bound on the bookkeeping of many small ones. */
const MAX_PAGE_IMAGES = 10_000;

/**
 * Rendered page images in this process's memory, least recently used first out once they pass
 * `maxBytes` together: decoding a scan or a TIFF page and encoding it again costs far more than
 * keeping its PNG. Requests for a page being drawn share the one drawing.
 */
export function createPageImageCache(maxBytes: number) {
  const images = createProcessCache<string, { documentId: string; image: PageImage }>("documents.page-images", {
    maxEntries: MAX_PAGE_IMAGES,
    maxWeight: maxBytes,
    weightOf: (entry) => entry.image.bytes.byteLength,
  });
  // Drawings in progress, not a cache: each leaves when its drawing ends.
  const drawing = new Map<string, Promise<PageImage | undefined>>();
  let hits = 0;
  let renders = 0;

  const keyOf = ({ documentId, version, pageNumber }: PageImageKey) => `${documentId}:${version}:${pageNumber}`;

  return {
    /** The page's image from memory, or drawn by `render` (and kept); `render`'s failures are not kept. */
    async getOrRender(key: PageImageKey, render: () => Promise<PageImage | undefined>): Promise<PageImage | undefined> {
      const name = keyOf(key);
      const cached = images.get(name);
      if (cached) {
        hits += 1;
        return cached.image;
      }
      const pending = drawing.get(name);
      if (pending) return pending;
      renders += 1;
      const drawn = render()
        .then((image) => image && images.set(name, { documentId: key.documentId, image }).image)
        .finally(() => drawing.delete(name));
      drawing.set(name, drawn);
      return drawn;
    },

    /** A deleted document's pages leave memory at once rather than when they age out. */
    forgetDocument(documentId: string): void {
      images.deleteWhere((entry) => entry.documentId === documentId);
    },

    stats: (): PageImageCacheStats => ({ hits, renders, bytes: images.weight, entries: images.size }),
  };
}

export type PageImageCache = ReturnType<typeof createPageImageCache>;
