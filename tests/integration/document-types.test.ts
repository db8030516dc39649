import { readFileSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minReadableConfidence } from "../../src/server/adapters/extract/text";
import { documentChunks, documentPages } from "../../src/server/db/schema/index";
import type { DocumentPageText, DocumentSummary, OutlineEntry } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { contractPdf } from "../support/documents/contract-pdf";
import { listProcessingJobs, makeRetryDue, waitForStatus } from "../support/documents/processing";
import { blankPagesPdf, blankTiff, flateBombPdf, hugePng } from "../support/documents/hostile-files";
import { buildDocx, buildPdf, multiPageTiff, renderTextPng, w } from "../support/documents/test-fixtures";
import { buildDoc } from "../support/documents/word97-doc";
import { fixturesDirectory } from "../support/documents/write-fixtures";
import type { HttpClient } from "../support/http-client";
import { embeddingsEnv, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../support/openai-compatible-server";
import { createTestApp, type TestApp } from "../support/test-app";

// Every accepted file type through the HTTP app as a person uses it: upload, Process, read the
// pages and outline back. Scans go to the app's own OCR (tesseract.js, English model from
// node_modules); embeddings go to a local OpenAI-compatible server, which can be made to fail.

const fixture = (name: string) => readFileSync(path.join(fixturesDirectory, name));
/** A few numbers per passage: the stand-in embeddings model's vectors. */
const embedLetters = (text: string) => [text.length % 7, (text.match(/\d/g) ?? []).length, 1];

let embeddings: OpenAiCompatibleServer;
let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;

beforeAll(async () => {
  embeddings = await startOpenAiCompatibleServer();
  embeddings.embedWith({ kind: "vectors", embed: embedLetters });
  testApp = await createTestApp({
    env: { BILLING: "off", ...embeddingsEnv(embeddings, "test-embedder", 5000) },
  });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
  testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
});
afterAll(async () => {
  await testApp.close();
  await embeddings.close();
});

const db = () => testApp.database.db;

async function upload(client: HttpClient, filename: string, bytes: Uint8Array): Promise<DocumentSummary> {
  const response = await client.upload("/api/documents", filename, bytes);
  expect(response.status).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

async function startProcessing(client: HttpClient, id: string): Promise<void> {
  const response = await client.post(`/api/documents/${id}/process`, { trigger: "start" });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true, document: { status: "queued" } });
}

async function summaryOf(client: HttpClient, id: string): Promise<DocumentSummary> {
  return ((await (await client.get(`/api/documents/${id}`)).json()) as { document: DocumentSummary }).document;
}

async function pagesOf(client: HttpClient, id: string): Promise<DocumentPageText[]> {
  const response = await client.get(`/api/documents/${id}/pages`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { pages: DocumentPageText[] }).pages;
}

async function outlineOf(client: HttpClient, id: string): Promise<OutlineEntry[]> {
  const response = await client.get(`/api/documents/${id}/outline`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { outline: OutlineEntry[] }).outline;
}

async function storedRows(id: string) {
  return {
    pages: await db().select().from(documentPages).where(eq(documentPages.documentId, id)).orderBy(asc(documentPages.pageNumber)),
    chunks: await db().select().from(documentChunks).where(eq(documentChunks.documentId, id)),
    jobs: await listProcessingJobs(db(), id),
  };
}

// ---------------------------------------------------------------------------------------------
// Files for the accepted types

const scannedPage = () => fixture("scanned-page.png");

/** A second scanned page the same size as scanned-page.png (1400 × 324 at 36 px), so sharp can join them into one TIFF. */
const secondScanLines = [
  "ARTICLE 4. TERM AND TERMINATION",
  "4.1 Each party may terminate this Agreement on",
  "one hundred twenty (120) days prior written notice.",
  "4.2 Payment terms survive termination of this Agreement.",
];

