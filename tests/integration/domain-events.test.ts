import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../src/server/db/client";
import { jobs } from "../../src/server/db/schema/index";
import { defineJobType } from "../../src/server/jobs/job-type";
import { createJobs } from "../../src/server/jobs/jobs";
import { createDomainEvents } from "../../src/server/modules/events/domain-events";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterEach(() => db.delete(jobs));
afterAll(() => database.release());

const refund = defineJobType({ name: "test.refund", version: 1, payload: z.object({ document: z.string() }), maxAttempts: 3, concurrency: 1 });
const greet = defineJobType({ name: "test.greet", version: 1, payload: z.object({ person: z.string() }), maxAttempts: 3, concurrency: 1 });

function subscribedEvents() {
  const events = createDomainEvents(createJobs({ db, logger: pino({ level: "silent" }), leaseSeconds: 60 }));
  events.on("documents.processing-failed", refund, ({ documentId, isOurFault }) => (isOurFault ? { payload: { document: documentId } } : undefined));
  events.on("billing.credits-arrived", greet, ({ userId }) => ({ payload: { person: userId }, ownerKey: userId }));
  // A subscriber's own write, made in the emitter's transaction.
  events.within("organizations.suspended", async (tx, { userId }) => {
    await tx.insert(jobs).values({ type: "test.stopped", payload: { person: userId } });
  });
  return events;
}

const queued = () => db.select({ type: jobs.type, payload: jobs.payload, ownerKey: jobs.ownerKey }).from(jobs).orderBy(jobs.type);

describe("domain events", () => {
  it("enqueue each subscriber's job in the emitter's transaction: they exist once it commits", async () => {
    const events = subscribedEvents();
    await db.transaction(async (tx) => {
      await events.emit(tx, "documents.processing-failed", { documentId: "d1", isOurFault: true });
      await events.emit(tx, "billing.credits-arrived", { userId: "u1" });
    });
    expect(await queued()).toEqual([
      { type: "test.greet", payload: { person: "u1" }, ownerKey: "u1" },
      { type: "test.refund", payload: { document: "d1" }, ownerKey: null },
    ]);
  });

  it("run a subscriber's own writes in the emitter's transaction", async () => {
    const events = subscribedEvents();
    await db.transaction((tx) => events.emit(tx, "organizations.suspended", { userId: "u3" }));
    expect(await queued()).toEqual([{ type: "test.stopped", payload: { person: "u3" }, ownerKey: null }]);
  });

  it("leave nothing behind when the emitter's transaction rolls back", async () => {
    const events = subscribedEvents();
    await expect(
      db.transaction(async (tx) => {
        await events.emit(tx, "documents.processing-failed", { documentId: "d1", isOurFault: true });
        await events.emit(tx, "organizations.suspended", { userId: "u3" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await queued()).toEqual([]);
  });

  it("enqueue nothing for an event a subscriber's rule passes over, or nobody subscribed to", async () => {
    const events = subscribedEvents();
    await db.transaction(async (tx) => {
      await events.emit(tx, "documents.processing-failed", { documentId: "d2", isOurFault: false });
      await events.emit(tx, "organizations.plan-opened", { userId: "u2" });
    });
    expect(await db.select().from(jobs).where(eq(jobs.type, refund.name))).toEqual([]);
    expect(await queued()).toEqual([]);
  });
});
