import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { createTesseractOcr, ExtractionError, type DocumentKind, type OcrBudget, type OcrEngine } from "../extract/index";
import type { DocumentReading, ExtractionReply, ExtractionRequest, OcrReply } from "./messages";

interface Pending {
  resolve(reading: DocumentReading): void;
  reject(error: Error): void;
  onProgress(done: number, total: number): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
  lastHeardAt: number;
  retirement?: NodeJS.Timeout;
}

/**
 * A thread reading documents that has said nothing for this long (no page done, no OCR asked
 * for or answered) is stuck, on a file that loops pdf.js, a decoder or the OCR engine: it is
 * stopped and its documents fail and are retried, instead of staying 'processing' for ever.
 */
export const STALLED_THREAD_MS = 5 * 60_000;

// Bundled, the thread is dist/server/extraction-thread.js beside main.js; from source (dev,
// tests) a small bootstrap registers tsx and loads the .ts module.
function threadEntry(): URL {
  const isSource = import.meta.url.endsWith(".ts");
  return new URL(isSource ? "./source-thread.mjs" : "./extraction-thread.js", import.meta.url);
}

/**
 * Stuck: documents in hand, and nothing heard (no page done, no OCR asked for or answered) for
 * longer than `stalledThreadMs`. Waiting on OCR counts too: one page that holds the engine that
 * long is a hostile page, not a slow one.
 */
export function isStalled(thread: { documents: number; silentForMs: number }, stalledThreadMs: number): boolean {
  return thread.documents > 0 && thread.silentForMs > stalledThreadMs;
}

/**
 * A thread with no document for this long is stopped; the next document starts a new one. A
 * thread keeps the memory its largest document needed (pdf.js's heap, decoded pages): the dev
 * contracts left two threads holding ~800 MB of the process's RSS long after they were read.
 */
export const IDLE_THREAD_MS = 60_000;

/** A file at least this large reads only when no other large one is being read (two at once would double the peak memory). */
export const LARGE_DOCUMENT_BYTES = 16 * 1024 * 1024;
/** So does an image with a page of at least this many pixels (decoded, it takes that many bytes several times over). */
export const LARGE_IMAGE_PIXELS = 20_000_000;

const imageKinds = new Set<DocumentKind>(["png", "jpeg", "webp", "tiff"]);

/** Whether a document is large enough to read alone among large ones: by its size, and for images by the pixels their header declares (nothing decoded). */
export async function isLargeDocument(
  bytes: Uint8Array,
  kind: DocumentKind,
  limits = { bytes: LARGE_DOCUMENT_BYTES, pixels: LARGE_IMAGE_PIXELS },
): Promise<boolean> {
  if (bytes.byteLength >= limits.bytes) return true;
  if (!imageKinds.has(kind)) return false;
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  return (header?.width ?? 0) * (header?.pageHeight ?? header?.height ?? 0) >= limits.pixels;
}

/** Two threads on a machine with two cores or more: two documents extract side by side. */
export const defaultExtractionThreads = Math.max(1, Math.min(2, availableParallelism()));

/**
 * Reading documents in worker threads: up to `threads` documents at a time, each in a thread of
 * its own (a thread starts when a document finds none free; one that dies is replaced by the
 * next document); an ExtractionError crosses back as one. OCR for every thread goes through one
 * engine here, so there is one set of Tesseract workers however many threads run.
 */
