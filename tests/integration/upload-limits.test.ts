import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../src/server/db/schema/index";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { uploadMessages } from "../../src/shared/documents";
import { organizationMessages } from "../../src/shared/organizations";
import { signedUpClient } from "../support/accounts";
import { contractPdf } from "../support/documents/contract-pdf";
import type { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

const KIB = 1024;
const ACCOUNT_LIMIT_BYTES = 1024 * KIB; // ACCOUNT_STORAGE_LIMIT_MB=1
const UPLOADS_PER_HOUR = 12;

let testApp: TestApp;
const db = () => testApp.database.db;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off", ACCOUNT_STORAGE_LIMIT_MB: "1", UPLOADS_PER_HOUR: String(UPLOADS_PER_HOUR) } });
});
afterAll(() => testApp.close());

let copies = 0;
/** A different PDF each call, padded to `bytes` (a PDF reader ignores what follows %%EOF). */
function paddedPdf(bytes: number): Buffer {
  const pdf = contractPdf(`copy ${++copies} ${Date.now()}`);
  return Buffer.concat([pdf, Buffer.alloc(Math.max(0, bytes - pdf.byteLength), 0x20)]);
}

async function refusal(response: Response, status: number): Promise<{ code: string; message: string }> {
  expect(response.status, await response.clone().text()).toBe(status);
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

async function libraryOf(client: HttpClient): Promise<DocumentSummary[]> {
  return ((await (await client.get("/api/documents")).json()) as { documents: DocumentSummary[] }).documents;
}

const filesIn = (folder: string) => readdir(path.join(testApp.container.env.dataDir, folder)).catch(() => [] as string[]);
const storedFiles = () => filesIn("files/documents");
/** Uploads being received: empty once every request has been answered. */
const stagedFiles = () => filesIn("uploading");

describe("the storage limit of one person", () => {
  it("refuses the upload that would pass it, with its own words, and stores nothing", async () => {
    const person = await signedUpClient(testApp);
    expect((await person.upload("/api/documents", "First.pdf", paddedPdf(700 * KIB))).status).toBe(201);
    const before = await storedFiles();
    const refused = await person.upload("/api/documents", "Second.pdf", paddedPdf(400 * KIB));
    expect(await refusal(refused, 413)).toMatchObject({ code: "payload_too_large", message: uploadMessages.libraryFull(ACCOUNT_LIMIT_BYTES) });
    expect(uploadMessages.libraryFull(ACCOUNT_LIMIT_BYTES)).toContain("1 MB of storage");
    expect(await storedFiles()).toEqual(before);
    expect(await stagedFiles()).toEqual([]);
    expect((await libraryOf(person)).map((document) => document.filename)).toEqual(["First.pdf"]);
    // What still fits is taken, and a deletion makes room again.
    expect((await person.upload("/api/documents", "Small.pdf", paddedPdf(200 * KIB))).status).toBe(201);
    const first = (await libraryOf(person)).find((document) => document.filename === "First.pdf")!;
    expect((await person.request(`/api/documents/${first.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await person.upload("/api/documents", "Second.pdf", paddedPdf(400 * KIB))).status).toBe(201);
  });

  it("counts documents not yet processed, whatever their status", async () => {
    const person = await signedUpClient(testApp);
    const first = ((await (await person.upload("/api/documents", "Waiting.pdf", paddedPdf(600 * KIB))).json()) as { document: DocumentSummary }).document;
    for (const status of ["uploaded", "awaiting_credit", "failed", "queued"]) {
      await db().update(documents).set({ status }).where(eq(documents.id, first.id));
      const refused = await person.upload("/api/documents", "More.pdf", paddedPdf(600 * KIB));
      expect((await refusal(refused, 413)).message).toBe(uploadMessages.libraryFull(ACCOUNT_LIMIT_BYTES));
    }
  });

  it("refuses from the request's declared length alone, before reading the file", async () => {
    const person = await signedUpClient(testApp);
    let pulled = false;
    // A body that would fail the request if it were read at all (pulled only when read).
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.error(new Error("the body was read"));
        },
      },
      { highWaterMark: 0 },
    );
    const response = await testApp.app.request("/api/documents", {
      method: "POST",
      headers: {
        Origin: person.origin,
        Cookie: [...person.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(2 * ACCOUNT_LIMIT_BYTES),
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect((await refusal(response, 413)).message).toBe(uploadMessages.libraryFull(ACCOUNT_LIMIT_BYTES));
    expect(pulled).toBe(false);
  });

  it("holds when uploads arrive at the same moment: together they cannot pass it", async () => {
    const person = await signedUpClient(testApp);
    const files = Array.from({ length: 6 }, (_, index) => ({ name: `Concurrent ${index}.pdf`, bytes: paddedPdf(300 * KIB) }));
    const responses = await Promise.all(files.map((file) => person.upload("/api/documents", file.name, file.bytes)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413]);
    const stored = await libraryOf(person);
    expect(stored.reduce((total, document) => total + document.fileSize, 0)).toBeLessThanOrEqual(ACCOUNT_LIMIT_BYTES);
    const keys = await db()
      .select({ storageKey: documents.storageKey })
      .from(documents)
      .where(
        inArray(
          documents.id,
          stored.map((document) => document.id),
        ),
      );
    const storedNow = await storedFiles();
    // Every refused upload's file went again: only the three kept are in storage.
    for (const { storageKey } of keys) expect(storedNow).toContain(path.basename(storageKey));
    expect(await stagedFiles()).toEqual([]);
  });
});

describe("an upload cut off midway", () => {
  it("keeps nothing, staged or stored, and is not counted against the storage", async () => {
    const person = await signedUpClient(testApp);
    const boundary = "cut-off-boundary";
    const encoder = new TextEncoder();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0)
          controller.enqueue(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Cut.pdf"\r\n\r\n%PDF-1.7\n`));
        else if (sent < 20) controller.enqueue(new Uint8Array(16 * KIB).fill(0x20));
        else controller.error(new Error("the browser went away"));
        sent += 1;
      },
    });
    const before = await storedFiles();
    const response = await testApp.app.request("/api/documents", {
      method: "POST",
      headers: {
        Origin: person.origin,
        Cookie: [...person.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await stagedFiles()).toEqual([]);
    expect(await storedFiles()).toEqual(before);
    expect(await libraryOf(person)).toEqual([]);
  });
});

describe("the organization's storage limit", () => {
  it("holds for members uploading at the same moment", async () => {
    const admin = await signedUpClient(testApp, `admin-${Date.now()}@limits-${Date.now()}.example`);
    const organizationId = await organizationIdOf(admin);
    const member = await joinedMember(testApp, admin, organizationId);
    // A third member's library holds nearly all of it (their own limit is not what is tested here).
    const holder = await joinedMember(testApp, admin, organizationId);
    const first = ((await (await holder.client.upload("/api/documents", "Base.pdf", paddedPdf(10 * KIB))).json()) as { document: DocumentSummary }).document;
    const saved = await admin.request(`/api/organizations/${organizationId}`, {
      method: "PATCH",
      json: { name: "Tight Practice", maxUsers: 50, storageLimitGb: 1 },
    });
    expect(saved.status).toBe(200);
    // Room for one 300 KiB file, not two.
    await db()
      .update(documents)
      .set({ fileSize: 1024 ** 3 - 500 * KIB })
      .where(eq(documents.id, first.id));
    const responses = await Promise.all([
      admin.upload("/api/documents", "Admin's.pdf", paddedPdf(300 * KIB)),
      member.client.upload("/api/documents", "Member's.pdf", paddedPdf(300 * KIB)),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 413]);
    const refused = responses.find((response) => response.status === 413)!;
    expect((await refusal(refused, 413)).message).toBe(organizationMessages.storageFull(1));
  });
});

describe("the upload rate", () => {
  it("refuses uploads past the hourly limit with 429 and Retry-After, reading nothing", async () => {
    const person = await signedUpClient(testApp);
    // Refused attempts count too: they are charged before the file is read.
    for (let attempt = 0; attempt < UPLOADS_PER_HOUR; attempt++) {
      const response = await person.upload("/api/documents", `Attempt ${attempt}.exe`, new Uint8Array([0x4d, 0x5a]));
      expect(response.status).toBe(415);
    }
    const before = await storedFiles();
    const refused = await person.upload("/api/documents", "One more.pdf", paddedPdf(10 * KIB));
    const error = await refusal(refused, 429);
    expect(error.code).toBe("rate_limited");
    expect(error.message).toMatch(/^You have uploaded as many files as one person may in an hour\. Please wait (a minute|\d+ minutes) and try again\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedFiles()).toEqual(before);
    expect(await libraryOf(person)).toEqual([]);
    // The limit is the person's: someone else uploads meanwhile.
    const other = await signedUpClient(testApp);
    expect((await other.upload("/api/documents", "Theirs.pdf", paddedPdf(10 * KIB))).status).toBe(201);
  });
});
