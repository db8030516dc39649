import { and, eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentUsageLog, documents, jobs, userSubscriptions } from "../../src/server/db/schema/index";
import { createJobRegistry } from "../../src/server/jobs/job-registry";
import { startJobWorker } from "../../src/server/jobs/job-worker";
import { refundFailedProcessingJob } from "../../src/server/modules/billing/billing.jobs";
import { processDocumentHandler, processDocumentJob } from "../../src/server/modules/documents/documents.jobs";
import type { BillingSummary } from "../../src/shared/contracts/billing";
import type { ProcessingTrigger } from "../../src/shared/documents";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { billingSummary, buyCreditLocally, credits, localCheckoutId, subscribeLocally } from "../support/billing";
import { contractPdf } from "../support/documents/contract-pdf";
import { enqueueAsIfEveryAttemptCrashed, markEveryAttemptCrashed, waitForStatus, withWorkerPaused } from "../support/documents/processing";
import { buildPdf } from "../support/documents/test-fixtures";
import { contractPages } from "../support/documents/contract-pdf";
import { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let counter = 0;

beforeAll(async () => {
  // Personal plans as built: with no trial days, no organization plan pays for these people's documents.
  testApp = await createTestApp({ env: { TRIAL_DAYS: "0" } });
  testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
});
afterAll(() => testApp.close());

type StartAnswer = { ok: true; document: DocumentSummary } | { ok: false; reason: string; message: string; document: DocumentSummary };

async function uploaded(client: HttpClient, bytes: Uint8Array = contractPdf(`billing ${++counter} ${Date.now()}`)): Promise<DocumentSummary> {
  const response = await client.upload("/api/documents", `Contract ${++counter}.pdf`, bytes);
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

async function start(client: HttpClient, id: string, trigger: ProcessingTrigger = "start"): Promise<StartAnswer> {
  const response = await client.post(`/api/documents/${id}/process`, { trigger });
  expect(response.status).toBe(200);
  return (await response.json()) as StartAnswer;
}

async function usageRows(documentId: string) {
  return testApp.database.db.select().from(documentUsageLog).where(eq(documentUsageLog.documentId, documentId));
}

describe("the local test-mode checkout", () => {
  it("starts with no subscription and no credits", async () => {
    const person = await signedUpClient(testApp);
    expect(await billingSummary(person)).toEqual({
      mode: "local",
      subscription: null,
      credits: { startingCredits: 0, creditsUsed: 0, overageUnits: 0, creditsAvailable: 0, creditsTotal: 0, periodStart: null, periodEnd: null },
      organizationPlan: expect.objectContaining({ status: "trial", trialDaysLeft: 0, hasAccess: false }),
    });
  });

  it("shows a test-mode checkout to its owner only, and confirming it starts the plan once", async () => {
    const person = await signedUpClient(testApp);
    const stranger = await signedUpClient(testApp);
    const { url } = (await (await person.post("/api/billing/subscribe", { plan: "basic" })).json()) as { url: string };
    const id = localCheckoutId(url);
    expect(await (await person.get(`/api/billing/local/checkouts/${id}`)).json()).toEqual({
      checkout: { id, kind: "subscription", planKey: "basic", priceUsd: 40, description: "Basic plan, billed monthly", status: "open" },
    });
    expect((await stranger.get(`/api/billing/local/checkouts/${id}`)).status).toBe(404);
    expect((await stranger.post(`/api/billing/local/checkouts/${id}/confirm`)).status).toBe(404);
    expect((await person.get("/api/billing/local/checkouts/not-a-uuid")).status).toBe(404);

    const confirmed = await person.post(`/api/billing/local/checkouts/${id}/confirm`);
    expect(await confirmed.json()).toEqual({ url: `${testApp.container.env.publicUrl}/app/documents?checkout=success` });
    expect((await person.post(`/api/billing/local/checkouts/${id}/confirm`)).status).toBe(409);

    const summary = await billingSummary(person);
    expect(summary).toMatchObject({
      mode: "local",
      subscription: { planKey: "basic", status: "active", hasAccess: true, willCancel: false },
      credits: { startingCredits: 1, creditsUsed: 0, overageUnits: 0, creditsAvailable: 1, creditsTotal: 1 },
    });
    expect(await credits(stranger)).toMatchObject({ creditsAvailable: 0, creditsTotal: 0 });
    expect((await person.post("/api/billing/subscribe", { plan: "pro" })).status).toBe(409);
  });

  it("a second subscription checkout, confirmed later, cannot restart the period", async () => {
    const person = await signedUpClient(testApp);
    const starts = await Promise.all(
      ["basic", "pro"].map(async (plan) => ((await (await person.post("/api/billing/subscribe", { plan })).json()) as { url: string }).url),
    );
    expect((await person.post(`/api/billing/local/checkouts/${localCheckoutId(starts[0]!)}/confirm`)).status).toBe(200);
    const document = await uploaded(person);
    await start(person, document.id);
    expect((await person.post(`/api/billing/local/checkouts/${localCheckoutId(starts[1]!)}/confirm`)).status).toBe(409);
    expect(await billingSummary(person)).toMatchObject({ subscription: { planKey: "basic" }, credits: { creditsUsed: 1, creditsAvailable: 0 } });
  });

  it("refuses bad input and changes nothing", async () => {
    const person = await signedUpClient(testApp);
    expect((await person.post("/api/billing/subscribe", { plan: "gold" })).status).toBe(422);
    expect((await person.post("/api/billing/checkout", { type: "credit", quantity: 3 })).status).toBe(422);
    expect((await person.post("/api/billing/checkout", { type: "subscription" })).status).toBe(422);
    const malformed = await person.request("/api/billing/subscribe", { method: "POST", headers: { "Content-Type": "application/json" }, json: undefined });
    expect(malformed.status).toBe(400);
    expect((await person.post("/api/billing/portal")).status).toBe(409);
    expect(await credits(person)).toMatchObject({ creditsTotal: 0 });
    const signedOut = new HttpClient(testApp);
    for (const response of [await signedOut.get("/api/billing/summary"), await signedOut.post("/api/billing/subscribe", { plan: "pro" })]) {
      expect(response.status).toBe(401);
    }
    expect((await person.post("/api/billing/webhook", {})).status).toBe(404);
  });
});

describe("credits and processing", () => {
  it("subscribe → process until credits run out → insufficient → buy a credit → the waiting document starts", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    const first = await uploaded(person);
    const second = await uploaded(person);

    expect(await start(person, first.id)).toMatchObject({ ok: true, document: { status: "queued" } });
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0, creditsTotal: 1 });

    expect(await start(person, second.id)).toEqual({
      ok: false,
      reason: "insufficient_credits",
      message: "Insufficient credits. Upgrade or buy a document credit.",
      document: expect.objectContaining({ id: second.id, status: "awaiting_credit" }),
    });
    expect(await usageRows(second.id)).toEqual([]);

    await buyCreditLocally(person);
    expect((await waitForStatus(person, second.id, ["completed"])).status).toBe("completed");
    expect(await credits(person)).toMatchObject({ startingCredits: 1, overageUnits: 1, creditsUsed: 2, creditsAvailable: 0, creditsTotal: 2 });
    expect((await waitForStatus(person, first.id, ["completed"])).status).toBe("completed");
  });

  it("without a subscription: no_active_period, and the document starts by itself once subscribed", async () => {
    const person = await signedUpClient(testApp);
    const document = await uploaded(person);
    expect(await start(person, document.id)).toMatchObject({
      ok: false,
      reason: "no_active_period",
      message: "No active period. Please subscribe.",
      document: { status: "awaiting_credit" },
    });
    await subscribeLocally(person, "pro");
    await waitForStatus(person, document.id, ["queued", "processing", "completed"]);
    expect(await credits(person)).toMatchObject({ startingCredits: 5, creditsUsed: 1, creditsAvailable: 4, creditsTotal: 5 });
  });

  it("a retry after a failure caused by the file does not charge again", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "pro");
    const locked = await uploaded(person, buildPdf(contractPages, { encrypt: true }));
    expect((await start(person, locked.id)).ok).toBe(true);
    expect((await waitForStatus(person, locked.id, ["failed"])).failureReason).toMatch(/password/i);
    expect(await credits(person)).toMatchObject({ creditsUsed: 1 });
    expect(await start(person, locked.id, "retry")).toMatchObject({ ok: true, document: { status: "queued" } });
    await waitForStatus(person, locked.id, ["failed"]);
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 4 });
    expect(await usageRows(locked.id)).toHaveLength(1);
  });

  it("a failure of ours gives the credit back, and a retry charges it again", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    const document = await uploaded(person);
    await enqueueAsIfEveryAttemptCrashed(testApp, document.id, async () => {
      expect((await start(person, document.id)).ok).toBe(true);
    });
    expect((await waitForStatus(person, document.id, ["failed", "completed"])).status).toBe("failed");
    await expect.poll(async () => (await credits(person)).creditsAvailable).toBe(1);
    expect((await usageRows(document.id))[0]!.refundedAt).not.toBeNull();

    expect(await start(person, document.id, "retry")).toMatchObject({ ok: true });
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
    expect(await usageRows(document.id)).toHaveLength(1);
    await waitForStatus(person, document.id, ["completed"]);
  });

  describe("Reprocess", () => {
    /** A Basic subscriber whose one credit paid for `document`, now completed. */
    async function spentOnProcessedDocument() {
      const person = await signedUpClient(testApp);
      await subscribeLocally(person, "basic");
      const document = await uploaded(person);
      await start(person, document.id);
      await waitForStatus(person, document.id, ["completed"]);
      const spent = await credits(person);
      expect(spent).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
      return { person, document, spent, usage: await usageRows(document.id) };
    }

    it("charges nothing, even with no credit left", async () => {
      const { person, document, spent, usage } = await spentOnProcessedDocument();
      expect(await start(person, document.id, "reprocess")).toMatchObject({ ok: true, document: { status: "queued" } });
      expect(await credits(person)).toEqual(spent);
      expect(await waitForStatus(person, document.id, ["completed", "failed"])).toMatchObject({ status: "completed", failureReason: null });
      expect(await credits(person)).toEqual(spent);
      expect(await usageRows(document.id)).toEqual(usage);
    });

    it("charges nothing for a document processed while billing was off", async () => {
      const { person, document } = await spentOnProcessedDocument();
      await testApp.database.db.delete(documentUsageLog).where(eq(documentUsageLog.documentId, document.id));
      const unspent = await credits(person);
      expect(unspent).toMatchObject({ creditsUsed: 0, creditsAvailable: 1 });
      expect(await start(person, document.id, "reprocess")).toMatchObject({ ok: true });
      expect(await waitForStatus(person, document.id, ["completed", "failed"])).toMatchObject({ status: "completed", failureReason: null });
      expect(await usageRows(document.id)).toEqual([]);
      expect(await credits(person)).toEqual(unspent);
    });

    it("a reprocess that fails for a reason of ours gives back nothing: it was never charged", async () => {
      const { person, document, spent, usage } = await spentOnProcessedDocument();
      await enqueueAsIfEveryAttemptCrashed(testApp, document.id, async () => {
        expect((await start(person, document.id, "reprocess")).ok).toBe(true);
      });
      await expect.poll(async () => (await waitForStatus(person, document.id, ["completed", "failed"])).failureReason).toMatch(/stopped unexpectedly/);
      expect(await usageRows(document.id)).toEqual(usage);
      expect(await credits(person)).toEqual(spent);
    });

    it("works after the subscription has ended, when nothing new can be processed", async () => {
      const { person, document, usage } = await spentOnProcessedDocument();
      const [row] = await testApp.database.db.select().from(documentUsageLog).where(eq(documentUsageLog.documentId, document.id));
      await testApp.database.db
        .update(userSubscriptions)
        .set({ status: "canceled", currentPeriodEnd: sql`now() - interval '1 day'`, currentPeriodStart: sql`now() - interval '31 days'` })
        .where(eq(userSubscriptions.userId, row!.userId));
      const another = await uploaded(person);
      expect(await start(person, another.id)).toMatchObject({ ok: false, reason: "no_active_period" });

      expect(await start(person, document.id, "reprocess")).toMatchObject({ ok: true });
      expect(await waitForStatus(person, document.id, ["completed", "failed"])).toMatchObject({ status: "completed", failureReason: null });
      expect(await usageRows(document.id)).toEqual(usage);
    });
  });

  it("deleting a processed document does not give its credit back", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    const document = await uploaded(person);
    await start(person, document.id);
    await waitForStatus(person, document.id, ["completed"]);
    expect((await person.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
  });

  it("deleting a document while it waits or processes gives its credit back, in the same transaction as the deletion", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    const document = await uploaded(person);
    await withWorkerPaused(testApp, async () => {
      expect(await start(person, document.id)).toMatchObject({ ok: true, document: { status: "queued" } });
      expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
      expect((await person.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    });
    expect(await credits(person)).toMatchObject({ creditsUsed: 0, creditsAvailable: 1 });
    const another = await uploaded(person);
    expect(await start(person, another.id)).toMatchObject({ ok: true });
  });

  it("deleting a document while it is reprocessed gives nothing back: its credit paid for the processing it kept", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    const document = await uploaded(person);
    await start(person, document.id);
    await waitForStatus(person, document.id, ["completed"]);
    await withWorkerPaused(testApp, async () => {
      expect(await start(person, document.id, "reprocess")).toMatchObject({ ok: true, document: { status: "queued" } });
      expect((await person.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    });
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
  });

  it("purchased credits carry over into the next period; plan credits do not", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "basic");
    await buyCreditLocally(person);
    await buyCreditLocally(person);
    const [a, b] = [await uploaded(person), await uploaded(person)];
    await start(person, a.id);
    await start(person, b.id);
    expect(await credits(person)).toMatchObject({ startingCredits: 1, overageUnits: 2, creditsUsed: 2, creditsAvailable: 1, creditsTotal: 3 });

    // A month on: the local provider renews by itself into a new period.
    const { userId } = (await testApp.database.db.select({ userId: documents.userId }).from(documents).where(eq(documents.id, a.id)))[0]!;
    await testApp.database.db.execute(sql`update document_usage_log set charged_at = charged_at - interval '32 days' where user_id = ${userId}`);
    await testApp.database.db.execute(sql`update document_credits set created_at = created_at - interval '32 days' where user_id = ${userId}`);
    await testApp.database.db
      .update(userSubscriptions)
      .set({ currentPeriodStart: sql`current_period_start - interval '1 month'`, currentPeriodEnd: sql`current_period_end - interval '1 month'` })
      .where(eq(userSubscriptions.userId, userId));
    const renewed = await credits(person);
    expect(renewed).toMatchObject({ startingCredits: 1, overageUnits: 1, creditsUsed: 0, creditsAvailable: 2, creditsTotal: 2 });
    expect(new Date(renewed.periodEnd!).getTime()).toBeGreaterThan(Date.now());
  });

  it("parallel starts never spend more credits than there are", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "pro");
    const batch = await Promise.all(Array.from({ length: 8 }, () => uploaded(person)));
    const answers = await Promise.all(batch.map((document) => start(person, document.id)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok).map((answer) => !answer.ok && answer.reason)).toEqual(Array(3).fill("insufficient_credits"));
    const { userId } = (await testApp.database.db.select({ userId: documents.userId }).from(documents).where(eq(documents.id, batch[0]!.id)))[0]!;
    const charged = await testApp.database.db
      .select()
      .from(documentUsageLog)
      .where(and(eq(documentUsageLog.userId, userId)));
    expect(charged).toHaveLength(5);
    expect(await credits(person)).toMatchObject({ creditsUsed: 5, creditsAvailable: 0, creditsTotal: 5 });
  });
});

