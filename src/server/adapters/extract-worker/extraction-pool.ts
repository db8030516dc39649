import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { createTesseractOcr, ExtractionError, type DocumentKind, type OcrBudget, type OcrEngine } from "../extract/index";
import { oneAtATime } from "../extract/one-at-a-time";
import type { DocumentReading, ExtractionReply, ExtractionRequest, OcrReply } from "./messages";

interface Pending {
  resolve(reading: DocumentReading): void;
  reject(error: Error): void;
  onProgress(done: number, total: number): void;
  /** What the document has shown so far: nothing yet, a page read without OCR, or a page sent to OCR. */
  reads: "unknown" | "text" | "scans";
}

interface Reader {
  process: ChildProcess;
  pending: Map<number, Pending>;
  lastHeardAt: number;
  retirement?: NodeJS.Timeout;
}

/**
 * A reader that has said nothing about its documents for this long (no page done, no OCR asked
 * for or answered) is stuck, on a file that loops pdf.js, a decoder or the OCR engine: it is
 * stopped and its documents fail and are retried, instead of staying 'processing' for ever.
 */
export const STALLED_READER_MS = 5 * 60_000;

const isSource = import.meta.url.endsWith(".ts");

// Bundled, the reader is dist/server/reader-process.js beside main.js; from source (dev,
// tests) the .ts module, loaded through tsx.
function readerEntry(): URL {
  return new URL(isSource ? "./reader-process.ts" : "./reader-process.js", import.meta.url);
}

/**
 * Documents are read in processes of their own, not in threads of this one (ADR 047): what pdf.js,
 * decoding and rendering take is given back when a reader stops, a reader that runs out of memory
 * or crashes on a hostile file takes no request down with it, and the web process's memory is its
 * own. A reader keeps this process's heap limit (package.json's start:built, ADR 046).
 */
