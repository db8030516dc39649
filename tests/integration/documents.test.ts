import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractPages, contractPdf } from "../support/documents/contract-pdf";
import {
  enqueueAsIfEveryAttemptCrashed,
  listProcessingJobs,
  processedDocument,
  processingJobsOf,
  waitForStatus,
  withWorkerPaused,
} from "../support/documents/processing";
import { buildPdf } from "../support/documents/test-fixtures";
import { documentChunks, documentPages, documents, jobs } from "../../src/server/db/schema/index";
import type { ChatSessionDetail, SearchPassage } from "../../src/shared/contracts/chat";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { readEvents } from "../support/chat";
import { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;

let counter = 0;
/** A different valid PDF each call (the hash identifies duplicates). */
const nextContractPdf = () => contractPdf(String(++counter));

beforeAll(async () => {
  testApp = await createTestApp({ env: { MAX_UPLOAD_MB: "1", BILLING: "off" } });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
});
afterAll(() => testApp.close());

async function upload(client: HttpClient, filename: string, bytes: Uint8Array): Promise<Response> {
  return client.upload("/api/documents", filename, bytes);
}

async function uploaded(client: HttpClient, filename = "Aetna Provider Agreement.pdf"): Promise<DocumentSummary> {
  const response = await upload(client, filename, nextContractPdf());
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(testApp.container.env.dataDir, "files", "documents");
  return readdir(root).catch(() => []);
}

describe("upload", () => {
  it("stores a PDF as uploaded with its display type, size and date, listed newest first", async () => {
    const first = await uploaded(owner, "Regional Network Agreement.pdf");
    const second = await uploaded(owner, "Aetna Provider Agreement.pdf");
    expect(second).toMatchObject({ status: "uploaded", displayType: "Payer Contract", mimeType: "application/pdf", progress: null });
    expect(first.displayType).toBe("Network Agreement");
    const { documents: listed } = (await (await owner.get("/api/documents")).json()) as { documents: DocumentSummary[] };
    expect(listed.slice(0, 2).map((document) => document.id)).toEqual([second.id, first.id]);
  });

  it("refuses the same file twice with the spec's message", async () => {
    const bytes = nextContractPdf();
    expect((await upload(owner, "a.pdf", bytes)).status).toBe(201);
    const again = await upload(owner, "renamed copy.pdf", bytes);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: "conflict", message: "This document already exists in your library." } });
  });

  it.each([
    ["an empty file", "empty.pdf", new Uint8Array(), 422],
    ["a PNG named .pdf", "contract.pdf", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 415],
    ["a program", "setup.exe", new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 415],
    ["text named .pdf", "notes.pdf", new TextEncoder().encode("just some text, not a PDF"), 415],
    ["a file over the size limit", "big.pdf", new Uint8Array(1024 * 1024 + 1).fill(0x25), 413],
  ])("refuses %s and writes nothing", async (_, filename, bytes, status) => {
    const before = await storedFiles();
    const response = await upload(owner, filename, bytes);
    expect(response.status).toBe(status);
    expect(await storedFiles()).toEqual(before);
    const rows = await testApp.database.db.select().from(documents).where(eq(documents.filename, filename));
    expect(rows).toEqual([]);
  });

  it("keeps a path-like or HTML file name only as display text", async () => {
    const document = await uploaded(owner, "../../etc/<b>passwd</b>.pdf");
    expect(document.filename).toBe("b.pdf");
    const [row] = await testApp.database.db.select().from(documents).where(eq(documents.id, document.id));
    expect(row!.storageKey).toMatch(/^documents\/[0-9a-f-]{36}$/);
  });

  it("refuses a request without a file", async () => {
    const response = await owner.request("/api/documents", { method: "POST", form: new FormData() });
    expect(response.status).toBe(422);
  });
});