export function createExtractionPool(
  options: {
    threads?: number;
    ocr?: OcrEngine;
    ocrBudget?: OcrBudget;
    stalledThreadMs?: number;
    idleThreadMs?: number;
    threadEntry?: URL;
    /** What counts as a large document (default LARGE_DOCUMENT_BYTES, LARGE_IMAGE_PIXELS). */
    large?: { bytes: number; pixels: number };
  } = {},
) {
  const maxThreads = Math.max(1, Math.floor(options.threads ?? defaultExtractionThreads));
  const ocr = options.ocr ?? createTesseractOcr({ workers: 2 });
  const stalledThreadMs = options.stalledThreadMs ?? STALLED_THREAD_MS;
  const idleThreadMs = options.idleThreadMs ?? IDLE_THREAD_MS;
  const threads: Thread[] = [];
  let nextId = 1;

  const watchdog = setInterval(stopStalledThreads, Math.min(10_000, stalledThreadMs / 4));
  watchdog.unref();

  function stopStalledThreads(): void {
    for (const thread of threads) {
      if (!isStalled({ documents: thread.pending.size, silentForMs: Date.now() - thread.lastHeardAt }, stalledThreadMs)) continue;
      const error = new Error(`Reading the document stopped responding for ${Math.round(stalledThreadMs / 1000)} s; its thread was stopped.`);
      for (const request of thread.pending.values()) request.reject(error);
      thread.pending.clear();
      stop(thread);
    }
  }

  /** Takes a thread out of the pool, so no document is given to it any more. */
  function forget(thread: Thread): void {
    clearTimeout(thread.retirement);
    const index = threads.indexOf(thread);
    if (index >= 0) threads.splice(index, 1);
  }

  function stop(thread: Thread): void {
    forget(thread);
    void thread.worker.terminate();
  }

  /** A thread left without documents is stopped after idleThreadMs unless one arrives first (dispatch cancels this). */
  function retireWhenIdle(thread: Thread): void {
    if (thread.pending.size > 0) return;
    clearTimeout(thread.retirement);
    thread.retirement = setTimeout(() => stop(thread), idleThreadMs);
    thread.retirement.unref();
  }

  function answerOcr(thread: Thread, ocrId: number, image: Uint8Array, dpi: number): void {
    const reply = (message: OcrReply) => {
      thread.lastHeardAt = Date.now();
      thread.worker.postMessage(message);
    };
    ocr.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), dpi).then(
      (result) => reply({ type: "ocr-result", ocrId, result }),
      (error: unknown) => reply({ type: "ocr-failed", ocrId, message: error instanceof Error ? error.message : String(error) }),
    );
  }

  function startThread(): Thread {
    const thread: Thread = { worker: new Worker(options.threadEntry ?? threadEntry()), pending: new Map(), lastHeardAt: Date.now() };
    const failAll = (error: Error) => {
      for (const request of thread.pending.values()) request.reject(error);
      thread.pending.clear();
    };
    thread.worker.on("message", (reply: ExtractionReply) => {
      thread.lastHeardAt = Date.now();
      if (reply.type === "ocr") return answerOcr(thread, reply.ocrId, reply.image, reply.dpi);
      const request = thread.pending.get(reply.id);
      if (!request) return;
      if (reply.type === "progress") return request.onProgress(reply.done, reply.total);
      thread.pending.delete(reply.id);
      retireWhenIdle(thread);
      if (reply.type === "done") request.resolve(reply.reading);
      else request.reject(reply.reason ? new ExtractionError(reply.reason, reply.message) : new Error(reply.message));
    });
    thread.worker.on("error", (error) => failAll(error));
    thread.worker.on("exit", (code) => {
      forget(thread);
      if (thread.pending.size > 0) failAll(new Error(`The extraction thread stopped (exit code ${code}).`));
    });
    thread.worker.unref();
    threads.push(thread);
    return thread;
  }

  /**
   * An idle thread, else a new one while under the limit, else the least busy. Threads start
   * only when documents overlap, so a process that reads one document at a time keeps one
   * thread's memory.
   */
  function pickThread(): Thread {
    const idle = threads.find((thread) => thread.pending.size === 0);
    if (idle) return idle;
    if (threads.length < maxThreads) return startThread();
    return threads.reduce((least, thread) => (thread.pending.size < least.pending.size ? thread : least));
  }

  function dispatch(bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void): Promise<DocumentReading> {
    const id = nextId++;
    return new Promise<DocumentReading>((resolve, reject) => {
      const thread = pickThread();
      clearTimeout(thread.retirement);
      if (thread.pending.size === 0) thread.lastHeardAt = Date.now();
      thread.pending.set(id, { resolve, reject, onProgress });
      const copy = new Uint8Array(bytes);
      const request: ExtractionRequest = { id, bytes: copy, kind, ocrBudget: options.ocrBudget };
      thread.worker.postMessage(request, [copy.buffer]);
    });
  }

  /** Large documents read one at a time, in the order they came; the rest read beside them. */
  let largeTurn: Promise<unknown> = Promise.resolve();

  return {
    async read(bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void): Promise<DocumentReading> {
      if (!(await isLargeDocument(bytes, kind, options.large))) return dispatch(bytes, kind, onProgress);
      const previous = largeTurn;
      const reading = previous.then(() => dispatch(bytes, kind, onProgress));
      largeTurn = reading.catch(() => undefined);
      return reading;
    },
    /** How many threads are running now. */
    get threadCount(): number {
      return threads.length;
    },
    async close(): Promise<void> {
      clearInterval(watchdog);
      for (const thread of threads) clearTimeout(thread.retirement);
      await Promise.all(
        [...threads].map(async ({ worker }) => {
          const exited = new Promise((resolve) => worker.once("exit", resolve));
          worker.postMessage("close");
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
          await worker.terminate();
        }),
      );
      await ocr.close();
    },
  };
}
