import { Worker } from "node:worker_threads";
import { ExtractionError, type DocumentKind, type ExtractionResult } from "../extract/index";
import type { ExtractionReply, ExtractionRequest } from "./messages";

interface Pending {
  resolve(result: ExtractionResult): void;
  reject(error: Error): void;
  onProgress(done: number, total: number): void;
}

// Bundled, the thread is dist/server/extraction-thread.js beside main.js; from source (dev,
// tests) a small bootstrap registers tsx and loads the .ts module.
function threadEntry(): URL {
  const isSource = import.meta.url.endsWith(".ts");
  return new URL(isSource ? "./source-thread.mjs" : "./extraction-thread.js", import.meta.url);
}

/**
 * Text extraction in a worker thread, one document at a time per pool. The thread starts on
 * first use and is restarted if it dies; an ExtractionError crosses back as one.
 */
export function createExtractionPool() {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error): void {
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  }

  function ensureWorker(): Worker {
    if (worker) return worker;
    const started = new Worker(threadEntry());
    started.on("message", (reply: ExtractionReply) => {
      const request = pending.get(reply.id);
      if (!request) return;
      if (reply.type === "progress") return request.onProgress(reply.done, reply.total);
      pending.delete(reply.id);
      if (reply.type === "done") request.resolve(reply.result);
      else request.reject(reply.reason ? new ExtractionError(reply.reason, reply.message) : new Error(reply.message));
    });
    started.on("error", (error) => failAll(error));
    started.on("exit", (code) => {
      worker = undefined;
      if (pending.size > 0) failAll(new Error(`The extraction thread stopped (exit code ${code}).`));
    });
    started.unref();
    worker = started;
    return started;
  }

  return {
    extract(bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void): Promise<ExtractionResult> {
      const id = nextId++;
      return new Promise<ExtractionResult>((resolve, reject) => {
        pending.set(id, { resolve, reject, onProgress });
        const copy = new Uint8Array(bytes);
        const request: ExtractionRequest = { id, bytes: copy, kind };
        ensureWorker().postMessage(request, [copy.buffer]);
      });
    },
    async close(): Promise<void> {
      const running = worker;
      if (!running) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.postMessage("close");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      await running.terminate();
    },
  };
}
