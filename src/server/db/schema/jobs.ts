import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

/** Work any worker process may take (ADR 013): document processing, email delivery, maintenance. */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The registered job type that runs it, e.g. `document.process`. */
    type: text().notNull(),
    payload: jsonb().$type<unknown>().notNull().default({}),
    /** The version of its type the payload was written for (JobType.version): checked when the job is claimed. */
    payloadVersion: integer().notNull().default(1),
    /** At most one queued or running job of a type per key: a document's processing, a schedule's run. */
    singletonKey: text(),
    /** Whom the job works for (a document's owner): claims take turns between owners, so one account's many jobs never hold up another's. */
    ownerKey: text(),
    /** queued | running | completed | failed */
    status: text().notNull().default("queued"),
    stage: text().notNull().default("queued"),
    progressDone: integer().notNull().default(0),
    progressTotal: integer().notNull().default(0),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    runAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    /** Why the last attempt failed; once the job has failed for good, the reason its owner is shown. */
    errorMessage: text(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index().on(table.status, table.runAfter),
    index()
      .on(table.ownerKey, table.status, table.startedAt)
      .where(sql`owner_key is not null`),
    uniqueIndex()
      .on(table.type, table.singletonKey)
      .where(sql`status in ('queued', 'running')`),
  ],
);

/** Recurring work: each due schedule enqueues one job of its type and moves its next run on. */
export const jobSchedules = pgTable("job_schedules", {
  name: text().primaryKey(),
  type: text().notNull(),
  everySeconds: integer().notNull(),
  nextRunAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  ...timestamps,
});

/**
 * Each running worker process, seen again every few seconds while it runs (idle or busy) and
 * removed when it stops: the console's list of live workers. A row not seen for a minute is a
 * worker that died; its leases tell the rest.
 */
export const jobWorkers = pgTable("job_workers", {
  id: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
