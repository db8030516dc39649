import { randomUUID } from "node:crypto";
import os from "node:os";
import type { Logger } from "pino";
import { outcomeAfterFailure } from "../../core/jobs/retry-policy";
import type { Database } from "../db/client";
import type { JobQueue } from "./job-queue";
import type { JobRegistry, RegisteredJobType } from "./job-registry";
import { enqueueDueScheduledJobs, saveSchedules } from "./job-schedules";
import { LeaseLostError, PermanentJobError, readPayload, type AttemptEnd, type ClaimedJob, type JobFailure } from "./job-type";
import type { JobProgress } from "./progress";

export interface JobWorkerDeps {
  db: Database;
  queue: JobQueue;
  registry: JobRegistry;
  logger: Logger;
  /** How long an idle worker waits before looking for due jobs again, unless poked. */
  pollIntervalMs: number;
}

/** How often a worker says it is alive; the console counts one unseen for 60 s as gone. */
export const WORKER_SEEN_EVERY_MS = 15_000;

const crashedReason = "Its worker stopped before finishing on every attempt.";

function defaultFailureReason(failure: JobFailure): string {
  if (failure.kind === "crashed") return crashedReason;
  return failure.error instanceof Error ? failure.error.message : String(failure.error);
}

/**
 * Takes jobs of every registered type until stopped, each type up to its own concurrency, and
 * enqueues the jobs of due schedules. A job whose worker died is taken over when its lease lapses;
 * one that has used up its attempts fails with a readable reason.
 */