describe("the local test-mode billing portal", () => {
  it("switches plan, cancels at period end and resumes, through the same fulfilment", async () => {
    const person = await signedUpClient(testApp);
    expect((await person.post("/api/billing/local/subscription", { action: "cancel" })).status).toBe(409);
    await subscribeLocally(person, "basic");
    expect(await (await person.post("/api/billing/portal")).json()).toEqual({ url: `${testApp.container.env.publicUrl}/billing/portal` });

    const [first, waiting] = [await uploaded(person), await uploaded(person)];
    await start(person, first.id);
    expect(await start(person, waiting.id)).toMatchObject({ ok: false, reason: "insufficient_credits" });
    const switched = (await (await person.post("/api/billing/local/subscription", { action: "switch", plan: "pro" })).json()) as BillingSummary;
    // The upgrade's credits start the document that was waiting for one.
    await waitForStatus(person, waiting.id, ["queued", "processing", "completed"]);
    expect(switched).toMatchObject({ subscription: { planKey: "pro", status: "active" }, credits: { creditsTotal: 5 } });
    const cancelled = (await (await person.post("/api/billing/local/subscription", { action: "cancel" })).json()) as BillingSummary;
    expect(cancelled).toMatchObject({ subscription: { status: "active", willCancel: true, hasAccess: true } });
    const resumed = (await (await person.post("/api/billing/local/subscription", { action: "resume" })).json()) as BillingSummary;
    expect(resumed).toMatchObject({ subscription: { willCancel: false } });
    expect((await person.post("/api/billing/local/subscription", { action: "switch", plan: "gold" })).status).toBe(422);
  });

  it("a subscription set to cancel ends with its period instead of renewing", async () => {
    const person = await signedUpClient(testApp);
    await subscribeLocally(person, "pro");
    await person.post("/api/billing/local/subscription", { action: "cancel" });
    const { id: userId } = ((await (await person.get("/api/me")).json()) as { user: { id: string } }).user;
    await testApp.database.db
      .update(userSubscriptions)
      .set({ currentPeriodStart: sql`current_period_start - interval '1 month'`, currentPeriodEnd: sql`current_period_end - interval '1 month'` })
      .where(eq(userSubscriptions.userId, userId));
    expect(await billingSummary(person)).toMatchObject({ subscription: { status: "canceled", hasAccess: false }, credits: { creditsTotal: 0 } });
  });
});

