import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { createTesseractOcr, ExtractionError, type DocumentKind, type OcrBudget, type OcrEngine } from "../extract/index";
import type { DocumentReading, ExtractionReply, ExtractionRequest, OcrReply } from "./messages";

interface Pending {
  resolve(reading: DocumentReading): void;
  reject(error: Error): void;
  onProgress(done: number, total: number): void;
  /** What the document has shown so far: nothing yet, a page read without OCR, or a page sent to OCR. */
  reads: "unknown" | "text" | "scans";
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
 * contracts left two threads holding ~800 MB of the process's RSS long after they were read, and
 * under the load bench two idle threads still held ~130 MB through a minute of requests. Starting
 * one again costs about a tenth of a second, against seconds of reading.
 */
export const IDLE_THREAD_MS = 10_000;

/**
 * A document that would start a thread first waits, at most this long, for the busy threads to
 * show what they read (a page done, or a page sent to OCR): scans go to the thread already
 * reading scans. Their pace is the OCR engine's, which every thread shares, so a second thread
 * would add its memory (~130 MB) and nothing else; text reads faster on a thread of its own. The
 * bound covers a thread that is still starting (loading pdf.js) on a busy machine.
 */
export const FIRST_PAGE_WAIT_MS = 3_000;

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

  /** A page sent to OCR makes the document a scan for good; a page done before that, text. */
  function learnWhatItReads(request: Pending, reply: ExtractionReply): void {
    const reads = reply.type === "ocr" ? "scans" : reply.type === "progress" ? "text" : undefined;
    if (!reads || request.reads === reads || request.reads === "scans") return;
    request.reads = reads;
    signal();
  }

  function startThread(): Thread {
    const thread: Thread = { worker: new Worker(options.threadEntry ?? threadEntry()), pending: new Map(), lastHeardAt: Date.now() };
    const failAll = (error: Error) => {
      for (const request of thread.pending.values()) request.reject(error);
      thread.pending.clear();
    };
    thread.worker.on("message", (reply: ExtractionReply) => {
      thread.lastHeardAt = Date.now();
      const request = thread.pending.get(reply.id);
      if (request) learnWhatItReads(request, reply);
      if (reply.type === "ocr") return answerOcr(thread, reply.ocrId, reply.image, reply.dpi);
      if (!request) return;
      if (reply.type === "progress") return request.onProgress(reply.done, reply.total);
      thread.pending.delete(reply.id);
      retireWhenIdle(thread);
      signal();
      if (reply.type === "done") request.resolve(reply.reading);
      else request.reject(reply.reason ? new ExtractionError(reply.reason, reply.message) : new Error(reply.message));
    });
    thread.worker.on("error", (error) => failAll(error));
    thread.worker.on("exit", (code) => {
      forget(thread);
      if (thread.pending.size > 0) failAll(new Error(`The extraction thread stopped (exit code ${code}).`));
      signal();
    });
    thread.worker.unref();
    threads.push(thread);
    return thread;
  }

  /** Documents waiting to see what the busy threads read, woken by any thread's first word on a document or its exit. */
  const waiting = new Set<() => void>();
  function signal(): void {
    for (const wake of waiting) wake();
    waiting.clear();
  }
  function nextSignal(withinMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, withinMs);
      waiting.add(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  const readsScans = (thread: Thread) => [...thread.pending.values()].some((request) => request.reads === "scans");
  const readsText = (thread: Thread) => [...thread.pending.values()].every((request) => request.reads === "text");

  /**
   * An idle thread; else the thread reading scans; else a new one while under the limit, once
   * every busy thread has shown it reads text or `waitUntil` has passed; else the least busy.
   * Undefined: wait for the busy threads to say more. Threads start only when documents overlap,
   * so a process that reads one document at a time keeps one thread's memory, and scans keep one
   * however many come.
   */
  function chooseThread(waitUntil: number): Thread | undefined {
    const idle = threads.find((thread) => thread.pending.size === 0);
    if (idle) return idle;
    const scanning = threads.find(readsScans);
    if (scanning) return scanning;
    if (threads.length >= maxThreads) return threads.reduce((least, thread) => (thread.pending.size < least.pending.size ? thread : least));
    if (threads.every(readsText) || Date.now() >= waitUntil) return startThread();
    return undefined;
  }

  async function dispatch(bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void): Promise<DocumentReading> {
    const id = nextId++;
    const waitUntil = Date.now() + FIRST_PAGE_WAIT_MS;
    let thread = chooseThread(waitUntil);
    while (!thread) {
      await nextSignal(waitUntil - Date.now());
      thread = chooseThread(waitUntil);
    }
    return give(thread, id, bytes, kind, onProgress);
  }

  /** Hands a document to `thread`; called in the same turn the thread was chosen, so no other document can take it meanwhile. */
  function give(
    thread: Thread,
    id: number,
    bytes: Uint8Array,
    kind: DocumentKind,
    onProgress: (done: number, total: number) => void,
  ): Promise<DocumentReading> {
    return new Promise<DocumentReading>((resolve, reject) => {
      clearTimeout(thread.retirement);
      if (thread.pending.size === 0) thread.lastHeardAt = Date.now();
      thread.pending.set(id, { resolve, reject, onProgress, reads: "unknown" });
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
