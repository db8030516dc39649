import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPdf } from "../support/documents/test-fixtures";
import { documents, jobs } from "../../src/server/db/schema/index";
import { createJobQueue } from "../../src/server/jobs/job-queue";
import { processDocumentJob } from "../../src/server/modules/documents/documents.jobs";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { listProcessingJobs, processingJobsOf } from "../support/documents/processing";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let counter = 0;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
});
afterAll(() => testApp.close());

async function queuedDocument(): Promise<string> {
  const pdf = buildPdf([{ lines: [{ text: `1.1 Payment. Payer shall pay claim ${++counter} within 30 days.`, x: 72, y: 700 }] }]);
  const { document } = (await (await owner.upload("/api/documents", `contract-${counter}.pdf`, pdf)).json()) as { document: DocumentSummary };
  await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
  return document.id;
}

async function statusOf(id: string): Promise<string> {
  return ((await (await owner.get(`/api/documents/${id}`)).json()) as { document: DocumentSummary }).document.status;
}

describe("document processing jobs", () => {
  it("are document.process jobs keyed on their document, never handed to two workers at once", async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => queuedDocument()));
    const queue = createJobQueue(testApp.database.db, { leaseSeconds: 60 });
    const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => queue.claim(`worker-${index % 2}`, [processDocumentJob.name])));
    const claimed = claims.filter((claim) => claim !== undefined).map((claim) => (claim.payload as { document_id: string }).document_id);
    expect(claimed.sort()).toEqual([...ids].sort());
    // Each names the document's owner, so owners take turns at the queue (ADR 021).
    const [{ userId }] = (await testApp.database.db.select({ userId: documents.userId }).from(documents).where(eq(documents.id, ids[0]!))) as [
      { userId: string },
    ];
    for (const id of ids)
      expect(await listProcessingJobs(testApp.database.db, id)).toEqual([expect.objectContaining({ singletonKey: id, status: "running", ownerKey: userId })]);
    await testApp.database.db.update(jobs).set({ status: "completed" }).where(eq(jobs.status, "running"));
  });

  it("a document whose worker died mid-job is finished by another worker", async () => {
    const id = await queuedDocument();
    const dead = createJobQueue(testApp.database.db, { leaseSeconds: 1 });
    expect(await dead.claim("killed-worker", [processDocumentJob.name])).toMatchObject({ payload: { document_id: id } });
    testApp.container.jobs.startWorker({ pollIntervalMs: 100 });
    await expect.poll(() => statusOf(id), { timeout: 30_000 }).toBe("completed");
    // The document is marked completed inside the job; the job row is closed just after, so wait for it too.
    await expect
      .poll(() => listProcessingJobs(testApp.database.db, id), { timeout: 10_000 })
      .toEqual([expect.objectContaining({ status: "completed", attempts: 2 })]);
  });

  it("a job that keeps dying fails with a readable reason instead of running forever", async () => {
    // No worker here until the job looks like one whose worker died on every attempt.
    await testApp.container.jobs.stopWorker();
    const id = await queuedDocument();
    await testApp.database.db
      .update(jobs)
      .set({ status: "running", attempts: sql`max_attempts`, lockedBy: "gone", lockedUntil: sql`now() - interval '1 second'` })
      .where(processingJobsOf(id));
    testApp.container.jobs.startWorker({ pollIntervalMs: 100 });
    await expect.poll(() => statusOf(id), { timeout: 30_000 }).toBe("failed");
    const { document } = (await (await owner.get(`/api/documents/${id}`)).json()) as { document: DocumentSummary };
    expect(document).toMatchObject({ status: "failed", failureReason: expect.stringMatching(/stopped unexpectedly/) });
  });
});
