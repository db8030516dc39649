import type { Logger } from "pino";
import type { Database } from "../db/client";
import { registerFinishedJobsRetention } from "./finished-jobs";
import { createJobQueue, requeueFailedJob, type EnqueueOptions } from "./job-queue";
import { createJobRegistry } from "./job-registry";
import type { JobType } from "./job-type";
import { startJobWorker, type JobWorker } from "./job-worker";

const DEFAULT_POLL_INTERVAL_MS = 2000;

/**
 * The job queue of this process (ADR 013): modules register their job types and schedules here
 * and enqueue work; `startWorker` runs the registered types in this process.
 */
export function createJobs(deps: { db: Database; logger: Logger; leaseSeconds: number }) {
  const registry = createJobRegistry();
  const queue = createJobQueue(deps.db, { leaseSeconds: deps.leaseSeconds });
  let worker: JobWorker | undefined;
  registerFinishedJobsRetention(registry, deps.db);

  return {
    register: registry.register,
    schedule: registry.schedule,
    /** The names of the job types registered in this process. */
    typeNames: (): string[] => registry.list().map((registered) => registered.type.name),
    queue,
    /** In the caller's transaction: the job exists only if it commits. Call `poke()` after the commit. */
    enqueue: queue.enqueue,
    /** Enqueues on its own and wakes this process's worker. */
    async send<Payload>(type: JobType<Payload>, payload: Payload, options?: EnqueueOptions): Promise<string | undefined> {
      const id = await queue.enqueue(deps.db, type, payload, options);
      worker?.poke();
      return id;
    },
    /** In the caller's transaction, a failed job runs again from its first attempt; false when it cannot (see requeueFailedJob). Call `poke()` after the commit. */
    requeueFailed: (jobId: string, tx: Database): Promise<boolean> => requeueFailedJob(tx, jobId),
    /** Wakes this process's worker, if it runs one; workers elsewhere find the job at their next poll. */
    poke: () => worker?.poke(),
    get worker() {
      return worker;
    },
    /** Starts taking jobs in this process (embedded mode, `npm run worker`, tests). */
    startWorker(options: { pollIntervalMs?: number } = {}): JobWorker {
      worker ??= startJobWorker({ db: deps.db, queue, registry, logger: deps.logger, pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS });
      return worker;
    },
    /** Stops taking jobs here once the running ones have ended; `startWorker` starts again. */
    async stopWorker(): Promise<void> {
      const stopping = worker;
      worker = undefined;
      await stopping?.stop();
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
