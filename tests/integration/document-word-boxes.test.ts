import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentPages } from "../../src/server/db/schema/index";
import type { DocumentPageText, DocumentSummary } from "../../src/shared/contracts/documents";
import { locateQuoteOnPicture } from "../../src/web/features/documents/quote-boxes";
import { signedUpClient } from "../support/accounts";
import { readEvents } from "../support/chat";
import { processedDocument } from "../support/documents/processing";
import { fixturesDirectory } from "../support/documents/write-fixtures";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// Word boxes through the HTTP app: a scan's page, read by the app's own OCR, comes back with
// where each of its words is on the picture; the list of pages stays text only.

const fixture = (name: string) => readFileSync(path.join(fixturesDirectory, name));

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let scannedPdf: DocumentSummary;
let scannedPng: DocumentSummary;
let textPdf: DocumentSummary;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
  scannedPdf = await processedDocument(testApp, owner, "Scanned agreement.pdf", fixture("scanned-page.pdf"));
  scannedPng = await processedDocument(testApp, owner, "Scanned agreement.png", fixture("scanned-page.png"));
  textPdf = await processedDocument(testApp, owner, "Payer agreement.pdf", fixture("payer-agreement.pdf"));
}, 120_000);
afterAll(() => testApp.close());

async function pageOf(client: HttpClient, id: string, pageNumber: number | string): Promise<{ status: number; page?: DocumentPageText; error?: string }> {
  const response = await client.get(`/api/documents/${id}/pages/${pageNumber}`);
  const body = (await response.json()) as { page?: DocumentPageText; error?: { message: string } };
  return { status: response.status, page: body.page, error: body.error?.message };
}

describe("GET /api/documents/:id/pages/:n", () => {
  it.each([
    ["a scanned PDF", () => scannedPdf],
    ["an image", () => scannedPng],
  ])("%s: the page's text with a box for each word, keyed to the text", async (_kind, document) => {
    const { status, page } = await pageOf(owner, document().id, 1);
    expect(status).toBe(200);
    expect(page).toMatchObject({ pageNumber: 1, method: "ocr", isUnreadable: false });
    const boxes = page!.wordBoxes ?? [];
    expect(boxes.map(({ start, end }) => page!.text.slice(start, end))).toEqual(page!.text.split(/\s+/).filter(Boolean));
    expect(page!.text).toContain("Provider shall submit claims within ninety (90) days");
    for (const { box } of boxes) for (const edge of box) expect(edge >= 0 && edge <= 1).toBe(true);
  });

  it("a text PDF's page has its text and no boxes", async () => {
    const { status, page } = await pageOf(owner, textPdf.id, 2);
    expect(status).toBe(200);
    expect(page).toMatchObject({ pageNumber: 2, method: "text" });
    expect(page).not.toHaveProperty("wordBoxes");
    expect(page!.text).toContain("3. TIMELY FILING. Claims must be filed within 90 days.");
  });

  it("a page read before boxes were kept has its text and no boxes", async () => {
    const other = await processedDocument(testApp, owner, "Scanned again.pdf", Buffer.concat([fixture("scanned-page.pdf"), Buffer.from("\n% another copy\n")]));
    await testApp.database.db
      .update(documentPages)
      .set({ wordBoxes: null })
      .where(and(eq(documentPages.documentId, other.id), eq(documentPages.pageNumber, 1)));
    const { page } = await pageOf(owner, other.id, 1);
    expect(page).toMatchObject({ pageNumber: 1, method: "ocr" });
    expect(page).not.toHaveProperty("wordBoxes");
  });

  it("the list of pages leaves the boxes out", async () => {
    const response = await owner.get(`/api/documents/${scannedPdf.id}/pages`);
    const { pages } = (await response.json()) as { pages: DocumentPageText[] };
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ pageNumber: 1, method: "ocr" });
    expect(pages[0]).not.toHaveProperty("wordBoxes");
  });

  it("another person, a page the document lacks and a bad page number are refused", async () => {
    expect(await pageOf(stranger, scannedPdf.id, 1)).toEqual({ status: 404, page: undefined, error: "Document not found." });
    expect(await pageOf(owner, scannedPdf.id, 2)).toEqual({ status: 404, page: undefined, error: "This document has no page 2." });
    for (const badNumber of ["0", "first", "1.5"]) {
      expect(await pageOf(owner, scannedPdf.id, badNumber)).toEqual({
        status: 400,
        page: undefined,
        error: "The page number must be a whole number from 1 up.",
      });
    }
    const signedOut = await testApp.app.request(`/api/documents/${scannedPdf.id}/pages/1`);
    expect(signedOut.status).toBe(401);
  });
});

/** The citation links of a chat answer: the document view's address, with the page and the quote. */
function citationLinks(markdown: string, documentId: string): Array<{ page: number; quote: string }> {
  // The quote in a link's address is URL-encoded, its parentheses too: the address ends at the first ")".
  const links = [...markdown.matchAll(/\]\((\/app\/documents\/[^\s)]+)\)/g)].map((match) => new URL(match[1]!, "http://localhost"));
  return links
    .filter((link) => link.pathname === `/app/documents/${documentId}`)
    .map((link) => ({ page: Number(link.searchParams.get("page")), quote: link.searchParams.get("q") ?? "" }));
}

describe("a chat citation of the scanned contract", () => {
  it("quotes words the cited page has boxes for, so the viewer can mark them on the picture", async () => {
    const response = await owner.post("/api/chat/messages", { documentId: scannedPdf.id, question: "How many days does the provider have to submit claims?" });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    const done = events.find((event) => event.type === "done");
    const links = citationLinks(done?.type === "done" ? done.message.content : "", scannedPdf.id);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const { page } = await pageOf(owner, scannedPdf.id, link.page);
      expect(locateQuoteOnPicture(page!, link.quote).length, link.quote).toBeGreaterThan(0);
    }
  });
});
