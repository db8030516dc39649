import pino from "pino";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../db/client";
import type { JobQueue } from "./job-queue";
import { createJobRegistry } from "./job-registry";
import { defineJobType, LeaseLostError, PermanentJobError, type AttemptEnd, type ClaimedJob, type JobHandler } from "./job-type";
import { startJobWorker } from "./job-worker";
import type { JobProgress } from "./progress";

const noDatabase = {} as Database;

/** Hands out `jobs` to claims asking for their type, and records how each attempt ended. */
function fakeQueue(jobs: ClaimedJob[]) {
  const ended: [string, AttemptEnd][] = [];
  const heartbeats: JobProgress[] = [];
  let isLeaseHeld = true;
  const queue: JobQueue = {
    leaseSeconds: 60,
    markWorkerSeen: async () => undefined,
    forgetWorker: async () => undefined,
    enqueue: async () => undefined,
    claim: async (_workerId, types) => {
      const index = jobs.findIndex((job) => types.includes(job.type));
      return index === -1 ? undefined : jobs.splice(index, 1)[0];
    },
    heartbeat: async (_job, _workerId, progress) => {
      if (progress) heartbeats.push(progress);
      return isLeaseHeld;
    },
    withLease: async (_job, _workerId, work) => {
      if (!isLeaseHeld) throw new LeaseLostError("lost");
      return work(noDatabase);
    },
    endAttempt: async (job, _workerId, end, alsoInTransaction) => {
      if (!isLeaseHeld) return false;
      ended.push([job.id, end]);
      await alsoInTransaction?.(noDatabase);
      return true;
    },
  };
  return {
    queue,
    ended,
    heartbeats,
    loseLease: () => (isLeaseHeld = false),
  };
}

const named = z.object({ name: z.string() });
const slow = defineJobType({ name: "test.slow", version: 2, payload: named, maxAttempts: 3, concurrency: 2 });
const quick = defineJobType({ name: "test.quick", version: 1, payload: named, maxAttempts: 3, concurrency: 1 });

const job = (id: string, overrides: Partial<ClaimedJob> = {}): ClaimedJob => ({
  id,
  type: slow.name,
  version: slow.version,
  payload: { name: id },
  attempts: 1,
  maxAttempts: 3,
  ...overrides,
});

function startTestWorker(queue: JobQueue, handlers: { slow: JobHandler<{ name: string }>; quick?: JobHandler<{ name: string }> }) {
  const registry = createJobRegistry();
  registry.register(slow, handlers.slow);
  if (handlers.quick) registry.register(quick, handlers.quick);
  return startJobWorker({ db: noDatabase, queue, registry, logger: pino({ level: "silent" }), pollIntervalMs: 10 });
}

/** A handler whose runs wait until the test finishes them by name. */
function heldRuns() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const handler: JobHandler<{ name: string }> = {
    run: (running) =>
      new Promise<void>((resolve) => {
        started.push(running.payload.name);
        finish.set(running.payload.name, resolve);
      }),
  };
  return { handler, started, finish: (name: string) => finish.get(name)!() };
}

describe("job worker", () => {
  it("runs each type up to its concurrency, takes the next as soon as one ends, and keeps other types moving meanwhile", async () => {
    const { queue, ended } = fakeQueue([job("a"), job("b"), job("c"), job("q", { type: quick.name, version: quick.version })]);
    const slowRuns = heldRuns();
    const quickRuns = heldRuns();
    const worker = startTestWorker(queue, { slow: slowRuns.handler, quick: quickRuns.handler });
    await expect.poll(() => [...slowRuns.started, ...quickRuns.started]).toEqual(["a", "b", "q"]);
    slowRuns.finish("b");
    await expect.poll(() => slowRuns.started).toEqual(["a", "b", "c"]);
    expect(ended).toEqual([["b", { kind: "completed" }]]);
    for (const name of ["a", "c"]) slowRuns.finish(name);
    quickRuns.finish("q");
    await expect.poll(() => ended.length).toBe(4);
    await worker.stop();
  });

  it("waits for the jobs in hand when stopped", async () => {
    const { queue, ended } = fakeQueue([job("a")]);
    const runs = heldRuns();
    const worker = startTestWorker(queue, { slow: runs.handler });
    await expect.poll(() => runs.started).toEqual(["a"]);
    const stopped = worker.stop();
    expect(ended).toEqual([]);
    runs.finish("a");
    await stopped;
    expect(ended).toEqual([["a", { kind: "completed" }]]);
  });

  it("passes a handler's progress on with its heartbeat", async () => {
    const { queue, ended, heartbeats } = fakeQueue([job("a")]);
    const worker = startTestWorker(queue, {
      slow: { run: async (running) => void (await running.heartbeat({ stage: "extract", done: 1, total: 4 })) },
    });
    await expect.poll(() => ended).toHaveLength(1);
    await worker.stop();
    expect(heartbeats).toEqual([{ stage: "extract", done: 1, total: 4 }]);
  });
});

