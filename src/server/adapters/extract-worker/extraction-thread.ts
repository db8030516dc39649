import { parentPort } from "node:worker_threads";
import { createTesseractOcr, extractDocument, ExtractionError } from "../extract/index";
import type { ExtractionReply, ExtractionRequest } from "./messages";

/** Runs in a worker thread: pdf.js parsing, rasterising and OCR stay off the web process's event loop. */
const port = parentPort;
if (!port) throw new Error("extraction-thread must run in a worker thread");
// pdf.js inflates every compressed stream through DecompressionStream when it exists; in Node
// each one then costs several async hops through web streams, and text extraction runs ~10–15%
// slower than with pdf.js's own synchronous inflater. Only pdf.js runs in this thread.
Reflect.deleteProperty(globalThis, "DecompressionStream");
const ocr = createTesseractOcr({ workers: 2 });
const send = (reply: ExtractionReply) => port.postMessage(reply);

port.on("message", async (request: ExtractionRequest | "close") => {
  if (request === "close") {
    await ocr.close();
    port.close();
    return;
  }
  try {
    const result = await extractDocument(request.bytes, request.kind, {
      ocr,
      onProgress: (done, total) => send({ id: request.id, type: "progress", done, total }),
    });
    send({ id: request.id, type: "done", result });
  } catch (error) {
    const reason = error instanceof ExtractionError ? error.reason : undefined;
    send({ id: request.id, type: "failed", message: error instanceof Error ? error.message : String(error), reason });
  }
});
