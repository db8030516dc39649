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

/**
 * Rendered page images in this process's memory, least recently used first out once they pass
 * `maxBytes` together: decoding a scan or a TIFF page and encoding it again costs far more than
 * keeping its PNG. Requests for a page being drawn share the one drawing.
 */
export function createPageImageCache(maxBytes: number) {
  const images = new Map<string, { documentId: string; image: PageImage }>();
  const drawing = new Map<string, Promise<PageImage | undefined>>();
  const stats: PageImageCacheStats = { hits: 0, renders: 0, bytes: 0, entries: 0 };

  const keyOf = ({ documentId, version, pageNumber }: PageImageKey) => `${documentId}:${version}:${pageNumber}`;

  function remove(key: string): void {
    const entry = images.get(key);
    if (!entry) return;
    images.delete(key);
    stats.bytes -= entry.image.bytes.byteLength;
    stats.entries -= 1;
  }

  function keep(key: string, documentId: string, image: PageImage): void {
    if (image.bytes.byteLength > maxBytes) return;
    remove(key);
    images.set(key, { documentId, image });
    stats.bytes += image.bytes.byteLength;
    stats.entries += 1;
    // A Map iterates in insertion order: the first key is the least recently used.
    for (const oldest of images.keys()) {
      if (stats.bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    /** The page's image from memory, or drawn by `render` (and kept); `render`'s failures are not kept. */
    async getOrRender(key: PageImageKey, render: () => Promise<PageImage | undefined>): Promise<PageImage | undefined> {
      const name = keyOf(key);
      const cached = images.get(name);
      if (cached) {
        stats.hits += 1;
        images.delete(name);
        images.set(name, cached);
        return cached.image;
      }
      const pending = drawing.get(name);
      if (pending) return pending;
      stats.renders += 1;
      const drawn = render()
        .then((image) => {
          if (image) keep(name, key.documentId, image);
          return image;
        })
        .finally(() => drawing.delete(name));
      drawing.set(name, drawn);
      return drawn;
    },

    /** A deleted document's pages leave memory at once rather than when they age out. */
    forgetDocument(documentId: string): void {
      for (const [key, entry] of images) if (entry.documentId === documentId) remove(key);
    },

    stats: (): PageImageCacheStats => ({ ...stats }),
  };
}

export type PageImageCache = ReturnType<typeof createPageImageCache>;
