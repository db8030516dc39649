import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { ProcessingTrigger } from "../../../shared/documents";
import { queryRows, type Database } from "../../db/client";
import { documents, processingJobs } from "../../db/schema/index";

/** A job's input_data (the spec's document_id, retry, retried_at), marking a Reprocess as such. */
export function processingJobInput(documentId: string, trigger: ProcessingTrigger): Record<string, unknown> {
  if (trigger === "retry") return { document_id: documentId, retry: true, retried_at: new Date().toISOString() };
  if (trigger === "reprocess") return { document_id: documentId, retry: false, reprocess: true };
  return { document_id: documentId, retry: false };
}

export interface ClaimedJob {
  id: string;
  documentId: string;
  /** Whose document it is: every change to it is announced to them. */
  userId: string;
  attempts: number;
  maxAttempts: number;
  /** Rebuilds a completed document: failing leaves it completed with its earlier pages and passages. */
  isReprocess: boolean;
}

/**
 * processing_jobs as a queue shared by every worker: a job is leased with FOR UPDATE SKIP
 * LOCKED, kept by heartbeats, and taken over by another worker once its lease lapses.
 */
export function createProcessingQueue(db: Database, options: { leaseSeconds: number }) {
  const leaseOf = (workerId: string) => ({
    lockedBy: workerId,
    lockedUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
  });

  /**
   * Releases the job with `changes`, and changes its document only if this worker still held the
   * lease: a worker whose lease lapsed must not undo what the worker that took over has done.
   */
  async function endLease(
    job: ClaimedJob,
    workerId: string,
    changes: { job: PgUpdateSetSource<typeof processingJobs>; document: PgUpdateSetSource<typeof documents> },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const released = await tx
        .update(processingJobs)
        .set({ ...changes.job, lockedBy: null, lockedUntil: null })
        .where(and(eq(processingJobs.id, job.id), eq(processingJobs.lockedBy, workerId), eq(processingJobs.status, "running")))
        .returning({ id: processingJobs.id });
      if (released.length === 0) return false;
      await tx.update(documents).set(changes.document).where(eq(documents.id, job.documentId));
      return true;
    });
  }

  return {
    /** Leases the next runnable job and marks its document processing, in one statement. */
    async claim(workerId: string): Promise<ClaimedJob | undefined> {
      const [row] = await queryRows<{ id: string; document_id: string; user_id: string; attempts: number; max_attempts: number; is_reprocess: boolean }>(
        db,
        sql`
          with next as (
            select id from processing_jobs
            where (status = 'queued' and run_after <= now()) or (status = 'running' and locked_until < now())
            order by run_after, created_at
            for update skip locked
            limit 1
          ), claimed as (
            update processing_jobs as job
            set status = 'running', locked_by = ${workerId},
                locked_until = now() + make_interval(secs => ${options.leaseSeconds}),
                attempts = job.attempts + 1, started_at = coalesce(job.started_at, now()), updated_at = now()
            from next where job.id = next.id
            returning job.id, job.document_id, job.attempts, job.max_attempts, job.input_data @> '{"reprocess": true}'::jsonb as is_reprocess
          )
          update documents set status = 'processing', updated_at = now()
          from claimed where documents.id = claimed.document_id
          returning claimed.id, claimed.document_id, documents.user_id, claimed.attempts, claimed.max_attempts, claimed.is_reprocess`,
      );
      if (!row) return undefined;
      return {
        id: row.id,
        documentId: row.document_id,
        userId: row.user_id,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        isReprocess: row.is_reprocess,
      };
    },

    /** Extends the lease and records progress; false when another worker has taken the job over. */
    async heartbeat(jobId: string, workerId: string, progress: { stage: string; done: number; total: number }): Promise<boolean> {
      const updated = await db
        .update(processingJobs)
        .set({ ...leaseOf(workerId), stage: progress.stage, progressDone: progress.done, progressTotal: progress.total })
        .where(and(eq(processingJobs.id, jobId), eq(processingJobs.lockedBy, workerId), eq(processingJobs.status, "running")))
        .returning({ id: processingJobs.id });
      return updated.length === 1;
    },

    async complete(jobId: string, workerId: string): Promise<boolean> {
      const updated = await db
        .update(processingJobs)
        .set({ status: "completed", lockedBy: null, lockedUntil: null, completedAt: new Date() })
        .where(and(eq(processingJobs.id, jobId), eq(processingJobs.lockedBy, workerId)))
        .returning({ id: processingJobs.id });
      return updated.length === 1;
    },

    /** Queues the job again after `delaySeconds`; false (and nothing changed) when the lease was lost. */
    async scheduleRetry(job: ClaimedJob, workerId: string, delaySeconds: number, message: string): Promise<boolean> {
      return endLease(job, workerId, {
        job: { status: "queued", errorMessage: message, runAfter: sql`now() + make_interval(secs => ${delaySeconds})` },
        document: { status: "queued" },
      });
    },

    /**
     * Fails the job for good, and its document — except a reprocessed one, which is completed again
     * as it was: its pages and passages are replaced only in the transaction that completes a job,
     * so the earlier ones are still there. False (and nothing changed) when the lease was lost.
     */
    async fail(job: ClaimedJob, workerId: string, reason: string): Promise<boolean> {
      return endLease(job, workerId, {
        job: { status: "failed", errorMessage: reason, completedAt: new Date() },
        document: { status: job.isReprocess ? "completed" : "failed", failureReason: reason },
      });
    },
  };
}

export type ProcessingQueue = ReturnType<typeof createProcessingQueue>;
