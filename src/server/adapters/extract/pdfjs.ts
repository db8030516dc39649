import { createRequire } from "node:module";
import path from "node:path";
import type * as PdfJsModule from "pdfjs-dist/legacy/build/pdf.mjs";

type PdfJs = typeof PdfJsModule;

const require = createRequire(import.meta.url);
const pdfjsDirectory = path.dirname(require.resolve("pdfjs-dist/package.json"));

/** Font, CMap and decoder data shipped inside pdfjs-dist: read from disk, never fetched. */
export const pdfjsAssets = {
  standardFontDataUrl: `${path.join(pdfjsDirectory, "standard_fonts")}${path.sep}`,
  cMapUrl: `${path.join(pdfjsDirectory, "cmaps")}${path.sep}`,
  wasmUrl: `${path.join(pdfjsDirectory, "wasm")}${path.sep}`,
  iccUrl: `${path.join(pdfjsDirectory, "iccs")}${path.sep}`,
};

let loading: Promise<PdfJs> | undefined;

/**
 * pdf.js (legacy build: the modern one needs newer Node APIs), loaded on first use. Its worker
 * code is loaded into this thread, so pdf.js parses in-process instead of looking for a worker file.
 */
export function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const nativePush = Array.prototype.push;
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    restoreNativePush(nativePush);
    shareTextContentChunks();
    return pdfjs;
  })();
  return loading;
}

/**
 * The legacy build bundles core-js, which on Node 20 replaces Array.prototype.push for the whole
 * thread with a JavaScript version (V8 11 does not throw when pushing nothing onto an array whose
 * length is read-only). pdf.js never depends on that corner case, and the replacement made text
 * extraction ~10% slower: every text item, operator and glyph goes through push.
 */
function restoreNativePush(nativePush: typeof Array.prototype.push): void {
  if (Array.prototype.push === nativePush) return;
  Object.defineProperty(Array.prototype, "push", { value: nativePush, writable: true, enumerable: false, configurable: true });
}

/** pdf.js's stream message kind for a chunk of data (StreamKind.ENQUEUE). */
const streamEnqueue = 4;

/**
 * pdf.js runs its "worker" in this thread and passes every message through structuredClone, as
 * if it crossed threads. For text content that copy was ~10% of text extraction: thousands of
 * small items per page. A text chunk is not touched once sent (the sender starts new items and
 * styles objects for the next one), so it is handed over with a shallow copy; everything else
 * (operator lists are reused after sending, buffers transferred) is still cloned.
 */
function shareTextContentChunks(): void {
  const clone = globalThis.structuredClone;
  if ((clone as { sharesTextContent?: boolean }).sharesTextContent) return;
  const shared = (value: unknown, options?: StructuredSerializeOptions) => {
    const message = value as { stream?: unknown; chunk?: { items?: unknown; styles?: unknown } } | null;
    const isTextChunk =
      message?.stream === streamEnqueue && Array.isArray(message.chunk?.items) && typeof message.chunk.styles === "object" && !options?.transfer?.length;
    return isTextChunk ? { ...message, chunk: { ...message.chunk } } : clone(value, options);
  };
  globalThis.structuredClone = Object.assign(shared, { sharesTextContent: true }) as typeof structuredClone;
}
