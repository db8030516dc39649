import { and, eq, inArray, lte, min, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobSchedules } from "../db/schema/index";
import type { JobQueue } from "./job-queue";
import type { JobSchedule } from "./job-registry";

/** Writes the schedules this process declares: a new one is due at once, a known one keeps its next run and takes the new interval. */
export async function saveSchedules(db: Database, schedules: JobSchedule<unknown>[]): Promise<void> {
  if (schedules.length === 0) return;
  await db
    .insert(jobSchedules)
    .values(schedules.map((schedule) => ({ name: schedule.name, type: schedule.type.name, everySeconds: schedule.everySeconds })))
    .onConflictDoUpdate({ target: jobSchedules.name, set: { type: sql`excluded.type`, everySeconds: sql`excluded.every_seconds` } });
}

/**
 * Enqueues one job for each due schedule and moves its next run on by its interval, in one
 * transaction. A schedule another process is enqueueing is skipped (SKIP LOCKED), and a run whose
 * previous job is still queued or running adds none (singleton key), so each run happens once.
 * Answers when the earliest schedule is next due.
 */
export async function enqueueDueScheduledJobs(db: Database, queue: JobQueue, schedules: JobSchedule<unknown>[]): Promise<Date | undefined> {
  if (schedules.length === 0) return undefined;
  const names = schedules.map((schedule) => schedule.name);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ name: jobSchedules.name })
      .from(jobSchedules)
      .where(and(inArray(jobSchedules.name, names), lte(jobSchedules.nextRunAt, sql`now()`)))
      .for("update", { skipLocked: true });
    for (const { name } of due) {
      const schedule = schedules.find((declared) => declared.name === name)!;
      await queue.enqueue(tx, schedule.type, schedule.payload, { singletonKey: `schedule:${name}` });
      await tx
        .update(jobSchedules)
        .set({ nextRunAt: sql`greatest(${jobSchedules.nextRunAt} + make_interval(secs => ${jobSchedules.everySeconds}), now())` })
        .where(eq(jobSchedules.name, name));
    }
    const [next] = await tx
      .select({ at: min(jobSchedules.nextRunAt) })
      .from(jobSchedules)
      .where(inArray(jobSchedules.name, names));
    return next?.at ?? undefined;
  });
}
