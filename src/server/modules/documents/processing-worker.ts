import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Logger } from "pino";
import { outcomeAfterFailure } from "../../../core/documents/job-retry";
import type { DocumentPipeline } from "./document-pipeline";
import type { ClaimedJob, ProcessingQueue } from "./processing-queue";

export interface PermanentFailure {
  isPermanent: true;
  message: string;
}

/** Errors that retrying cannot fix (encrypted, corrupt, empty files) say so. */
export function isPermanentFailure(error: unknown): error is PermanentFailure {
  return typeof error === "object" && error !== null && (error as { isPermanent?: unknown }).isPermanent === true;
}

/**
 * What a failure tells the owner to do: a failed document shows Retry; a failed reprocess leaves
 * its document completed (the library says it kept its earlier passages), to be reprocessed again.
 */
const failureMessages = {
  process: {
    transient: "Processing failed. Please retry; if it keeps failing, contact support.",
    repeatedCrash: "Processing stopped unexpectedly several times. Please retry or contact support.",
  },
  reprocess: {
    transient: "Please reprocess it again; if it keeps failing, contact support.",
    repeatedCrash: "It stopped unexpectedly several times. Please reprocess it again or contact support.",
  },
};

function failureMessagesFor(job: ClaimedJob) {
  return failureMessages[job.isReprocess ? "reprocess" : "process"];
}

export interface WorkerDeps {
  queue: ProcessingQueue;
  pipeline: DocumentPipeline;
  logger: Logger;
  leaseSeconds: number;
  pollIntervalMs: number;
  /** Announces a change to the job's document to its owner (the library updates live). */
  onDocumentChanged: (job: ClaimedJob) => Promise<void>;
  /** Told when a document fails for good, and whether the file was to blame (it was not when ours). */
  onFailed?: (documentId: string, isOurFault: boolean) => Promise<void>;
  /** Jobs run at once (default 2: one document is stored while the next is being extracted). */
  concurrency?: number;
  /** Progress is written and announced at most this often (default PROGRESS_INTERVAL_MS). */
  progressIntervalMs?: number;
}

export interface JobProgress {
  stage: string;
  done: number;
  total: number;
}

/**
 * Four updates a second keep a progress bar moving; a short document's stages pass faster than
 * anyone can read them, and each update is a database write and a refresh in every open library.
 */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Passes progress on to `write` at most once per `intervalMs`: the first report at once, later
 * ones coalesced and the latest written when the interval is up, so a stage that lasts is always
 * shown. `settle` drops what is still waiting and resolves when the write in flight is done.
 */
export function throttleProgress(write: (progress: JobProgress) => Promise<void>, intervalMs: number) {
  let lastWriteAt = -Infinity;
  let waiting: JobProgress | undefined;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const writeWaiting = (): Promise<void> => {
    timer = undefined;
    const progress = waiting;
    if (!progress) return inFlight;
    waiting = undefined;
    lastWriteAt = Date.now();
    inFlight = inFlight.then(() => write(progress));
    return inFlight;
  };

  return {
    report(progress: JobProgress): Promise<void> {
      waiting = progress;
      const wait = lastWriteAt + intervalMs - Date.now();
      if (wait <= 0) return writeWaiting();
      timer ??= setTimeout(() => void writeWaiting(), wait);
      return Promise.resolve();
    },
    settle(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      waiting = undefined;
      return inFlight;
    },
  };
}

/**
 * Takes jobs until stopped, `concurrency` at a time: extraction runs in worker threads, so while
 * one document is structured and written to the database the next one is already being read.
 * A job whose worker died is taken over when its lease lapses; one that has used up its attempts
 * fails with a readable reason.
 */
export function startProcessingWorker(deps: WorkerDeps) {
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = Math.max(1, Math.floor(deps.concurrency ?? 2));
  let isStopping = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function reportFailure(documentId: string, isOurFault: boolean): Promise<void> {
    await deps.onFailed?.(documentId, isOurFault).catch((error: unknown) => deps.logger.error({ err: error, documentId }, "after-failure step failed"));
  }

  /** A failed reprocess leaves its document completed (see the queue's fail): no document failed, nothing to make good. */
  async function failForGood(job: ClaimedJob, reason: string, isOurFault: boolean): Promise<void> {
    if ((await deps.queue.fail(job, workerId, reason)) && !job.isReprocess) await reportFailure(job.documentId, isOurFault);
  }

  async function announce(job: ClaimedJob): Promise<void> {
    await deps
      .onDocumentChanged(job)
      .catch((error: unknown) => deps.logger.warn({ err: error, documentId: job.documentId }, "could not announce a document change"));
  }

  async function runJob(job: ClaimedJob): Promise<void> {
    const { queue, pipeline, logger } = deps;
    if (job.attempts > job.maxAttempts) {
      await failForGood(job, failureMessagesFor(job).repeatedCrash, true);
      await announce(job);
      return;
    }
    let latest: JobProgress = { stage: "extract", done: 0, total: 0 };
    let hasLease = true;
    const renewLease = async (progress: JobProgress): Promise<void> => {
      hasLease = await queue.heartbeat(job.id, workerId, progress).catch((error: unknown) => {
        logger.warn({ err: error, jobId: job.id }, "could not renew a processing lease");
        return hasLease;
      });
    };
    const heartbeat = setInterval(() => void renewLease(latest), (deps.leaseSeconds * 1000) / 3);
    const progress = throttleProgress(async (reported) => {
      await renewLease(reported);
      await announce(job);
    }, deps.progressIntervalMs ?? PROGRESS_INTERVAL_MS);
    try {
      await announce(job);
      await pipeline(job.documentId, async (stage, done, total) => {
        latest = { stage, done, total };
        await progress.report(latest);
      });
      await progress.settle();
      if (hasLease) await queue.complete(job.id, workerId);
    } catch (error) {
      const isPermanent = isPermanentFailure(error);
      const message = isPermanent ? error.message : failureMessagesFor(job).transient;
      if (!isPermanent) logger.error({ err: error, jobId: job.id, documentId: job.documentId }, "processing failed");
      const outcome = outcomeAfterFailure({ attempt: job.attempts, maxAttempts: job.maxAttempts, isPermanent, message });
      if (outcome.kind === "retry") await queue.scheduleRetry(job, workerId, outcome.delaySeconds, message);
      else await failForGood(job, outcome.reason, !isPermanent);
    } finally {
      clearInterval(heartbeat);
      await progress.settle();
    }
    await announce(job);
  }

  const running = new Set<Promise<void>>();
  const done = (async () => {
    while (!isStopping) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      const job = await deps.queue.claim(workerId).catch((error: unknown) => {
        deps.logger.error({ err: error }, "could not claim a processing job");
        return undefined;
      });
      if (job) {
        const run: Promise<void> = runJob(job)
          .catch((error: unknown) => deps.logger.error({ err: error, jobId: job.id, documentId: job.documentId }, "processing job step failed"))
          .finally(() => running.delete(run));
        running.add(run);
      } else await sleep(deps.pollIntervalMs);
    }
    await Promise.all(running);
  })();

  return {
    workerId,
    /** Checks for work now instead of at the next poll (after an enqueue in this process). */
    poke: () => wake?.(),
    async stop(): Promise<void> {
      isStopping = true;
      wake?.();
      await done;
    },
  };
}
