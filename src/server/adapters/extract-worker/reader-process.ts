import { chunkClauses } from "../../../core/documents/chunking";
import { outlineOf, structureDocument } from "../../../core/documents/structure";
import { runInBackground } from "../extract/background-priority";
import { extractDocument, ExtractionError, type OcrEngine, type OcrResult } from "../extract/index";
import { loadPdfJs } from "../extract/pdfjs";
import type { ExtractionReply, ExtractionRequest, OcrReply } from "./messages";

/** Runs in a process of its own, started by the extraction pool: pdf.js parsing, rasterising and structuring stay out of the web process (ADR 047). */
if (!process.send) throw new Error("reader-process must be started by the extraction pool (child_process.fork)");
runInBackground(process.pid);
// The pool gone (stopped or crashed), nothing can ask for or take a reading: stop.
process.on("disconnect", () => process.exit(0));
// Ctrl-C in a terminal or a service manager's stop reaches the whole process group: the reader
// finishes the documents in hand while its starter stops gracefully, and ends when the starter
// closes the pool or goes away (above).
for (const stopSignal of ["SIGINT", "SIGTERM"] as const) process.on(stopSignal, () => undefined);
// pdf.js inflates every compressed stream through DecompressionStream when it exists; in Node
// each one then costs several async hops through web streams, and text extraction runs ~10–15%
// slower than with pdf.js's own synchronous inflater. Only pdf.js runs in this reader.
Reflect.deleteProperty(globalThis, "DecompressionStream");
// Load pdf.js now rather than with the first document (most documents are PDFs).
void loadPdfJs().catch(() => undefined);
const send = (reply: ExtractionReply) => process.send?.(reply);

// OCR runs in the parent's engine, which every extraction reader shares: its Tesseract workers
// (and their memory) exist once per process, however many readers extract.
let nextOcrId = 1;
const ocrWaiting = new Map<number, { resolve(result: OcrResult): void; reject(error: Error): void }>();
/** The parent's engine, for the pages of document `id` (the pool learns from them that the document is a scan). */
const ocrFor = (id: number): OcrEngine => ({
  recognize(image, dpi) {
    const ocrId = nextOcrId++;
    return new Promise<OcrResult>((resolve, reject) => {
      ocrWaiting.set(ocrId, { resolve, reject });
      send({ id, type: "ocr", ocrId, image, dpi });
    });
  },
  close: async () => undefined,
});

async function extract(request: ExtractionRequest): Promise<void> {
  try {
    const extraction = await extractDocument(request.bytes, request.kind, {
      ocr: ocrFor(request.id),
      ocrBudget: request.ocrBudget,
      onProgress: (done, total) => send({ id: request.id, type: "progress", done, total }),
    });
    const clauses = structureDocument(extraction.pages);
    send({ id: request.id, type: "done", reading: { extraction, outline: outlineOf(clauses), chunks: chunkClauses(clauses) } });
  } catch (error) {
    const reason = error instanceof ExtractionError ? error.reason : undefined;
    send({ id: request.id, type: "failed", message: error instanceof Error ? error.message : String(error), reason });
  }
}

process.on("message", (message: ExtractionRequest | OcrReply | "close") => {
  if (message === "close") {
    // Not process.disconnect(): called from a message Node replays (one sent before this listener
    // existed), it throws inside Node.
    process.exit(0);
  }
  if ("ocrId" in message) {
    const waiting = ocrWaiting.get(message.ocrId);
    ocrWaiting.delete(message.ocrId);
    if (message.type === "ocr-result") waiting?.resolve(message.result);
    else waiting?.reject(new Error(message.message));
    return;
  }
  void extract(message);
});
