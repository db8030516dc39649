import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../../src/server/db/client";
import { jobs } from "../../../src/server/db/schema/index";
import { processingJobsOf } from "../../../src/server/modules/documents/documents.repo";
import type { DocumentSummary } from "../../../src/shared/contracts/documents";
import type { HttpClient } from "../http-client";
import type { TestApp } from "../test-app";

export { processingJobsOf };

export function listProcessingJobs(db: Database, documentId: string) {
  return db.select().from(jobs).where(processingJobsOf(documentId));
}

/** As if the backoff before the document's next attempt had passed. */
export async function makeRetryDue(db: Database, documentId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAfter: sql`now()` })
    .where(and(processingJobsOf(documentId), eq(jobs.status, "queued")));
}

export async function waitForStatus(client: HttpClient, id: string, statuses: string[], timeoutMs = 30_000): Promise<DocumentSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { document } = (await (await client.get(`/api/documents/${id}`)).json()) as { document: DocumentSummary };
    if (statuses.includes(document.status)) return document;
    if (Date.now() > deadline) throw new Error(`still ${document.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads a file through the API. */
export async function uploadedDocument(client: HttpClient, filename: string, bytes: Uint8Array): Promise<DocumentSummary> {
  const response = await client.upload("/api/documents", filename, bytes);
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

/** Uploads a file through the API, processes it with the app's own worker and waits until it is completed. */
export async function processedDocument(testApp: TestApp, client: HttpClient, filename: string, bytes: Uint8Array): Promise<DocumentSummary> {
  const document = await uploadedDocument(client, filename, bytes);
  testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  const started = await client.post(`/api/documents/${document.id}/process`, { trigger: "start" });
  expect(started.status).toBe(200);
  return waitForStatus(client, document.id, ["completed"]);
}

/** Runs `during` with no worker taking jobs here, so a queued document stays queued meanwhile. */
export async function withWorkerPaused(testApp: TestApp, during: () => Promise<void>): Promise<void> {
  await testApp.container.jobs.stopWorker();
  try {
    await during();
  } finally {
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  }
}

/**
 * Runs `enqueue`, then makes the document's queued job look like one whose worker died on every
 * attempt, with no worker running meanwhile (else one could take the job first and finish it);
 * the worker, started again, takes it over and fails it for good as a failure of ours.
 */
export async function enqueueAsIfEveryAttemptCrashed(testApp: TestApp, documentId: string, enqueue: () => Promise<void>): Promise<void> {
  await withWorkerPaused(testApp, async () => {
    await enqueue();
    await markEveryAttemptCrashed(testApp.database.db, documentId);
  });
}

/** The document's queued job as if its worker had died on every attempt: the next worker fails it for good, as a failure of ours. */
export async function markEveryAttemptCrashed(db: Database, documentId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ status: "running", attempts: sql`max_attempts`, lockedBy: "gone", lockedUntil: sql`now() - interval '1 second'` })
    .where(and(processingJobsOf(documentId), eq(jobs.status, "queued")));
}
