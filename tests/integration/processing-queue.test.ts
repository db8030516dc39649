import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPdf } from "../support/documents/test-fixtures";
import { processingJobs } from "../../src/server/db/schema/index";
import { createProcessingQueue } from "../../src/server/modules/documents/processing-queue";
import type { DocumentSummary } from "../../src/shared/documents";
import { signedUpClient } from "../support/accounts";
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

describe("the processing queue", () => {
  it("never hands one job to two workers, even when they claim at the same moment", async () => {
    const ids = await Promise.all(Array.from({ length: 4 }, () => queuedDocument()));
    const queues = ["worker-a", "worker-b"].map((workerId) => ({ workerId, queue: createProcessingQueue(testApp.database.db, { leaseSeconds: 60 }) }));
    const claims = await Promise.all(Array.from({ length: 8 }, (_, index) => queues[index % 2]!).map(({ queue, workerId }) => queue.claim(workerId)));
    const claimed = claims.filter((claim) => claim !== undefined).map((claim) => claim.documentId);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it("a lapsed lease passes the job to another worker, and the first one loses it", async () => {
    await testApp.database.db.update(processingJobs).set({ status: "completed" }).where(eq(processingJobs.status, "running"));
    const id = await queuedDocument();
    const queue = createProcessingQueue(testApp.database.db, { leaseSeconds: 60 });
    const first = (await queue.claim("crashed-worker"))!;
    expect(first.documentId).toBe(id);
    expect(await queue.claim("other-worker")).toBeUndefined();

    await testApp.database.db.execute(sql`update processing_jobs set locked_until = now() - interval '1 second' where id = ${first.id}`);
    const second = (await queue.claim("other-worker"))!;
    expect(second).toMatchObject({ id: first.id, attempts: 2 });
    expect(await queue.heartbeat(first.id, "crashed-worker", { stage: "extract", done: 1, total: 1 })).toBe(false);
    expect(await queue.complete(first.id, "crashed-worker")).toBe(false);
    // Nor can it requeue or fail the document under the worker that took over.
    expect(await queue.scheduleRetry(first, "crashed-worker", 10, "Processing failed.")).toBe(false);
    expect(await queue.fail(first, "crashed-worker", "Processing failed.")).toBe(false);
    expect(await statusOf(id)).toBe("processing");
    expect(await queue.complete(second.id, "other-worker")).toBe(true);
  });

  it("a document whose worker died mid-job is finished by another worker", async () => {
    const id = await queuedDocument();
    const dead = createProcessingQueue(testApp.database.db, { leaseSeconds: 1 });
    expect((await dead.claim("killed-worker"))?.documentId).toBe(id);
    expect(await statusOf(id)).toBe("processing");
    testApp.container.startProcessingWorker({ pollIntervalMs: 100 });
    const deadline = Date.now() + 30_000;
    while ((await statusOf(id)) !== "completed" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(id)).toBe("completed");
  });

  it("a job that keeps dying fails with a readable reason instead of running forever", async () => {
    // No worker here until the job looks like one whose worker died on every attempt.
    await testApp.container.stopProcessingWorker();
    const id = await queuedDocument();
    await testApp.database.db.execute(
      sql`update processing_jobs set status = 'running', attempts = max_attempts, locked_by = 'gone', locked_until = now() - interval '1 second' where document_id = ${id}`,
    );
    testApp.container.startProcessingWorker({ pollIntervalMs: 100 });
    const deadline = Date.now() + 30_000;
    while ((await statusOf(id)) !== "failed" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const { document } = (await (await owner.get(`/api/documents/${id}`)).json()) as { document: DocumentSummary };
    expect(document).toMatchObject({ status: "failed", failureReason: expect.stringMatching(/stopped unexpectedly/) });
  });
});
