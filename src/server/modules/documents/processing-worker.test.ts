import pino from "pino";
import { describe, expect, it } from "vitest";
import type { DocumentPipeline } from "./document-pipeline";
import type { ClaimedJob, ProcessingQueue } from "./processing-queue";
import { startProcessingWorker } from "./processing-worker";

function fakeQueue(jobs: ClaimedJob[]) {
  const completed: string[] = [];
  const queue = {
    claim: async () => jobs.shift(),
    heartbeat: async () => true,
    complete: async (jobId: string) => {
      completed.push(jobId);
      return true;
    },
    scheduleRetry: async () => undefined,
    fail: async () => undefined,
  } as unknown as ProcessingQueue;
  return { queue, completed };
}

const job = (id: string): ClaimedJob => ({ id, documentId: `doc-${id}`, attempts: 1, maxAttempts: 3 });

describe("processing worker", () => {
  it("runs up to `concurrency` jobs at once and takes the next as soon as one ends", async () => {
    const { queue, completed } = fakeQueue([job("a"), job("b"), job("c")]);
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const pipeline: DocumentPipeline = (documentId) =>
      new Promise<void>((resolve) => {
        started.push(documentId);
        finish.set(documentId, resolve);
      });
    const worker = startProcessingWorker({ queue, pipeline, logger: pino({ level: "silent" }), leaseSeconds: 60, pollIntervalMs: 10, onDocumentChanged: async () => undefined, concurrency: 2 });
    await expect.poll(() => started).toEqual(["doc-a", "doc-b"]);
    finish.get("doc-b")!();
    await expect.poll(() => started).toEqual(["doc-a", "doc-b", "doc-c"]);
    expect(completed).toEqual(["b"]);
    finish.get("doc-a")!();
    finish.get("doc-c")!();
    await expect.poll(() => completed.length).toBe(3);
    await worker.stop();
  });

  it("waits for the jobs in hand when stopped", async () => {
    const { queue, completed } = fakeQueue([job("a")]);
    let release: (() => void) | undefined;
    const pipeline: DocumentPipeline = () => new Promise<void>((resolve) => (release = resolve));
    const worker = startProcessingWorker({ queue, pipeline, logger: pino({ level: "silent" }), leaseSeconds: 60, pollIntervalMs: 10, onDocumentChanged: async () => undefined });
    await expect.poll(() => release).toBeDefined();
    const stopped = worker.stop();
    expect(completed).toEqual([]);
    release!();
    await stopped;
    expect(completed).toEqual(["a"]);
  });
});