export function startJobWorker(deps: JobWorkerDeps) {
  const { queue, registry, logger } = deps;
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runningByType = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let isStopping = false;
  let isPoked = false;
  let wake: (() => void) | undefined;
  let areSchedulesSaved = false;
  let schedulesDueAt = 0;
  let isSeenUntil = 0;

  /** Tells the console this worker is alive, idle or busy, every WORKER_SEEN_EVERY_MS. */
  async function markSeen(): Promise<void> {
    if (Date.now() < isSeenUntil) return;
    isSeenUntil = Date.now() + WORKER_SEEN_EVERY_MS;
    await queue.markWorkerSeen(workerId).catch((error: unknown) => logger.warn({ err: error }, "could not record that this worker is alive"));
  }

  const poke = () => {
    isPoked = true;
    wake?.();
  };
  /** Resolves after `ms`, or at once when poked since the last look for work. */
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (isPoked) return resolve();
      const timer = setTimeout(() => wake?.(), ms);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });

  async function enqueueScheduledJobs(): Promise<void> {
    if (Date.now() < schedulesDueAt) return;
    try {
      if (!areSchedulesSaved) await saveSchedules(deps.db, registry.schedules());
      areSchedulesSaved = true;
      const nextDueAt = await enqueueDueScheduledJobs(deps.db, queue, registry.schedules());
      schedulesDueAt = nextDueAt?.getTime() ?? Infinity;
    } catch (error) {
      logger.error({ err: error }, "could not enqueue scheduled jobs");
      schedulesDueAt = Date.now() + deps.pollIntervalMs;
    }
  }

  /** Writes how the attempt ended, fenced on the lease, then runs what follows it. */
  async function endAttempt(job: ClaimedJob, { handler }: RegisteredJobType, end: AttemptEnd): Promise<void> {
    const isEnded = await queue.endAttempt(job, workerId, end, handler.onAttemptEnd && ((tx) => handler.onAttemptEnd!(tx, job, end)));
    if (!isEnded) {
      logger.warn({ jobId: job.id, type: job.type }, "another worker took this job over; this attempt's end is dropped");
      return;
    }
    if (end.kind === "failed") {
      logger[end.isPermanent ? "warn" : "error"]({ jobId: job.id, type: job.type, attempts: job.attempts, reason: end.reason }, "job failed for good");
    }
    await handler
      .afterAttemptEnd?.(job, end)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.id, type: job.type }, "after-attempt step failed"));
  }

  function failureEnd(job: ClaimedJob, registered: RegisteredJobType, failure: JobFailure): AttemptEnd {
    const reason = registered.handler.describeFailure?.(job, failure) ?? defaultFailureReason(failure);
    const isPermanent = failure.kind === "error" && failure.isPermanent;
    const outcome = outcomeAfterFailure({ attempt: job.attempts, maxAttempts: job.maxAttempts, isPermanent, message: reason });
    return outcome.kind === "retry" ? { kind: "retry", delaySeconds: outcome.delaySeconds, message: reason } : { kind: "failed", reason, isPermanent };
  }

  /** A job its type cannot read fails at once with the reason, and none of its handler's steps run: they would misread it too. */
  async function failUnreadable(job: ClaimedJob, reason: string): Promise<void> {
    const isEnded = await queue.endAttempt(job, workerId, { kind: "failed", reason, isPermanent: true });
    if (isEnded) logger.error({ jobId: job.id, type: job.type, reason }, "job failed for good: its payload cannot be read");
  }

  async function runJob(claimed: ClaimedJob, registered: RegisteredJobType): Promise<void> {
    const read = readPayload(registered.type, claimed);
    if (!read.ok) return failUnreadable(claimed, read.reason);
    const job: ClaimedJob = { ...claimed, payload: read.payload };
    if (job.attempts > job.maxAttempts) return endAttempt(job, registered, failureEnd(job, registered, { kind: "crashed" }));
    let latestProgress: JobProgress | undefined;
    let holdsLease = true;
    const heartbeat = async (progress?: JobProgress): Promise<boolean> => {
      latestProgress = progress ?? latestProgress;
      holdsLease = await queue.heartbeat(job, workerId, latestProgress).catch((error: unknown) => {
        logger.warn({ err: error, jobId: job.id }, "could not renew a job's lease");
        return holdsLease;
      });
      return holdsLease;
    };
    const renewal = setInterval(() => void heartbeat(), (queue.leaseSeconds * 1000) / 3);
    let end: AttemptEnd;
    try {
      await registered.handler.run({ ...job, heartbeat, withLease: (work) => queue.withLease(job, workerId, work) });
      end = { kind: "completed" };
    } catch (error) {
      if (error instanceof LeaseLostError) {
        logger.warn({ jobId: job.id, type: job.type }, "another worker took this job over; this attempt's results are dropped");
        return;
      }
      const isPermanent = error instanceof PermanentJobError;
      if (!isPermanent) logger.error({ err: error, jobId: job.id, type: job.type, attempt: job.attempts }, "job attempt failed");
      end = failureEnd(job, registered, { kind: "error", error, isPermanent });
    } finally {
      clearInterval(renewal);
    }
    await endAttempt(job, registered, end);
  }

  function start(job: ClaimedJob): void {
    const registered = registry.find(job.type)!;
    runningByType.set(job.type, (runningByType.get(job.type) ?? 0) + 1);
    const run: Promise<void> = runJob(job, registered)
      .catch((error: unknown) => logger.error({ err: error, jobId: job.id, type: job.type }, "job step failed"))
      .finally(() => {
        running.delete(run);
        runningByType.set(job.type, runningByType.get(job.type)! - 1);
        poke();
      });
    running.add(run);
  }

  const typesWithFreeSlots = () =>
    registry
      .list()
      .filter(({ type }) => (runningByType.get(type.name) ?? 0) < type.concurrency)
      .map(({ type }) => type.name);

  const done = (async () => {
    while (!isStopping) {
      isPoked = false;
      await markSeen();
      await enqueueScheduledJobs();
      const job = await queue.claim(workerId, typesWithFreeSlots()).catch((error: unknown) => {
        logger.error({ err: error }, "could not claim a job");
        return undefined;
      });
      if (job) start(job);
      else await sleep(deps.pollIntervalMs);
    }
    await Promise.all(running);
    await queue.forgetWorker(workerId).catch((error: unknown) => logger.warn({ err: error }, "could not remove this worker from the list of live ones"));
  })();

  return {
    workerId,
    /** Looks for work now instead of at the next poll (after an enqueue in this process). */
    poke,
    /** Takes no more jobs and resolves once the ones in hand have ended. */
    async stop(): Promise<void> {
      isStopping = true;
      wake?.();
      await done;
    },
  };
}

export type JobWorker = ReturnType<typeof startJobWorker>;
