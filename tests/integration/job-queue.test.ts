import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { z } from "zod";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Database } from "../../src/server/db/client";
import { jobs, jobSchedules } from "../../src/server/db/schema/index";
import { deleteFinishedJobs } from "../../src/server/jobs/finished-jobs";
import { createJobQueue, type JobQueue } from "../../src/server/jobs/job-queue";
import { createJobRegistry } from "../../src/server/jobs/job-registry";
import { enqueueDueScheduledJobs, saveSchedules } from "../../src/server/jobs/job-schedules";
import { defineJobType, LeaseLostError, type JobHandler, type JobType } from "../../src/server/jobs/job-type";
import { startJobWorker, type JobWorker } from "../../src/server/jobs/job-worker";
import { createJobs } from "../../src/server/jobs/jobs";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let db: Database;
let queue: JobQueue;
const stopAfterTest: JobWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  queue = createJobQueue(db, { leaseSeconds: 60 });
});
afterEach(async () => {
  for (const worker of stopAfterTest.splice(0)) await worker.stop();
  await db.delete(jobs);
});
afterAll(() => database.release());

let typeCount = 0;
/** A job type of its own per test, so no test's worker takes another's jobs. */
const newJobType = (maxAttempts = 3) =>
  defineJobType({ name: `test.job-${++typeCount}`, version: 1, payload: z.object({ n: z.int() }), maxAttempts, concurrency: 2 });