describe("another person's documents", () => {
  it("are invisible and untouchable", async () => {
    const document = await uploaded(owner);
    const { documents: theirs } = (await (await stranger.get("/api/documents")).json()) as { documents: DocumentSummary[] };
    expect(theirs.map((item) => item.id)).not.toContain(document.id);
    const attempts = [
      stranger.get(`/api/documents/${document.id}`),
      stranger.get(`/api/documents/${document.id}/file`),
      stranger.request(`/api/documents/${document.id}`, { method: "PATCH", json: { filename: "mine.pdf" } }),
      stranger.request(`/api/documents/${document.id}`, { method: "DELETE" }),
      stranger.post(`/api/documents/${document.id}/process`, { trigger: "start" }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await owner.get(`/api/documents/${document.id}`)).status).toBe(200);
  });

  it("need a session at all", async () => {
    const signedOut = new HttpClient(testApp);
    expect((await signedOut.get("/api/documents")).status).toBe(401);
    const document = await uploaded(owner);
    expect((await signedOut.post(`/api/documents/${document.id}/process`, { trigger: "reprocess" })).status).toBe(401);
  });
});

describe("rename, download and delete", () => {
  it("renames, keeping the extension, and refuses blank or unchanged names", async () => {
    const document = await uploaded(owner, "Old name.pdf");
    const rename = (filename: string) => owner.request(`/api/documents/${document.id}`, { method: "PATCH", json: { filename } });
    expect((await rename("   ")).status).toBe(422);
    expect((await rename("Old name.pdf")).status).toBe(422);
    const renamed = await rename("Cigna 2026");
    expect(await renamed.json()).toMatchObject({ document: { filename: "Cigna 2026.pdf", displayType: "PDF Document" } });
  });

  it("downloads the original bytes with a safe file name", async () => {
    const bytes = nextContractPdf();
    const { document } = (await (await upload(owner, "Blue Cross “2026” agreement.pdf", bytes)).json()) as { document: DocumentSummary };
    const response = await owner.get(`/api/documents/${document.id}/file`);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(bytes));
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="Blue Cross _2026_ agreement.pdf"; filename*=UTF-8''${encodeURIComponent("Blue Cross “2026” agreement.pdf")}`,
    );
  });
});

describe("processing", () => {
  beforeAll(() => {
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  });

  it("takes a PDF from uploaded through queued to Ready, with pages and clause chunks stored", async () => {
    const document = await uploaded(owner);
    const start = await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
    expect(start.status).toBe(200);
    expect(await start.json()).toMatchObject({ ok: true, document: { status: "queued" } });
    const done = await waitForStatus(owner, document.id, ["completed", "failed"]);
    expect(done).toMatchObject({ status: "completed", pageCount: 3, unreadablePages: [], progress: null });

    const pages = await testApp.database.db.select().from(documentPages).where(eq(documentPages.documentId, document.id));
    expect(pages.map((page) => page.pageNumber).sort()).toEqual([1, 2, 3]);
    const chunks = await testApp.database.db.select().from(documentChunks).where(eq(documentChunks.documentId, document.id));
    const termination = chunks.find((chunk) => chunk.clauseNumber === "2.1");
    expect(termination).toMatchObject({ pageStart: 2, heading: "Termination without Cause" });
    expect(termination!.text).toContain("one hundred twenty (120) days prior written notice");

    const { outline } = (await (await owner.get(`/api/documents/${document.id}/outline`)).json()) as {
      outline: { heading: string; clauseNumber: string | null; page: number }[];
    };
    expect(outline).toContainEqual(expect.objectContaining({ heading: "Article II TERM AND TERMINATION", page: 2 }));
    expect(outline).toContainEqual(expect.objectContaining({ clauseNumber: "2.1", heading: "2.1 Termination without Cause", page: 2 }));
    const { pages: pageTexts } = (await (await owner.get(`/api/documents/${document.id}/pages`)).json()) as { pages: { pageNumber: number; text: string }[] };
    expect(pageTexts[1]).toMatchObject({ pageNumber: 2, text: expect.stringContaining("Termination without Cause") });
    expect((await stranger.get(`/api/documents/${document.id}/outline`)).status).toBe(404);
    expect((await stranger.get(`/api/documents/${document.id}/pages`)).status).toBe(404);
  });

  it("a document whose stored file went missing answers 404 to download and fails processing with a reason", async () => {
    const document = await uploaded(owner);
    const [row] = await testApp.database.db.select().from(documents).where(eq(documents.id, document.id));
    await rm(path.join(testApp.container.env.dataDir, "files", row!.storageKey));
    const download = await owner.get(`/api/documents/${document.id}/file`);
    expect(download.status).toBe(404);
    expect(await download.json()).toMatchObject({ error: { message: "The original file of this document is missing from storage." } });
    await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
    const failed = await waitForStatus(owner, document.id, ["failed", "completed"]);
    expect(failed).toMatchObject({ status: "failed", failureReason: "The uploaded file is missing from storage. Delete this document and upload it again." });
  });

  it("refuses to start a document twice", async () => {
    const document = await uploaded(owner);
    await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
    const again = await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
    expect(again.status).toBe(409);
  });

  it("fails an encrypted PDF with a readable reason, and Retry queues it again", async () => {
    const response = await upload(owner, "locked.pdf", buildPdf(contractPages, { encrypt: true }));
    const { document } = (await response.json()) as { document: DocumentSummary };
    await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
    const failed = await waitForStatus(owner, document.id, ["failed", "completed"]);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/password/i);
    const retry = await owner.post(`/api/documents/${document.id}/process`, { trigger: "retry" });
    expect(await retry.json()).toMatchObject({ document: { status: "queued" } });
    expect((await waitForStatus(owner, document.id, ["failed", "completed"])).status).toBe("failed");
  });

  it("deleting a processed document leaves no pages, chunks, jobs or file behind", async () => {
    const document = await uploaded(owner);
    await owner.post(`/api/documents/${document.id}/process`, { trigger: "start" });
    await waitForStatus(owner, document.id, ["completed"]);
    const [row] = await testApp.database.db.select().from(documents).where(eq(documents.id, document.id));
    expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    const db = testApp.database.db;
    expect(await db.select().from(documentPages).where(eq(documentPages.documentId, document.id))).toEqual([]);
    expect(await db.select().from(documentChunks).where(eq(documentChunks.documentId, document.id))).toEqual([]);
    expect(await listProcessingJobs(db, document.id)).toEqual([]);
    expect(await storedFiles()).not.toContain(path.basename(row!.storageKey));
    expect((await owner.get(`/api/documents/${document.id}`)).status).toBe(404);
  });
});

describe("reprocess", () => {
  const db = () => testApp.database.db;
  const reprocess = (client: HttpClient, id: string) => client.post(`/api/documents/${id}/process`, { trigger: "reprocess" });
  const chunksOf = (id: string) => db().select().from(documentChunks).where(eq(documentChunks.documentId, id)).orderBy(documentChunks.ordinal);
  const jobsOf = (id: string) => listProcessingJobs(db(), id);

  beforeAll(() => {
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  });

  const processed = () => processedDocument(testApp, owner, "Aetna Provider Agreement.pdf", nextContractPdf());

  /** Asks through the chat and answers the NDJSON events (or the refusal's status). */
  async function ask(body: { documentId: string; sessionId?: string; question: string }) {
    const response = await owner.post("/api/chat/messages", body);
    if (response.status !== 200) return { status: response.status, error: ((await response.json()) as { error: { message: string } }).error, events: [] };
    const events = await readEvents(response);
    return { status: response.status, error: undefined, events };
  }

  it("rebuilds a completed document's passages; its old ones serve until then, and its conversations stay", async () => {
    const document = await processed();
    // As if processed before the outline was kept: Reprocess must bring the current reading.
    await db().update(documents).set({ outline: null }).where(eq(documents.id, document.id));
    const chunksBefore = await chunksOf(document.id);
    const first = await ask({ documentId: document.id, question: "How much notice to terminate without cause?" });
    const session = first.events.find((event) => event.type === "session");
    const answer = first.events.find((event) => event.type === "done");
    if (session?.type !== "session" || answer?.type !== "done") throw new Error(`no answer: ${JSON.stringify(first)}`);

    await withWorkerPaused(testApp, async () => {
      const started = await reprocess(owner, document.id);
      expect(started.status).toBe(200);
      expect(await started.json()).toMatchObject({ ok: true, document: { id: document.id, status: "queued", failureReason: null } });
      const queuedJob = (await jobsOf(document.id)).find((job) => job.status === "queued");
      expect(queuedJob?.payload).toEqual({ document_id: document.id, retry: false, reprocess: true });
      // Meanwhile: the library shows it waiting, its pages still read, and the chat says why it waits.
      const { documents: listed } = (await (await owner.get("/api/documents")).json()) as { documents: DocumentSummary[] };
      expect(listed.find((item) => item.id === document.id)).toMatchObject({ status: "queued", progress: { stage: "queued" } });
      expect(((await (await owner.get(`/api/documents/${document.id}/pages`)).json()) as { pages: unknown[] }).pages).toHaveLength(3);
      expect((await chunksOf(document.id)).map((chunk) => chunk.id)).toEqual(chunksBefore.map((chunk) => chunk.id));
      expect(await ask({ documentId: document.id, sessionId: session.session.id, question: "And with cause?" })).toMatchObject({
        status: 409,
        error: { message: "This document is not ready yet: you can ask about it once processing completes." },
      });
    });

    expect(await waitForStatus(owner, document.id, ["completed", "failed"])).toMatchObject({
      status: "completed",
      pageCount: 3,
      failureReason: null,
      progress: null,
    });
    const chunksAfter = await chunksOf(document.id);
    expect(chunksAfter.length).toBeGreaterThan(0);
    expect(chunksAfter.map((chunk) => chunk.id)).not.toContain(chunksBefore[0]!.id);
    // The question before read the old passages into this process's index; a search now reads the new ones.
    const searched = await owner.get(`/api/documents/${document.id}/search?q=${encodeURIComponent("terminate without cause")}`);
    const { passages } = (await searched.json()) as { passages: SearchPassage[] };
    expect(passages.length).toBeGreaterThan(0);
    expect(chunksAfter.map((chunk) => chunk.id)).toEqual(expect.arrayContaining(passages.map((passage) => passage.chunkId)));
    expect(chunksAfter.find((chunk) => chunk.clauseNumber === "2.1")?.text).toContain("one hundred twenty (120) days prior written notice");
    const { outline } = (await (await owner.get(`/api/documents/${document.id}/outline`)).json()) as { outline: { clauseNumber: string | null }[] };
    expect(outline.map((entry) => entry.clauseNumber)).toEqual(expect.arrayContaining(["1.1", "2.1"]));
    // The job row closes just after the document it finished; wait for it rather than race it.
    await expect.poll(async () => (await jobsOf(document.id)).map((job) => job.status).sort()).toEqual(["completed", "completed"]);

    // The conversation is whole, its citations as they were (they point at page and quote), and it goes on.
    const detail = (await (await owner.get(`/api/chat/sessions/${session.session.id}`)).json()) as ChatSessionDetail;
    expect(detail.messages.map((message) => message.id)).toEqual([session.userMessage.id, answer.message.id]);
    expect(detail.messages[1]!.metadata).toEqual(answer.message.metadata);
    const followUp = await ask({ documentId: document.id, sessionId: session.session.id, question: "How long do we have to file claims?" });
    expect(followUp.events.at(-1)).toMatchObject({ type: "done", message: { content: expect.stringContaining("ninety (90) days") } });
  });

  it("is refused with 409 for a document that is not completed, and queues nothing", async () => {
    const fresh = await uploaded(owner);
    const locked = (
      (await (
        await upload(owner, "locked reprocess.pdf", buildPdf([...contractPages, { lines: [{ text: "locked copy", x: 72, y: 720 }] }], { encrypt: true }))
      ).json()) as { document: DocumentSummary }
    ).document;
    await owner.post(`/api/documents/${locked.id}/process`, { trigger: "start" });
    await waitForStatus(owner, locked.id, ["failed"]);
    const waiting = await uploaded(owner);
    const refusals: [DocumentSummary, string][] = [
      [fresh, "uploaded"],
      [locked, "failed"],
      [waiting, "queued"],
    ];
    await withWorkerPaused(testApp, async () => {
      await owner.post(`/api/documents/${waiting.id}/process`, { trigger: "start" });
      for (const [document, status] of refusals) {
        const jobsBefore = await jobsOf(document.id);
        const response = await reprocess(owner, document.id);
        expect(response.status).toBe(409);
        expect(await response.json()).toMatchObject({
          error: { code: "conflict", message: `Only a completed document can be reprocessed (this one is ${status}).` },
        });
        expect(await jobsOf(document.id)).toEqual(jobsBefore);
        expect((await waitForStatus(owner, document.id, [status])).status).toBe(status);
      }
    });
  });

  it("is refused while the document's last job is still winding down", async () => {
    const document = await processed();
    await withWorkerPaused(testApp, async () => {
      // The pipeline completes the document a moment before its job is marked completed.
      await db().update(jobs).set({ status: "running" }).where(processingJobsOf(document.id));
      const response = await reprocess(owner, document.id);
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ error: { message: "This document is still finishing its last processing. Try again in a moment." } });
      expect(await jobsOf(document.id)).toHaveLength(1);
      await db().update(jobs).set({ status: "completed" }).where(processingJobsOf(document.id));
    });
  });

  it("answers 404 for another person's document and touches nothing", async () => {
    const document = await processed();
    const response = await reprocess(stranger, document.id);
    expect(response.status).toBe(404);
    expect(await jobsOf(document.id)).toHaveLength(1);
    expect((await owner.get(`/api/documents/${document.id}`)).status).toBe(200);
    expect((await waitForStatus(owner, document.id, ["completed"])).status).toBe("completed");
  });

  it("refuses a body that is not JSON (400) or names an unknown trigger (422)", async () => {
    const document = await processed();
    const notJson = await owner.request(`/api/documents/${document.id}/process`, { method: "POST", headers: { "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
    const unknown = await owner.post(`/api/documents/${document.id}/process`, { trigger: "rebuild" });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ error: { code: "validation_failed", message: "The trigger must be start, retry or reprocess." } });
    expect(await jobsOf(document.id)).toHaveLength(1);
  });

  it("a reprocess that fails leaves the document completed with its earlier passages, and says why", async () => {
    const document = await processed();
    const chunksBefore = await chunksOf(document.id);
    await enqueueAsIfEveryAttemptCrashed(testApp, document.id, async () => {
      expect((await reprocess(owner, document.id)).status).toBe(200);
    });
    await expect.poll(async () => (await jobsOf(document.id)).map((job) => job.status).sort()).toEqual(["completed", "failed"]);
    expect(await waitForStatus(owner, document.id, ["completed", "failed"])).toMatchObject({
      status: "completed",
      pageCount: 3,
      failureReason: "It stopped unexpectedly several times. Please reprocess it again or contact support.",
    });
    expect((await chunksOf(document.id)).map((chunk) => chunk.id)).toEqual(chunksBefore.map((chunk) => chunk.id));
    expect((await ask({ documentId: document.id, question: "How long do we have to file claims?" })).status).toBe(200);

    // Reprocessing again clears the note once it succeeds.
    expect((await reprocess(owner, document.id)).status).toBe(200);
    await expect.poll(async () => (await jobsOf(document.id)).filter((job) => job.status === "completed"), { timeout: 30_000 }).toHaveLength(2);
    expect(await waitForStatus(owner, document.id, ["completed"])).toMatchObject({ failureReason: null });
  });
});
