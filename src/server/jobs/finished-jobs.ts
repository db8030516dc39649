import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema/index";
import type { JobRegistry } from "./job-registry";
import { defineJobType, emptyPayload } from "./job-type";

/**
 * Completed jobs are kept a week (what ran recently, for support questions); failed ones a month,
 * long enough to notice and look into them. Email jobs carry the message, sign-in codes included.
 */
export const FINISHED_JOB_RETENTION_DAYS = { completed: 7, failed: 30 } as const;
const RETENTION_EVERY_SECONDS = 60 * 60;

export const deleteFinishedJobsJob = defineJobType({ name: "jobs.delete-finished", version: 1, payload: emptyPayload, maxAttempts: 3, concurrency: 1 });

export async function deleteFinishedJobs(db: Database): Promise<number> {
  let deleted = 0;
  for (const [status, days] of Object.entries(FINISHED_JOB_RETENTION_DAYS)) {
    const rows = await db
      .delete(jobs)
      .where(and(eq(jobs.status, status), lt(jobs.completedAt, sql`now() - make_interval(days => ${days})`)))
      .returning({ id: jobs.id });
    deleted += rows.length;
  }
  return deleted;
}

/** The jobs table's own upkeep: every hour, finished jobs past their retention are deleted. */
export function registerFinishedJobsRetention(registry: JobRegistry, db: Database): void {
  registry.register(deleteFinishedJobsJob, { run: () => deleteFinishedJobs(db).then(() => undefined) });
  registry.schedule({ name: "delete-finished-jobs", type: deleteFinishedJobsJob, payload: {}, everySeconds: RETENTION_EVERY_SECONDS });
}