const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const lapseLease = (id: string) => db.execute(sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`);
const makeDue = (id: string) => db.execute(sql`update jobs set run_after = now() where id = ${id}`);

/** A worker running `handler` for `type`, with its log lines kept. */
function startWorkerFor<Payload>(type: JobType<Payload>, handler: JobHandler<Payload>) {
  const registry = createJobRegistry();
  registry.register(type, handler);
  const logs: { msg: string; jobId?: string; reason?: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });
  const worker = startJobWorker({ db, queue, registry, logger, pollIntervalMs: 20 });
  stopAfterTest.push(worker);
  return { worker, logs };
}

describe("claiming jobs", () => {
  it("never hands one job to two workers, even when they claim at the same moment", async () => {
    const type = newJobType();
    const ids = await Promise.all([1, 2, 3, 4].map((n) => queue.enqueue(db, type, { n })));
    const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => queue.claim(`worker-${index % 2}`, [type.name])));
    const claimed = claims.filter((claim) => claim !== undefined).map((claim) => claim.id);
    expect(claimed.sort()).toEqual([...ids].sort());
  });

  it("takes only the types asked for, only once due, with the payload, its version and attempt", async () => {
    const [wanted, other] = [newJobType(), newJobType()];
    const later = await queue.enqueue(db, wanted, { n: 1 }, { delaySeconds: 60 });
    const otherId = await queue.enqueue(db, other, { n: 2 });
    expect(await queue.claim("worker", [wanted.name])).toBeUndefined();
    await makeDue(later!);
    expect(await queue.claim("worker", [wanted.name])).toEqual({ id: later, type: wanted.name, version: 1, payload: { n: 1 }, attempts: 1, maxAttempts: 3 });
    expect(await jobRow(otherId!)).toMatchObject({ status: "queued", attempts: 0 });
  });

  it("adds a job inside the caller's transaction: nothing if it rolls back", async () => {
    const type = newJobType();
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, type, { n: 1 });
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    expect(await db.select().from(jobs).where(eq(jobs.type, type.name))).toEqual([]);
  });

  it("keeps one job per singleton key while it is queued or running, and takes a new one after", async () => {
    const type = newJobType();
    const first = await queue.enqueue(db, type, { n: 1 }, { singletonKey: "document-1" });
    expect(await queue.enqueue(db, type, { n: 2 }, { singletonKey: "document-1" })).toBeUndefined();
    expect(await queue.enqueue(db, newJobType(), { n: 3 }, { singletonKey: "document-1" })).toBeDefined();
    const claimed = (await queue.claim("worker", [type.name]))!;
    expect(claimed.id).toBe(first);
    expect(await queue.enqueue(db, type, { n: 4 }, { singletonKey: "document-1" })).toBeUndefined();
    expect(await queue.endAttempt(claimed, "worker", { kind: "completed" })).toBe(true);
    expect(await queue.enqueue(db, type, { n: 5 }, { singletonKey: "document-1" })).toBeDefined();
  });
});

describe("turns between owners", () => {
  const ownerOf = async (claim: { id: string } | undefined) => (claim ? (await jobRow(claim.id)).ownerKey : undefined);

  it("one owner's fifty jobs do not hold up another's one: the owner with fewer jobs running goes first", async () => {
    const type = newJobType();
    for (let n = 0; n < 50; n += 1) await queue.enqueue(db, type, { n }, { ownerKey: "busy-account" });
    const single = await queue.enqueue(db, type, { n: 50 }, { ownerKey: "other-account" });
    const first = await queue.claim("worker", [type.name]);
    const second = await queue.claim("worker", [type.name]);
    expect(await ownerOf(first)).toBe("busy-account");
    expect(second?.id).toBe(single);
    // Once each has one running, the busy account's next job is next (no one else waits).
    expect(await ownerOf(await queue.claim("worker", [type.name]))).toBe("busy-account");
  });

  it("one job at a time goes round the owners, the one served longest ago first, then the oldest job", async () => {
    const type = newJobType();
    // The embedded database keeps time to the millisecond: spaced out, the jobs' order is the order they were queued in.
    const enqueueApart = async (n: number, ownerKey?: string) => {
      await queue.enqueue(db, type, { n }, { ownerKey });
      await new Promise((resolve) => setTimeout(resolve, 3));
    };
    for (let n = 0; n < 5; n += 1) await enqueueApart(n, "a");
    await enqueueApart(5, "b");
    await enqueueApart(6, "c");
    await enqueueApart(7);
    const order: Array<string | null | undefined> = [];
    for (let turn = 0; turn < 6; turn += 1) {
      const claimed = await queue.claim("worker", [type.name]);
      order.push(await ownerOf(claimed));
      expect(await queue.endAttempt(claimed!, "worker", { kind: "completed" })).toBe(true);
    }
    // The job with no owner is served like an owner never served; "a" waits its turn behind each newcomer, then runs on alone.
    expect(order).toEqual(["a", "b", "c", null, "a", "a"]);
  });

  it("a lapsed lease does not count as a job running for its owner", async () => {
    const type = newJobType();
    await queue.enqueue(db, type, { n: 1 }, { ownerKey: "a" });
    await queue.enqueue(db, type, { n: 2 }, { ownerKey: "a" });
    await queue.enqueue(db, type, { n: 3 }, { ownerKey: "b" });
    const first = await queue.claim("stalled-worker", [type.name]);
    await lapseLease(first!.id);
    // "b" was never served, so it goes first; then "a", whose lapsed job no longer counts as running, has it taken over (its oldest).
    expect(await ownerOf(await queue.claim("worker", [type.name]))).toBe("b");
    expect((await queue.claim("worker", [type.name]))?.id).toBe(first!.id);
  });
});

describe("leases", () => {
  it("a lapsed lease passes the job to another worker, and nothing the first one does then counts", async () => {
    const type = newJobType();
    const id = (await queue.enqueue(db, type, { n: 1 }))!;
    const first = (await queue.claim("stalled-worker", [type.name]))!;
    expect(await queue.claim("other-worker", [type.name])).toBeUndefined();
    expect(await queue.heartbeat(first, "stalled-worker", { stage: "send", done: 1, total: 2 })).toBe(true);

    await lapseLease(id);
    const second = (await queue.claim("other-worker", [type.name]))!;
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await queue.heartbeat(first, "stalled-worker", { stage: "send", done: 2, total: 2 })).toBe(false);
    await expect(queue.withLease(first, "stalled-worker", async () => "written")).rejects.toBeInstanceOf(LeaseLostError);
    for (const end of [
      { kind: "completed" },
      { kind: "retry", delaySeconds: 10, message: "late" },
      { kind: "failed", reason: "late", isPermanent: false },
    ] as const) {
      expect(await queue.endAttempt(first, "stalled-worker", end)).toBe(false);
    }
    expect(await jobRow(id)).toMatchObject({ status: "running", lockedBy: "other-worker", attempts: 2, errorMessage: null, progressDone: 1 });
    expect(await queue.withLease(second, "other-worker", async () => "written")).toBe("written");
    expect(await queue.endAttempt(second, "other-worker", { kind: "completed" })).toBe(true);
  });

  it("fences on the attempt too: a worker that takes its own lapsed job again ends only the new attempt", async () => {
    const type = newJobType();
    const id = (await queue.enqueue(db, type, { n: 1 }))!;
    const first = (await queue.claim("worker", [type.name]))!;
    await lapseLease(id);
    const second = (await queue.claim("worker", [type.name]))!;
    expect(await queue.endAttempt(first, "worker", { kind: "failed", reason: "stale", isPermanent: false })).toBe(false);
    expect(await queue.endAttempt(second, "worker", { kind: "completed" })).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: "completed", attempts: 2 });
  });
});

describe("payloads checked against their type", () => {
  it("an enqueue whose payload its type does not accept throws, and adds nothing", async () => {
    const type = newJobType();
    await expect(queue.enqueue(db, type, { n: "one" } as unknown as { n: number })).rejects.toThrow();
    expect(await db.select().from(jobs).where(eq(jobs.type, type.name))).toEqual([]);
  });

  it("a stored job whose payload fails its schema fails for good when claimed, with the reason, and its handler never runs", async () => {
    const type = newJobType();
    // As an older release or a hand-made row would have left it.
    const [row] = await db
      .insert(jobs)
      .values({ type: type.name, payloadVersion: type.version, payload: { n: "one" } })
      .returning({ id: jobs.id });
    let hasRun = false;
    const { logs } = startWorkerFor(type, { run: async () => void (hasRun = true) });
    await expect.poll(async () => (await jobRow(row!.id)).status).toBe("failed");
    const reason = `This ${type.name} job's payload is not one its type accepts (n: Invalid input: expected number, received string).`;
    expect(await jobRow(row!.id)).toMatchObject({ errorMessage: reason, attempts: 1, lockedBy: null });
    expect(logs).toContainEqual(expect.objectContaining({ jobId: row!.id, reason }));
    expect(hasRun).toBe(false);
  });

  it("a stored job of another version of its type fails for good when claimed, saying which", async () => {
    const type = newJobType();
    const [row] = await db
      .insert(jobs)
      .values({ type: type.name, payloadVersion: 0, payload: { n: 1 } })
      .returning({ id: jobs.id });
    startWorkerFor(type, { run: async () => undefined });
    await expect.poll(async () => (await jobRow(row!.id)).status).toBe("failed");
    expect((await jobRow(row!.id)).errorMessage).toBe(`This ${type.name} job was written for version 0 of its type; this worker runs version 1.`);
  });

  it("records the version of its type a job was enqueued with", async () => {
    const type = newJobType();
    const id = (await queue.enqueue(db, type, { n: 1 }))!;
    expect(await jobRow(id)).toMatchObject({ payloadVersion: 1, payload: { n: 1 } });
  });
});

