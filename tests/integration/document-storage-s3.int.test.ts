import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../src/server/db/schema/index";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { contractPdf } from "../support/documents/contract-pdf";
import type { HttpClient } from "../support/http-client";
import { startS3Server, type S3Server } from "../support/s3-server";
import { createTestApp, type TestApp } from "../support/test-app";

let s3: S3Server;
let testApp: TestApp;
let owner: HttpClient;

beforeAll(async () => {
  s3 = await startS3Server();
  testApp = await createTestApp({ env: { ...s3.env, BILLING: "off" } });
  testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  owner = await signedUpClient(testApp);
});
afterAll(async () => {
  await testApp.close();
  await s3.close();
});

async function storageKeyOf(id: string): Promise<string> {
  const [row] = await testApp.database.db.select({ storageKey: documents.storageKey }).from(documents).where(eq(documents.id, id));
  return row!.storageKey;
}

describe("documents with STORAGE=s3", () => {
  it("upload → process → download → delete keep the original in the bucket, never on local disk", async () => {
    const bytes = contractPdf("s3");
    const upload = await owner.upload("/api/documents", "Aetna Provider Agreement.pdf", bytes);
    expect(upload.status).toBe(201);
    const { document } = (await upload.json()) as { document: DocumentSummary };
    const key = await storageKeyOf(document.id);
    expect(await s3.hasObject(key)).toBe(true);
    expect(await readdir(path.join(testApp.container.env.dataDir, "files")).catch(() => [])).toEqual([]);

    expect((await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" })).status).toBe(200);
    const statusOf = async () => ((await (await owner.get(`/api/documents/${document.id}`)).json()) as { document: DocumentSummary }).document;
    await expect.poll(async () => (await statusOf()).status, { timeout: 60_000, interval: 100 }).toMatch(/^(completed|failed)$/);
    expect(await statusOf()).toMatchObject({ status: "completed", pageCount: 3 });

    const download = await owner.get(`/api/documents/${document.id}/file`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array(bytes));

    expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await s3.hasObject(key)).toBe(false);
    expect((await owner.get(`/api/documents/${document.id}/file`)).status).toBe(404);
  }, 90_000);

  it("a delete the storage cannot carry out leaves the document in the library, to delete again", async () => {
    const upload = await owner.upload("/api/documents", "Humana Agreement.pdf", contractPdf("s3 outage"));
    const { document } = (await upload.json()) as { document: DocumentSummary };
    const key = await storageKeyOf(document.id);

    await s3.stop();
    try {
      expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(500);
      expect((await owner.get(`/api/documents/${document.id}`)).status).toBe(200);
    } finally {
      await s3.restart();
    }
    expect(await s3.hasObject(key)).toBe(true);
    expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await owner.get(`/api/documents/${document.id}`)).status).toBe(404);
    expect(await s3.hasObject(key)).toBe(false);
  }, 90_000);
});