describe("job worker failures", () => {
  it.each([
    [
      "a failure retrying cannot fix fails at once",
      job("bad"),
      new PermanentJobError("The address was refused."),
      { kind: "failed", reason: "The address was refused.", isPermanent: true },
    ],
    [
      "a failure before the last attempt is retried after the backoff",
      job("early"),
      new Error("connection refused"),
      { kind: "retry", delaySeconds: 10, message: "connection refused" },
    ],
    [
      "the second failure waits longer",
      job("second", { attempts: 2 }),
      new Error("connection refused"),
      { kind: "retry", delaySeconds: 40, message: "connection refused" },
    ],
    [
      "a failure on the last attempt fails for good",
      job("last", { attempts: 3 }),
      new Error("connection refused"),
      { kind: "failed", reason: "connection refused", isPermanent: false },
    ],
    [
      "a job whose workers died on every attempt fails without running",
      job("crashed", { attempts: 4 }),
      undefined,
      { kind: "failed", reason: "Its worker stopped before finishing on every attempt.", isPermanent: false },
    ],
  ])("%s, with a readable reason, in the transaction and then after it", async (_, claimed, error, expected) => {
    const { queue, ended } = fakeQueue([claimed]);
    const inTransaction: AttemptEnd[] = [];
    const afterwards: AttemptEnd[] = [];
    const worker = startTestWorker(queue, {
      slow: {
        run: async () => {
          throw error;
        },
        onAttemptEnd: async (_tx, _job, end) => void inTransaction.push(end),
        afterAttemptEnd: async (_job, end) => void afterwards.push(end),
      },
    });
    await expect.poll(() => afterwards).toEqual([expected]);
    await worker.stop();
    expect(ended).toEqual([[claimed.id, expected]]);
    expect(inTransaction).toEqual([expected]);
  });

  it("records the handler's own description of a failure", async () => {
    const { queue, ended } = fakeQueue([job("described", { attempts: 3 })]);
    const worker = startTestWorker(queue, {
      slow: {
        run: async () => {
          throw new Error("socket hang up");
        },
        describeFailure: (failed, failure) => `${failed.type} failed: ${failure.kind}`,
      },
    });
    await expect.poll(() => ended).toEqual([["described", { kind: "failed", reason: "test.slow failed: error", isPermanent: false }]]);
    await worker.stop();
  });

  it("ends nothing, and runs nothing after, once another worker has taken the job over", async () => {
    const fake = fakeQueue([job("taken")]);
    const afterwards: AttemptEnd[] = [];
    let hasRun = false;
    let wrote = false;
    const worker = startTestWorker(fake.queue, {
      slow: {
        run: async (running) => {
          hasRun = true;
          fake.loseLease();
          await running.withLease(async () => void (wrote = true));
        },
        afterAttemptEnd: async (_job, end) => void afterwards.push(end),
      },
    });
    await expect.poll(() => hasRun).toBe(true);
    await worker.stop();
    expect({ wrote, ended: fake.ended, afterwards }).toEqual({ wrote: false, ended: [], afterwards: [] });
  });
});

describe("a job its type cannot read", () => {
  it.each([
    [
      "a payload not of its type's shape",
      job("misshapen", { payload: { name: 7 } }),
      "This test.slow job's payload is not one its type accepts (name: Invalid input: expected string, received number).",
    ],
    [
      "a payload with nothing in it",
      job("empty", { payload: null }),
      "This test.slow job's payload is not one its type accepts (payload: Invalid input: expected object, received null).",
    ],
    [
      "a job written for another version of its type",
      job("older", { version: 1 }),
      "This test.slow job was written for version 1 of its type; this worker runs version 2.",
    ],
  ])("%s fails for good at once, with the reason, and none of its handler's steps run", async (_, claimed, reason) => {
    const { queue, ended } = fakeQueue([claimed]);
    const steps: string[] = [];
    const worker = startTestWorker(queue, {
      slow: {
        run: async () => void steps.push("run"),
        describeFailure: () => (steps.push("describe"), "described"),
        onAttemptEnd: async () => void steps.push("in transaction"),
        afterAttemptEnd: async () => void steps.push("after"),
      },
    });
    await expect.poll(() => ended).toEqual([[claimed.id, { kind: "failed", reason, isPermanent: true }]]);
    await worker.stop();
    expect(steps).toEqual([]);
  });

  it("hands the handler the payload as its type reads it", async () => {
    const { queue, ended } = fakeQueue([job("extra", { payload: { name: "extra", unknown: true } })]);
    const seen: unknown[] = [];
    const worker = startTestWorker(queue, { slow: { run: async (running) => void seen.push(running.payload) } });
    await expect.poll(() => ended).toHaveLength(1);
    await worker.stop();
    expect(seen).toEqual([{ name: "extra" }]);
  });
});