describe("the worker", () => {
  it("retries a failing job with backoff, records why, and after its last attempt fails it for good and logs it", async () => {
    const type = newJobType(2);
    const id = (await queue.enqueue(db, type, { n: 1 }))!;
    const { worker, logs } = startWorkerFor(type, {
      run: async () => {
        throw new Error("connection refused");
      },
    });
    await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
    await expect.poll(async () => (await jobRow(id)).status).toBe("queued");
    expect(await jobRow(id)).toMatchObject({ errorMessage: "connection refused", lockedBy: null });
    const [backoff] = await queryRows<{ is_later: boolean }>(db, sql`select run_after > now() + interval '5 seconds' as is_later from jobs where id = ${id}`);
    expect(backoff).toEqual({ is_later: true });

    await makeDue(id);
    worker.poke();
    await expect.poll(async () => (await jobRow(id)).status).toBe("failed");
    expect(await jobRow(id)).toMatchObject({ attempts: 2, errorMessage: "connection refused", completedAt: expect.any(Date) });
    expect(logs).toContainEqual(expect.objectContaining({ msg: "job failed for good", jobId: id, reason: "connection refused" }));
  });

  it("writes a handler's results with its lease and completes the job", async () => {
    const type = newJobType();
    const id = (await queue.enqueue(db, type, { n: 7 }))!;
    startWorkerFor(type, {
      run: async (job) => {
        await job.heartbeat({ stage: "write", done: 1, total: 1 });
        await job.withLease((tx) => tx.execute(sql`update jobs set stage = ${`wrote ${job.payload.n}`} where id = ${job.id}`));
      },
    });
    await expect.poll(async () => (await jobRow(id)).status).toBe("completed");
    expect(await jobRow(id)).toMatchObject({ stage: "wrote 7", attempts: 1, lockedBy: null, completedAt: expect.any(Date) });
  });
});

