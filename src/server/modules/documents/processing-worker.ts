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

const TRANSIENT_FAILURE_MESSAGE = "Processing failed. Please retry; if it keeps failing, contact support.";
const REPEATED_CRASH_MESSAGE = "Processing stopped unexpectedly several times. Please retry or contact support.";

export interface WorkerDeps {
  queue: ProcessingQueue;
  pipeline: DocumentPipeline;
  logger: Logger;
  leaseSeconds: number;
  pollIntervalMs: number;
  onDocumentChanged: (documentId: string) => Promise<void>;
  /** Told when a job fails for good, and whether the file was to blame (it was not when ours). */
  onFailed?: (documentId: string, isOurFault: boolean) => Promise<void>;
  /** Jobs run at once (default 2: one document is stored while the next is being extracted). */
  concurrency?: number;
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

  async function runJob(job: ClaimedJob): Promise<void> {
    const { queue, pipeline, logger } = deps;
    if (job.attempts > job.maxAttempts) {
      await queue.fail(job, workerId, REPEATED_CRASH_MESSAGE);
      await reportFailure(job.documentId, true);
      await deps.onDocumentChanged(job.documentId);
      return;
    }
    let progress = { stage: "extract", done: 0, total: 0 };
    let hasLease = true;
    const heartbeat = setInterval(() => {
      void queue.heartbeat(job.id, workerId, progress).then((kept) => (hasLease = kept));
    }, (deps.leaseSeconds * 1000) / 3);
    try {
      await deps.onDocumentChanged(job.documentId);
      await pipeline(job.documentId, async (stage, done, total) => {
        progress = { stage, done, total };
        hasLease = await queue.heartbeat(job.id, workerId, progress);
        await deps.onDocumentChanged(job.documentId);
      });
      if (hasLease) await queue.complete(job.id, workerId);
    } catch (error) {
      const isPermanent = isPermanentFailure(error);
      const message = isPermanent ? error.message : TRANSIENT_FAILURE_MESSAGE;
      if (!isPermanent) logger.error({ err: error, jobId: job.id, documentId: job.documentId }, "processing failed");
      const outcome = outcomeAfterFailure({ attempt: job.attempts, maxAttempts: job.maxAttempts, isPermanent, message });
      if (outcome.kind === "retry") await queue.scheduleRetry(job, workerId, outcome.delaySeconds, message);
      else {
        await queue.fail(job, workerId, outcome.reason);
        await reportFailure(job.documentId, !isPermanent);
      }
    } finally {
      clearInterval(heartbeat);
    }
    await deps.onDocumentChanged(job.documentId);
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
