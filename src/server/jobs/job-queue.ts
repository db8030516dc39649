import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { queryRows, type Database } from "../db/client";
import { jobs, jobWorkers } from "../db/schema/index";
import { LeaseLostError, type AttemptEnd, type ClaimedJob, type JobType } from "./job-type";
import type { JobProgress } from "./progress";

export interface EnqueueOptions {
  /** While a job of this type with this key is queued or running, enqueueing another adds nothing. */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  /** Whom the job works for (e.g. a document's owner): owners take turns at the queue (see claim). */
  ownerKey?: string;
}

function endedJob(end: AttemptEnd): PgUpdateSetSource<typeof jobs> {
  switch (end.kind) {
    case "completed":
      return { status: "completed", completedAt: sql`now()` };
    case "retry":
      return { status: "queued", errorMessage: end.message, runAfter: sql`now() + make_interval(secs => ${end.delaySeconds})` };
    case "failed":
      return { status: "failed", errorMessage: end.reason, completedAt: sql`now()` };
  }
}

/**
 * The jobs table as a queue shared by every worker process. A job is claimed with FOR UPDATE
 * SKIP LOCKED and a lease, kept by heartbeats, and taken over by another worker once its lease
 * lapses. Each write of an attempt is fenced on the claim (worker id and attempt number): once
 * another worker has taken the job over, the first one's heartbeat, results and ending change nothing.
 */
export function createJobQueue(db: Database, options: { leaseSeconds: number }) {
  const lease = () => sql`now() + make_interval(secs => ${options.leaseSeconds})`;
  const heldBy = (job: ClaimedJob, workerId: string) =>
    and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts), eq(jobs.status, "running"));

  return {
    leaseSeconds: options.leaseSeconds,

    /** Records that worker `workerId` runs now; rows of workers unseen for a day are dropped on the way. */
    async markWorkerSeen(workerId: string): Promise<void> {
      await db
        .insert(jobWorkers)
        .values({ id: workerId })
        .onConflictDoUpdate({ target: jobWorkers.id, set: { lastSeenAt: sql`now()` } });
      await db.delete(jobWorkers).where(sql`${jobWorkers.lastSeenAt} < now() - interval '1 day'`);
    },

    /** A worker that stopped cleanly is no longer listed. */
    async forgetWorker(workerId: string): Promise<void> {
      await db.delete(jobWorkers).where(eq(jobWorkers.id, workerId));
    },

    /**
     * Adds a job through `executor`: pass the caller's transaction and the job exists only if it
     * commits. Undefined when a job with the same singleton key is already queued or running. A
     * payload its type does not accept throws here, in the code that made it.
     */
    async enqueue<Payload>(executor: Database, type: JobType<Payload>, payload: Payload, enqueueOptions: EnqueueOptions = {}): Promise<string | undefined> {
      const [row] = await executor
        .insert(jobs)
        .values({
          type: type.name,
          payloadVersion: type.version,
          payload: type.payload.parse(payload),
          maxAttempts: type.maxAttempts,
          singletonKey: enqueueOptions.singletonKey,
          ownerKey: enqueueOptions.ownerKey,
          runAfter: sql`now() + make_interval(secs => ${enqueueOptions.delaySeconds ?? 0})`,
        })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return row?.id;
    },

    /**
     * Leases a runnable job of one of `types` (queued and due, or running with a lapsed lease),
     * taking turns between owners: first the jobs of owners with the fewest jobs running now, then
     * of the owner served longest ago (whose most recently started job started first), then a job whose
     * worker died, then the oldest due. One
     * account's fifty files therefore run one at a time beside everyone else's, not before them.
     * Jobs without an owner count as an owner with nothing running, served never.
     */
    async claim(workerId: string, types: string[]): Promise<ClaimedJob | undefined> {
      if (types.length === 0) return undefined;
      const [row] = await queryRows<{ id: string; type: string; payload_version: number; payload: unknown; attempts: number; max_attempts: number }>(
        db,
        sql`
          with next as (
            select id from jobs as candidate
            where type in ${types} and ((status = 'queued' and run_after <= now()) or (status = 'running' and locked_until < now()))
            order by
              (select count(*) from jobs as mine
                where mine.owner_key = candidate.owner_key and mine.status = 'running' and mine.locked_until >= now()),
              (select max(mine.started_at) from jobs as mine where mine.owner_key = candidate.owner_key) nulls first,
              -- A job whose worker died is taken over before its owner's next one (timestamps can tie).
              candidate.status = 'running' desc,
              run_after, created_at
            for update skip locked
            limit 1
          )
          update jobs as job
          set status = 'running', locked_by = ${workerId}, locked_until = ${lease()},
              attempts = job.attempts + 1, started_at = coalesce(job.started_at, now()), updated_at = now()
          from next where job.id = next.id
          returning job.id, job.type, job.payload_version, job.payload, job.attempts, job.max_attempts`,
      );
      return row && { id: row.id, type: row.type, version: row.payload_version, payload: row.payload, attempts: row.attempts, maxAttempts: row.max_attempts };
    },

    /** Extends the lease and records progress; false when another worker has taken the job over. */
    async heartbeat(job: ClaimedJob, workerId: string, progress?: JobProgress): Promise<boolean> {
      const recorded = progress ? { stage: progress.stage, progressDone: progress.done, progressTotal: progress.total } : {};
      const updated = await db
        .update(jobs)
        .set({ lockedUntil: lease(), ...recorded })
        .where(heldBy(job, workerId))
        .returning({ id: jobs.id });
      return updated.length === 1;
    },

    /** Runs `work` in a transaction holding the job row while it is still this attempt's; see RunningJob.withLease. */
    async withLease<T>(job: ClaimedJob, workerId: string, work: (tx: Database) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        const [held] = await tx.select({ id: jobs.id }).from(jobs).where(heldBy(job, workerId)).for("update");
        if (!held) throw new LeaseLostError(job.id);
        return work(tx);
      });
    },

    /**
     * Ends the attempt as `end` says and runs `alsoInTransaction` in the same transaction; false
     * (and nothing changed) when another worker has taken the job over.
     */
    async endAttempt(job: ClaimedJob, workerId: string, end: AttemptEnd, alsoInTransaction?: (tx: Database) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const released = await tx
          .update(jobs)
          .set({ ...endedJob(end), lockedBy: null, lockedUntil: null })
          .where(heldBy(job, workerId))
          .returning({ id: jobs.id });
        if (released.length === 0) return false;
        await alsoInTransaction?.(tx);
        return true;
      });
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/**
 * A failed job runs again from its first attempt (the platform console's Retry). False when it is
 * not failed, or another job with its key is already queued or running; that key conflict leaves a
 * caller's transaction aborted on PostgreSQL, so on false the caller ends it.
 */
export async function requeueFailedJob(db: Database, jobId: string): Promise<boolean> {
  try {
    const rows = await db
      .update(jobs)
      .set({ status: "queued", attempts: 0, runAfter: sql`now()`, errorMessage: null, startedAt: null, completedAt: null, stage: "queued" })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, "failed")))
      .returning({ id: jobs.id });
    return rows.length === 1;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) if ((cause as { code?: string }).code === "23505") return true;
  return false;
}