/** Pixels of noise (a multiplicative hash of the index), the size of `like`: a scanned page no OCR can read. */
async function noisePage(like: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(like).metadata();
  const pixels = Buffer.from(Array.from({ length: width * height }, (_, index) => ((index * 2654435761) >>> 24) & 0xff));
  return sharp(pixels, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

/** Subjects of distinct clauses (identical lines on every page would be dropped as running headers). */
const clauseSubjects = [
  "Medical Records",
  "Credentialing",
  "Claims Submission",
  "Prior Authorization",
  "Member Eligibility",
  "Coordination of Benefits",
  "Appeals",
  "Audits",
  "Confidentiality",
  "Insurance",
  "Indemnification",
  "Notices",
  "Assignment",
  "Governing Law",
];
const clauseBody = (subject: string) =>
  `The Provider shall comply with the Plan's ${subject.toLowerCase()} policy as amended from time to time, and the Plan shall give written notice of each change to the ${subject.toLowerCase()} policy. `.repeat(
    3,
  );

/** Paragraphs of a Word 97-2003 contract, long enough for three estimated pages (about 3,000 characters each). */
const docParagraphs = [
  "MEDICAID MANAGED CARE PROVIDER AGREEMENT",
  "ARTICLE 1. DEFINITIONS",
  "1.1 \u201cMember\u201d means a person enrolled in the Plan under the State Medicaid program.",
  ...clauseSubjects.slice(0, 6).map((subject, index) => `1.${index + 2} ${subject}. ${clauseBody(subject)}`),
  "ARTICLE 2. CLAIMS",
  "2.1 Timely Filing. Provider shall submit claims within one hundred twenty (120) days of the date of service.",
  ...clauseSubjects.slice(6, 12).map((subject, index) => `2.${index + 2} ${subject}. ${clauseBody(subject)}`),
];

/** A .docx with no page breaks at all: Word recorded no layout, so its pages can only be estimated. */
function unbrokenDocx(): Buffer {
  const clauses = clauseSubjects.map((subject, index) => w.p(`${index + 1}. ${subject}. ${clauseBody(subject)}`));
  return buildDocx([w.p("PROVIDER SERVICES AGREEMENT", { style: "Heading1" }), ...clauses].join(""), { deflate: true });
}

interface AcceptedType {
  label: string;
  filename: string;
  bytes: () => Uint8Array | Promise<Uint8Array>;
  mimeType: string;
  displayType: string;
  pageCount: number;
  pageNumbersEstimated: boolean;
  method: "text" | "ocr";
  /** A phrase that must be on the page with this number. */
  pageText: Record<number, string>;
  /** An entry the outline must have (a clause or heading and the page it starts on). */
  outline: Partial<OutlineEntry>;
}

const acceptedTypes: AcceptedType[] = [
  {
    label: "a text PDF",
    filename: "Clinic services.pdf",
    bytes: () => fixture("payer-agreement.pdf"),
    mimeType: "application/pdf",
    displayType: "PDF Document",
    pageCount: 2,
    pageNumbersEstimated: false,
    method: "text",
    pageText: { 1: "Main Street Family Practice", 2: "3. TIMELY FILING. Claims must be filed within 90 days." },
    // Clause 3 shares a passage with its short neighbours: the outline still lists it.
    outline: { clauseNumber: "3", page: 2 },
  },
  {
    label: "an image-only (scanned) PDF",
    filename: "Scanned fax.pdf",
    bytes: () => fixture("scanned-page.pdf"),
    mimeType: "application/pdf",
    displayType: "PDF Document",
    pageCount: 1,
    pageNumbersEstimated: false,
    method: "ocr",
    pageText: { 1: "Provider shall submit claims within ninety (90) days" },
    outline: { heading: "Article 3 CLAIMS AND PAYMENT", page: 1 },
  },
  {
    label: "a .docx with a page break",
    filename: "Clinic services.docx",
    bytes: () => fixture("payer-agreement.docx"),
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    displayType: "Word Document",
    pageCount: 2,
    pageNumbersEstimated: false,
    method: "text",
    pageText: { 1: "Acme Health Plan and Main Street Family Practice", 2: "99213\tOffice visit, established patient\t$85.00" },
    outline: { heading: "PARTICIPATING PROVIDER AGREEMENT", page: 1 },
  },
  {
    label: "a .docx with no page breaks",
    filename: "Services terms.docx",
    bytes: unbrokenDocx,
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    displayType: "Word Document",
    pageCount: 3,
    pageNumbersEstimated: true,
    method: "text",
    pageText: { 1: "PROVIDER SERVICES AGREEMENT", 3: "14. Governing Law. The Provider shall comply" },
    outline: { clauseNumber: "11", heading: "11 Indemnification", page: 3 },
  },
  {
    label: "a Word 97-2003 .doc",
    filename: "State terms.doc",
    bytes: () => buildDoc(docParagraphs),
    mimeType: "application/msword",
    displayType: "Word Document",
    pageCount: 3,
    pageNumbersEstimated: true,
    method: "text",
    pageText: {
      1: "1.1 \u201cMember\u201d means a person enrolled in the Plan",
      2: "2.1 Timely Filing. Provider shall submit claims within one hundred twenty (120) days",
      3: "2.7 Notices. The Provider shall comply",
    },
    outline: { clauseNumber: "2.5", heading: "2.5 Insurance", page: 3 },
  },
  ...[
    { label: "a .png scan", filename: "Fax page.png", bytes: scannedPage, mimeType: "image/png" },
    { label: "a .jpg photo", filename: "Fax page.jpg", bytes: () => sharp(scannedPage()).jpeg({ quality: 90 }).toBuffer(), mimeType: "image/jpeg" },
    { label: "a .jpeg photo", filename: "Fax page.jpeg", bytes: () => sharp(scannedPage()).jpeg({ quality: 80 }).toBuffer(), mimeType: "image/jpeg" },
    { label: "a .webp image", filename: "Fax page.webp", bytes: () => sharp(scannedPage()).webp({ quality: 90 }).toBuffer(), mimeType: "image/webp" },
  ].map((image): AcceptedType => ({
    ...image,
    displayType: "Document",
    pageCount: 1,
    pageNumbersEstimated: false,
    method: "ocr",
    pageText: { 1: "3.2 Payer shall pay clean claims within thirty (30) days." },
    outline: { heading: "Article 3 CLAIMS AND PAYMENT", page: 1 },
  })),
  {
    label: "a two-page .tiff",
    filename: "Fax pages.tiff",
    bytes: async () => multiPageTiff([scannedPage(), renderTextPng(secondScanLines, { fontSize: 36, width: 1400 })]),
    mimeType: "image/tiff",
    displayType: "Document",
    pageCount: 2,
    pageNumbersEstimated: false,
    method: "ocr",
    pageText: { 1: "Provider shall submit claims within ninety (90) days", 2: "4.1 Each party may terminate this Agreement" },
    outline: { heading: "Article 4 TERM AND TERMINATION", page: 2 },
  },
];

describe("each accepted file type", () => {
  // Scans are read by real OCR; on a busy machine one can take longer than the default 30 s test time.
  it.each(acceptedTypes)("$label uploads, processes to Ready, and its pages and outline read back", { timeout: 60_000 }, async (type) => {
    const document = await upload(owner, type.filename, await type.bytes());
    expect(document).toMatchObject({ status: "uploaded", mimeType: type.mimeType, displayType: type.displayType, pageCount: null });

    await startProcessing(owner, document.id);
    const done = await waitForStatus(owner, document.id, ["completed", "failed"]);
    expect(done).toMatchObject({
      status: "completed",
      failureReason: null,
      pageCount: type.pageCount,
      pageNumbersEstimated: type.pageNumbersEstimated,
      unreadablePages: [],
      progress: null,
    });

    const pages = await pagesOf(owner, document.id);
    expect(pages.map((page) => page.pageNumber)).toEqual(Array.from({ length: type.pageCount }, (_, index) => index + 1));
    for (const page of pages) expect(page).toMatchObject({ method: type.method, isUnreadable: false, text: expect.stringMatching(/\w/) });
    for (const [pageNumber, phrase] of Object.entries(type.pageText)) expect(pages[Number(pageNumber) - 1]!.text).toContain(phrase);

    const outline = await outlineOf(owner, document.id);
    expect(outline.length).toBeGreaterThan(0);
    expect(outline).toContainEqual(expect.objectContaining(type.outline));
    for (const entry of outline) expect(entry.page).toBeLessThanOrEqual(type.pageCount);

    expect((await stranger.get(`/api/documents/${document.id}/pages`)).status).toBe(404);
  });
});

/** Uploads and processes a file that must fail for good: on its first attempt (retrying cannot fix the file), with nothing half-written. */
async function failedForGood(filename: string, bytes: Uint8Array, timeoutMs?: number): Promise<DocumentSummary> {
  const document = await upload(owner, filename, bytes);
  await startProcessing(owner, document.id);
  const failed = await waitForStatus(owner, document.id, ["failed", "completed"], timeoutMs);
  // Nothing half-written: no pages or chunks, and the job failed on its first attempt (retrying cannot fix the file).
  expect(await pagesOf(owner, document.id)).toEqual([]);
  expect(await outlineOf(owner, document.id)).toEqual([]);
  const rows = await storedRows(document.id);
  expect(rows.pages).toEqual([]);
  expect(rows.chunks).toEqual([]);
  expect(rows.jobs.map((job) => ({ status: job.status, attempts: job.attempts }))).toEqual([{ status: "failed", attempts: 1 }]);
  return failed;
}

describe("files that upload but cannot be read", () => {
  it("a truncated PDF ends as failed with a reason that says what to do, and writes no pages or chunks", async () => {
    const failed = await failedForGood("Cut short.pdf", fixture("truncated.pdf"));
    expect(failed).toMatchObject({
      status: "failed",
      failureReason: "This PDF is damaged and can't be read. Open it and save or export it as PDF again, then upload the new copy.",
      pageCount: null,
      unreadablePages: [],
    });
  });

  it("a zip-bomb DOCX (60 MB of XML in a 60 KB file) is refused unread, and writes no pages or chunks", async () => {
    const bomb = buildDocx(`${w.p("Start")}<w:p><w:r><w:t>${"A".repeat(60 * 1024 * 1024)}</w:t></w:r></w:p>`, { deflate: true });
    expect(bomb.length).toBeLessThan(200_000);
    const failed = await failedForGood("Inflated.docx", bomb);
    expect(failed).toMatchObject({
      status: "failed",
      failureReason: "This document is too large to process. Split it into smaller files and upload them again.",
      pageCount: null,
    });
  });
});

// Hostile files (issue 20, item 5): each is refused or ends quickly, reading no page it need not, with bounded memory.
// How long each takes and how much memory it costs is measured by the bench (bench/hostile-files.ts), not here.
describe("hostile files", () => {
  const noText = { pdf: "No text could be found in this PDF.", image: "No text could be found in this image." };
  const tooLarge = "This image is too large to process. Scan it at a lower resolution and upload it again.";

  it.each<[string, string, () => Promise<Buffer>, string]>([
    ["a 200 KB PDF of 2,000 blank pages (no page rendered or OCRed)", "Blank.pdf", async () => blankPagesPdf(2000), noText.pdf],
    ["a 144-megapixel PNG (refused from its header)", "Poster.png", () => hugePng(12_000, 12_000), tooLarge],
    ["a PDF whose picture is a 200 MiB Flate bomb (left undrawn, never inflated)", "Bomb.pdf", () => flateBombPdf(200), noText.pdf],
    // Letter at 100 dpi keeps the test short; the bench reads 500 pages at 200 dpi.
    [
      "a 500-page blank TIFF (every page found blank, none OCRed)",
      "Blank.tif",
      async () => blankTiff(500, { width: 850, height: 1100, dpi: 100 }),
      noText.image,
    ],
  ])("%s fails for good on its first attempt with a reason, writing nothing", { timeout: 180_000 }, async (_, filename, build, reason) => {
    const bytes = await build();
    expect(bytes.length).toBeLessThan(500_000);
    const failed = await failedForGood(filename, bytes, 150_000);
    expect(failed).toMatchObject({ status: "failed", failureReason: reason, pageCount: null });
  });

  it(
    "a PDF of 1,000 blank pages around one page of text completes with every page, the blank ones empty and not unreadable",
    { timeout: 120_000 },
    async () => {
      const pages = Array.from({ length: 1001 }, (_, index) =>
        index === 500 ? { lines: [{ text: "12. TERM. This Agreement lasts three (3) years from the Effective Date.", x: 72, y: 720 }] } : {},
      );
      const document = await upload(owner, "Mostly blank.pdf", buildPdf(pages));
      await startProcessing(owner, document.id);
      const done = await waitForStatus(owner, document.id, ["completed", "failed"], 100_000);
      expect(done).toMatchObject({ status: "completed", pageCount: 1001, unreadablePages: [] });
      const { pages: stored } = await storedRows(document.id);
      expect(stored.filter((page) => page.text).map((page) => page.pageNumber)).toEqual([501]);
      expect(stored.every((page) => page.method === "text")).toBe(true);
    },
  );
});

describe("a scanned page that cannot be read", () => {
  it("completes the document with that page flagged unreadable and each page's OCR confidence kept", { timeout: 60_000 }, async () => {
    const tiff = await multiPageTiff([scannedPage(), await noisePage(scannedPage())]);
    const document = await upload(owner, "Faxed pages.tif", tiff);
    await startProcessing(owner, document.id);
    const done = await waitForStatus(owner, document.id, ["completed", "failed"]);
    expect(done).toMatchObject({ status: "completed", pageCount: 2, unreadablePages: [2] });

    const pages = await pagesOf(owner, document.id);
    expect(pages).toMatchObject([
      { pageNumber: 1, method: "ocr", isUnreadable: false, text: expect.stringContaining("Provider shall submit claims within ninety (90) days") },
      { pageNumber: 2, method: "ocr", isUnreadable: true },
    ]);
    const { pages: stored } = await storedRows(document.id);
    expect(stored.map((page) => [page.pageNumber, page.method, page.isUnreadable])).toEqual([
      [1, "ocr", false],
      [2, "ocr", true],
    ]);
    expect(stored[0]!.ocrConfidence).toBeGreaterThanOrEqual(minReadableConfidence);
    expect(stored[1]!.ocrConfidence).toEqual(expect.any(Number));
    // The readable page is still searchable.
    expect((await outlineOf(owner, document.id)).map((entry) => entry.page)).toContain(1);
  });
});

describe("Retry after a failure whose cause is gone", () => {
  const transientReason = "Processing failed. Please retry; if it keeps failing, contact support.";

  it("fails after the last attempt while the embeddings service is down, then Retry completes it once the service is back", { timeout: 60_000 }, async () => {
    const document = await upload(owner, "Retry me.pdf", contractPdf(`retry ${Date.now()}`));
    const requestsBefore = embeddings.embeddingsRequests.length;
    embeddings.embedWith({ kind: "error", status: 503, message: "model is loading" });
    try {
      await startProcessing(owner, document.id);
      // Each failed attempt is retried after a backoff (10 s, then 40 s); make the next one due now instead of waiting.
      await expect
        .poll(
          async () => {
            await makeRetryDue(db(), document.id);
            return (await summaryOf(owner, document.id)).status;
          },
          { timeout: 45_000, interval: 100 },
        )
        .toBe("failed");
    } finally {
      embeddings.embedWith({ kind: "vectors", embed: embedLetters });
    }

    const failed = await summaryOf(owner, document.id);
    expect(failed).toMatchObject({ status: "failed", failureReason: transientReason, pageCount: null });
    const afterFailure = await storedRows(document.id);
    expect(afterFailure.jobs).toMatchObject([{ status: "failed", attempts: 3, maxAttempts: 3, errorMessage: transientReason }]);
    expect(afterFailure.pages).toEqual([]);
    expect(afterFailure.chunks).toEqual([]);
    // One embeddings request per attempt (a 3-page contract is one batch), each refused.
    expect(embeddings.embeddingsRequests.length - requestsBefore).toBe(3);

    const retry = await owner.post(`/api/documents/${document.id}/process`, { trigger: "retry" });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ ok: true, document: { status: "queued", failureReason: null } });
    const done = await waitForStatus(owner, document.id, ["completed", "failed"]);
    expect(done).toMatchObject({ status: "completed", failureReason: null, pageCount: 3, unreadablePages: [] });
    expect((await pagesOf(owner, document.id)).map((page) => page.pageNumber)).toEqual([1, 2, 3]);
    const { chunks, jobs } = await storedRows(document.id);
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.every((chunk) => chunk.embedding !== null)).toBe(true);
    expect(jobs.map((job) => job.status).sort()).toEqual(["completed", "failed"]);
  });
});
