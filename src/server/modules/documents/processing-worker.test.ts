import pino from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DocumentPipeline } from "./document-pipeline";
import type { ClaimedJob, ProcessingQueue } from "./processing-queue";
import { startProcessingWorker, throttleProgress, type JobProgress, type WorkerDeps } from "./processing-worker";

function fakeQueue(jobs: ClaimedJob[]) {
  const completed: string[] = [];
  const queue = {
    claim: async () => jobs.shift(),
    heartbeat: async () => true,
    complete: async (jobId: string) => {
      completed.push(jobId);
      return true;
    },
    scheduleRetry: async () => true,
    fail: async () => true,
  } as unknown as ProcessingQueue;
  return { queue, completed };
}

const job = (id: string, overrides: Partial<ClaimedJob> = {}): ClaimedJob => ({
  id,
  documentId: `doc-${id}`,
  userId: "owner",
  attempts: 1,
  maxAttempts: 3,
  isReprocess: false,
  ...overrides,
});

function startTestWorker(queue: ProcessingQueue, pipeline: DocumentPipeline, options: Partial<WorkerDeps> = {}) {
  return startProcessingWorker({
    queue,
    pipeline,
    logger: pino({ level: "silent" }),
    leaseSeconds: 60,
    pollIntervalMs: 10,
    onDocumentChanged: async () => undefined,
    ...options,
  });
}

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
    const worker = startTestWorker(queue, pipeline, { concurrency: 2 });
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
    const worker = startTestWorker(queue, pipeline);
    await expect.poll(() => release).toBeDefined();
    const stopped = worker.stop();
    expect(completed).toEqual([]);
    release!();
    await stopped;
    expect(completed).toEqual(["a"]);
  });
});

describe("processing worker failures", () => {
  const unreadable = Object.assign(new Error("The PDF is protected by a password."), { isPermanent: true });

  it.each([
    ["a failure of the file", job("file"), unreadable, [["doc-file", false]], "The PDF is protected by a password."],
    [
      "a failure of ours after the last attempt",
      job("ours", { attempts: 3 }),
      new Error("worker thread died"),
      [["doc-ours", true]],
      "Processing failed. Please retry; if it keeps failing, contact support.",
    ],
    [
      "a worker that died on every attempt",
      job("crashed", { attempts: 4 }),
      undefined,
      [["doc-crashed", true]],
      "Processing stopped unexpectedly several times. Please retry or contact support.",
    ],
    [
      "a failed reprocess, whatever the cause",
      job("again", { isReprocess: true, attempts: 3 }),
      new Error("worker thread died"),
      [],
      "Please reprocess it again; if it keeps failing, contact support.",
    ],
    [
      "a reprocess whose worker died on every attempt",
      job("again", { isReprocess: true, attempts: 4 }),
      undefined,
      [],
      "It stopped unexpectedly several times. Please reprocess it again or contact support.",
    ],
  ])(
    "after %s, reports the documents that failed for good and whether by our fault (billing refunds those), and tells the owner what to do",
    async (_, claimed, error, expected, reason) => {
      const { queue } = fakeQueue([claimed]);
      const failed: [string, string][] = [];
      queue.fail = async (failedJob, _workerId, failedReason) => Boolean(failed.push([failedJob.id, failedReason]));
      const reported: [string, boolean][] = [];
      const pipeline: DocumentPipeline = async () => {
        throw error;
      };
      const worker = startTestWorker(queue, pipeline, { onFailed: async (documentId, isOurFault) => void reported.push([documentId, isOurFault]) });
      await expect.poll(() => failed).toEqual([[claimed.id, reason]]);
      await worker.stop();
      expect(reported).toEqual(expected);
    },
  );
});

describe("processing worker progress", () => {
  it("announces a job's start and end to its owner, and a burst of progress as one write and one announcement", async () => {
    const { queue, completed } = fakeQueue([job("a")]);
    const heartbeats: JobProgress[] = [];
    queue.heartbeat = async (_jobId, _workerId, progress) => Boolean(heartbeats.push(progress));
    const announced: ClaimedJob[] = [];
    const pipeline: DocumentPipeline = async (_documentId, report) => {
      for (let done = 1; done <= 50; done += 1) await report("extract", done, 50);
      await report("index", 50, 50);
    };
    const worker = startTestWorker(queue, pipeline, { progressIntervalMs: 60_000, onDocumentChanged: async (changed) => void announced.push(changed) });
    await expect.poll(() => completed).toEqual(["a"]);
    await worker.stop();
    expect(heartbeats).toEqual([{ stage: "extract", done: 1, total: 50 }]);
    expect(announced.map((changed) => changed.userId)).toEqual(["owner", "owner", "owner"]);
  });
});

describe("progress throttle", () => {
  afterEach(() => vi.useRealTimers());
  const extract = (done: number): JobProgress => ({ stage: "extract", done, total: 10 });

  it("writes the first report at once, then at most one per interval: the latest, when the interval is up", async () => {
    vi.useFakeTimers();
    const written: JobProgress[] = [];
    const progress = throttleProgress(async (reported) => void written.push(reported), 250);
    await progress.report(extract(1));
    for (const done of [2, 3, 4]) await progress.report(extract(done));
    expect(written).toEqual([extract(1)]);
    await vi.advanceTimersByTimeAsync(250);
    expect(written).toEqual([extract(1), extract(4)]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toHaveLength(2);
    await progress.report({ stage: "index", done: 0, total: 10 });
    expect(written.at(-1)).toEqual({ stage: "index", done: 0, total: 10 });
  });

  it("drops what is still waiting when settled, after the write in flight is done", async () => {
    vi.useFakeTimers();
    const written: JobProgress[] = [];
    let finishWrite: (() => void) | undefined;
    const progress = throttleProgress((reported) => new Promise<void>((resolve) => (finishWrite = () => resolve(void written.push(reported)))), 250);
    const first = progress.report(extract(1));
    await progress.report(extract(2));
    let settled = false;
    const settling = progress.settle().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    finishWrite!();
    await Promise.all([first, settling]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(written).toEqual([extract(1)]);
  });
});