describe("BILLING=off", () => {
  let offApp: TestApp;
  beforeAll(async () => {
    offApp = await createTestApp({ env: { BILLING: "off" } });
  });
  afterAll(() => offApp.close());

  it("gives unlimited use and no billing calls", async () => {
    const person = await signedUpClient(offApp);
    expect(await billingSummary(person)).toEqual({ mode: "off" });
    const response = await person.upload("/api/documents", "Contract.pdf", contractPdf(`off ${Date.now()}`));
    const { document } = (await response.json()) as { document: DocumentSummary };
    expect(await (await person.post(`/api/documents/${document.id}/process`, { trigger: "start" })).json()).toMatchObject({ ok: true });
    expect((await person.post("/api/billing/subscribe", { plan: "pro" })).status).toBe(404);
    expect((await person.post("/api/billing/checkout", { type: "credit", quantity: 1 })).status).toBe(404);
    expect((await person.post("/api/billing/portal")).status).toBe(404);
  });
});

/** A Basic subscriber (one credit) with a document uploaded, not yet started. */
async function subscriberWithDocument(): Promise<{ person: HttpClient; document: DocumentSummary }> {
  const person = await signedUpClient(testApp);
  await subscribeLocally(person, "basic");
  return { person, document: await uploaded(person) };
}