function forkReader(entry: URL): ChildProcess {
  const heapLimit = process.execArgv.filter((option) => /^--max[-_]old[-_]space[-_]size=/.test(option));
  return fork(fileURLToPath(entry), [], {
    execArgv: [...heapLimit, ...(isSource ? ["--import", "tsx"] : [])],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
}

/**
 * Stuck: documents in hand, and nothing heard (no page done, no OCR asked for or answered) for
 * longer than `stalledReaderMs`. Waiting on OCR counts too: one page that holds the engine that
 * long is a hostile page, not a slow one.
 */
export function isStalled(reader: { documents: number; silentForMs: number }, stalledReaderMs: number): boolean {
  return reader.documents > 0 && reader.silentForMs > stalledReaderMs;
}

/**
 * A reader with no document for this long is stopped; the next document starts a new one. A
 * reader keeps the memory its largest document needed (pdf.js's heap, decoded pages): the dev
 * contracts once left two reading threads holding ~800 MB long after they were read, and under the
 * load bench two idle ones still held ~130 MB through a minute of requests. Starting one again
 * costs a few tenths of a second, against seconds of reading.
 */
export const IDLE_READER_MS = 10_000;

/**
 * A document that would start a reader first waits, at most this long, for the busy readers to
 * show what they read (a page done, or a page sent to OCR): scans go to the reader already
 * reading scans. Their pace is the OCR engine's, which every reader shares, so a second reader
 * would add its memory (~130 MB) and nothing else; text reads faster in a reader of its own. The
 * bound covers a reader that is still starting (loading pdf.js) on a busy machine.
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

/** Two readers on a machine with two cores or more: two documents extract side by side. */
export const defaultReaders = Math.max(1, Math.min(2, availableParallelism()));

/**
 * Reading documents in reader processes: up to `readers` at a time, a document in each (a reader
 * starts when a document finds none free; one that dies is replaced by the next document); an
 * ExtractionError crosses back as one. OCR for every reader goes through one engine here, so
 * there is one set of Tesseract workers however many readers run.
 */
export function createExtractionPool(
  options: {
    readers?: number;
    ocr?: OcrEngine;
    ocrBudget?: OcrBudget;
    stalledReaderMs?: number;
    idleReaderMs?: number;
    readerEntry?: URL;
    /** What counts as a large document (default LARGE_DOCUMENT_BYTES, LARGE_IMAGE_PIXELS). */
    large?: { bytes: number; pixels: number };
  } = {},
) {
  const maxReaders = Math.max(1, Math.floor(options.readers ?? defaultReaders));
  const ocr = options.ocr ?? createTesseractOcr({ workers: 2 });
  const stalledReaderMs = options.stalledReaderMs ?? STALLED_READER_MS;
  const idleReaderMs = options.idleReaderMs ?? IDLE_READER_MS;
  const readers: Reader[] = [];
  let nextId = 1;

  const watchdog = setInterval(stopStalledReaders, Math.min(10_000, stalledReaderMs / 4));
  watchdog.unref();

  function stopStalledReaders(): void {
    for (const reader of readers) {
      if (!isStalled({ documents: reader.pending.size, silentForMs: Date.now() - reader.lastHeardAt }, stalledReaderMs)) continue;
      const error = new Error(`Reading the document stopped responding for ${Math.round(stalledReaderMs / 1000)} s; its reader was stopped.`);
      for (const request of reader.pending.values()) request.reject(error);
      reader.pending.clear();
      stop(reader);
    }
  }

  /** Takes a reader out of the pool, so no document is given to it any more. */
  function forget(reader: Reader): void {
    clearTimeout(reader.retirement);
    const index = readers.indexOf(reader);
    if (index >= 0) readers.splice(index, 1);
    signal();
  }

  function stop(reader: Reader): void {
    forget(reader);
    reader.process.kill("SIGKILL");
  }

  /** A message to a reader; one that has exited takes none (its documents have already failed). */
  function send(reader: Reader, message: ExtractionRequest | OcrReply | "close"): void {
    if (reader.process.connected) reader.process.send(message);
  }

  /** A reader left without documents is stopped after idleReaderMs unless one arrives first (dispatch cancels this). */
  function retireWhenIdle(reader: Reader): void {
    if (reader.pending.size > 0) return;
    clearTimeout(reader.retirement);
    reader.retirement = setTimeout(() => stop(reader), idleReaderMs);
    reader.retirement.unref();
  }

  function answerOcr(reader: Reader, ocrId: number, image: Uint8Array, dpi: number): void {
    const reply = (message: OcrReply) => {
      reader.lastHeardAt = Date.now();
      send(reader, message);
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

  function startReader(): Reader {
    const reader: Reader = { process: forkReader(options.readerEntry ?? readerEntry()), pending: new Map(), lastHeardAt: Date.now() };
    const failAll = (error: Error) => {
      for (const request of reader.pending.values()) request.reject(error);
      reader.pending.clear();
    };
    reader.process.on("message", (reply: ExtractionReply) => {
      reader.lastHeardAt = Date.now();
      const request = reader.pending.get(reply.id);
      if (request) learnWhatItReads(request, reply);
      // A page of a document already failed here (its reader is being stopped) takes no OCR.
      if (reply.type === "ocr") return request ? answerOcr(reader, reply.ocrId, reply.image, reply.dpi) : undefined;
      if (!request) return;
      if (reply.type === "progress") return request.onProgress(reply.done, reply.total);
      reader.pending.delete(reply.id);
      retireWhenIdle(reader);
      signal();
      if (reply.type === "done") request.resolve(reply.reading);
      else request.reject(reply.reason ? new ExtractionError(reply.reason, reply.message) : new Error(reply.message));
    });
    // Not started, or no longer reachable: its documents fail and the next one starts another reader.
    reader.process.on("error", (error) => {
      failAll(error);
      stop(reader);
    });
    reader.process.on("exit", (code, exitSignal) => {
      forget(reader);
      if (reader.pending.size > 0) failAll(new Error(`The document reader stopped (${code === null ? `signal ${exitSignal}` : `exit code ${code}`}).`));
    });
    // A reader keeps nothing alive: the process ends when its own work does.
    reader.process.unref();
    reader.process.channel?.unref();
    readers.push(reader);
    return reader;
  }

  /** Documents waiting to see what the busy readers read, woken by any reader's first word on a document or its exit. */
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

  const readsScans = (reader: Reader) => [...reader.pending.values()].some((request) => request.reads === "scans");
  const readsText = (reader: Reader) => [...reader.pending.values()].every((request) => request.reads === "text");

  /**
   * An idle reader; else the reader reading scans; else a new one while under the limit, once
   * every busy reader has shown it reads text or `waitUntil` has passed; else the least busy.
   * Undefined: wait for the busy readers to say more. Readers start only when documents overlap,
   * so a process that reads one document at a time keeps one reader's memory, and scans keep one
   * however many come.
   */
  function chooseReader(waitUntil: number): Reader | undefined {
    const idle = readers.find((reader) => reader.pending.size === 0);
    if (idle) return idle;
    const scanning = readers.find(readsScans);
    if (scanning) return scanning;
    if (readers.length >= maxReaders) return readers.reduce((least, reader) => (reader.pending.size < least.pending.size ? reader : least));
    if (readers.every(readsText) || Date.now() >= waitUntil) return startReader();
    return undefined;
  }

  async function dispatch(bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void): Promise<DocumentReading> {
    const waitUntil = Date.now() + FIRST_PAGE_WAIT_MS;
    for (;;) {
      if (closed) throw new Error("The extraction pool is closed.");
      const reader = chooseReader(waitUntil);
      if (reader) return give(reader, nextId++, bytes, kind, onProgress);
      await nextSignal(waitUntil - Date.now());
    }
  }

  /** Hands a document to `reader`; called in the same turn the reader was chosen, so no other document can take it meanwhile. */
  function give(
    reader: Reader,
    id: number,
    bytes: Uint8Array,
    kind: DocumentKind,
    onProgress: (done: number, total: number) => void,
  ): Promise<DocumentReading> {
    return new Promise<DocumentReading>((resolve, reject) => {
      clearTimeout(reader.retirement);
      if (reader.pending.size === 0) reader.lastHeardAt = Date.now();
      reader.pending.set(id, { resolve, reject, onProgress, reads: "unknown" });
      const request: ExtractionRequest = { id, bytes, kind, ocrBudget: options.ocrBudget };
      send(reader, request);
    });
  }

  /** Once closed, no document is taken and none starts a reader. */
  let closed = false;

  /** Large documents read one at a time, in the order they came; the rest read beside them. */
  const readLargeInTurn = oneAtATime();

  return {
    async read(bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void): Promise<DocumentReading> {
      if (!(await isLargeDocument(bytes, kind, options.large))) return dispatch(bytes, kind, onProgress);
      return readLargeInTurn(() => dispatch(bytes, kind, onProgress));
    },
    /** How many readers are running now. */
    get readerCount(): number {
      return readers.length;
    },
    async close(): Promise<void> {
      closed = true;
      signal();
      clearInterval(watchdog);
      for (const reader of readers) clearTimeout(reader.retirement);
      await Promise.all(
        [...readers].map(async (reader) => {
          const { process: child } = reader;
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once("exit", resolve));
          send(reader, "close");
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
          child.kill("SIGKILL");
        }),
      );
      await ocr.close();
    },
  };
}