describe("schedules", () => {
  it("enqueue each due run once, however many workers look at the same moment, and move on by their interval", async () => {
    const type = newJobType();
    const schedule = { name: `every-hour-${type.name}`, type, payload: { n: 1 }, everySeconds: 3600 };
    await saveSchedules(db, [schedule]);
    await Promise.all([1, 2, 3].map(() => enqueueDueScheduledJobs(db, queue, [schedule])));
    const enqueued = await db.select().from(jobs).where(eq(jobs.type, type.name));
    expect(enqueued).toEqual([expect.objectContaining({ payload: { n: 1 }, singletonKey: `schedule:${schedule.name}`, status: "queued" })]);
    const [row] = await db.select().from(jobSchedules).where(eq(jobSchedules.name, schedule.name));
    expect(await enqueueDueScheduledJobs(db, queue, [schedule])).toEqual(row!.nextRunAt);
    const [interval] = await queryRows<{ is_an_hour_on: boolean }>(
      db,
      sql`select next_run_at > now() + interval '59 minutes' as is_an_hour_on from job_schedules where name = ${schedule.name}`,
    );
    expect(interval).toEqual({ is_an_hour_on: true });

    // Due again while its last run is still queued: the run is skipped, the schedule moves on.
    await db
      .update(jobSchedules)
      .set({ nextRunAt: sql`now()` })
      .where(eq(jobSchedules.name, schedule.name));
    await enqueueDueScheduledJobs(db, queue, [schedule]);
    expect(await db.select().from(jobs).where(eq(jobs.type, type.name))).toHaveLength(1);
  });

  it("a new interval replaces the old one and keeps the next run", async () => {
    const type = newJobType();
    const schedule = { name: `resized-${type.name}`, type, payload: { n: 1 }, everySeconds: 60 };
    await saveSchedules(db, [schedule]);
    await enqueueDueScheduledJobs(db, queue, [schedule]);
    const [before] = await db.select().from(jobSchedules).where(eq(jobSchedules.name, schedule.name));
    await saveSchedules(db, [{ ...schedule, everySeconds: 600 }]);
    expect((await db.select().from(jobSchedules).where(eq(jobSchedules.name, schedule.name)))[0]).toMatchObject({
      everySeconds: 600,
      nextRunAt: before!.nextRunAt,
    });
  });
});

describe("finished jobs", () => {
  it("are deleted after their retention: completed after a week, failed after a month; unfinished ones stay", async () => {
    const type = newJobType();
    const aged = async (status: string, daysAgo: number) => {
      const id = (await queue.enqueue(db, type, { n: daysAgo }))!;
      await db.execute(sql`update jobs set status = ${status}, completed_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`);
      return id;
    };
    const kept = [await aged("completed", 6), await aged("failed", 29), (await queue.enqueue(db, type, { n: 0 }))!];
    await aged("completed", 8);
    await aged("failed", 31);
    expect(await deleteFinishedJobs(db)).toBe(2);
    expect((await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.type, type.name))).map((row) => row.id).sort()).toEqual(kept.sort());
  });

  it("every process's worker runs the retention on its schedule", async () => {
    await db.insert(jobs).values({ type: "email.send", status: "completed", completedAt: sql`now() - interval '8 days'` });
    const processJobs = createJobs({ db, logger: pino({ level: "silent" }), leaseSeconds: 60 });
    const worker = processJobs.startWorker({ pollIntervalMs: 20 });
    stopAfterTest.push(worker);
    await expect
      .poll(async () => db.select({ type: jobs.type, status: jobs.status }).from(jobs))
      .toEqual([{ type: "jobs.delete-finished", status: "completed" }]);
    expect(await db.select({ name: jobSchedules.name }).from(jobSchedules).where(eq(jobSchedules.type, "jobs.delete-finished"))).toEqual([
      { name: "delete-finished-jobs" },
    ]);
  });
});