const refundJobsOf = (documentId: string) =>
  testApp.database.db
    .select({ id: jobs.id, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.type, refundFailedProcessingJob.name), sql`${jobs.payload} ->> 'document_id' = ${documentId}`));

/**
 * A worker that fails crashed document jobs and can run nothing else: once it has committed a
 * failure and stops, it stands for a process that died between that commit and any reaction.
 */
function startProcessingOnlyWorker() {
  const registry = createJobRegistry();
  const silent = pino({ level: "silent" });
  registry.register(
    processDocumentJob,
    processDocumentHandler({
      db: testApp.database.db,
      pipeline: async () => {
        throw new Error("a job whose workers all died is not run again");
      },
      logger: silent,
      announce: async () => undefined,
      domainEvents: testApp.container.domainEvents,
    }),
  );
  return startJobWorker({ db: testApp.database.db, queue: testApp.container.jobs.queue, registry, logger: silent, pollIntervalMs: 20 });
}

describe("a failed document's refund, a job enqueued with the failure (ADR 036)", () => {
  it("is not lost when the process stops between the failing commit and the refund", async () => {
    const { person, document } = await subscriberWithDocument();
    await testApp.container.jobs.stopWorker();
    try {
      expect((await start(person, document.id)).ok).toBe(true);
      await markEveryAttemptCrashed(testApp.database.db, document.id);
      const dying = startProcessingOnlyWorker();
      await waitForStatus(person, document.id, ["failed"]);
      await dying.stop();
      // The failure committed with its refund waiting as a job; nothing has given the credit back yet.
      expect(await refundJobsOf(document.id)).toEqual([{ id: expect.any(String), status: "queued" }]);
      expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
    } finally {
      testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    }
    await expect.poll(async () => (await credits(person)).creditsAvailable, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => refundJobsOf(document.id)).toEqual([{ id: expect.any(String), status: "completed" }]);
  });

  it("is given once, even when its job runs again after the refund committed and the document was charged again meanwhile", async () => {
    const { person, document } = await subscriberWithDocument();
    await enqueueAsIfEveryAttemptCrashed(testApp, document.id, async () => {
      expect((await start(person, document.id)).ok).toBe(true);
    });
    await waitForStatus(person, document.id, ["failed"]);
    await expect.poll(async () => (await refundJobsOf(document.id))[0]?.status, { timeout: 10_000 }).toBe("completed");
    expect(await credits(person)).toMatchObject({ creditsUsed: 0, creditsAvailable: 1 });

    expect((await start(person, document.id, "retry")).ok).toBe(true);
    await waitForStatus(person, document.id, ["completed"]);
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });

    // As if the refund's worker had died after the refund committed, before its job was marked done.
    const [refund] = await refundJobsOf(document.id);
    await testApp.database.db
      .update(jobs)
      .set({ status: "queued", runAfter: sql`now()`, completedAt: null })
      .where(eq(jobs.id, refund!.id));
    testApp.container.jobs.poke();
    await expect.poll(async () => (await refundJobsOf(document.id))[0]?.status, { timeout: 10_000 }).toBe("completed");
    expect((await usageRows(document.id))[0]!.refundedAt).toBeNull();
    expect(await credits(person)).toMatchObject({ creditsUsed: 1, creditsAvailable: 0 });
  });
});
