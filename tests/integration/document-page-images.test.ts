import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import { signedUpClient } from "../support/accounts";
import { contractPdf } from "../support/documents/contract-pdf";
import { processedDocument } from "../support/documents/processing";
import { renderTextPng } from "../support/documents/test-fixtures";
import { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let png: DocumentSummary;
let tiff: DocumentSummary;

const pngLines = ["ARTICLE 4. TIMELY FILING", "Provider shall submit claims within ninety (90) days."];
const tiffPages = [
  ["PAGE ONE OF THE FAX", "Payer shall pay clean claims within thirty (30) days."],
  ["PAGE TWO OF THE FAX", "Either party may terminate on sixty (60) days notice."],
];

const imageUrl = (document: DocumentSummary, page: number | string) => `/api/documents/${document.id}/pages/${page}/image`;

async function pageImage(client: HttpClient, document: DocumentSummary, page: number | string) {
  const response = await client.get(imageUrl(document, page));
  return { response, bytes: response.ok ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0) };
}

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  stranger = await signedUpClient(testApp);
  // Real processing: the pages are read by the app's own OCR (tesseract.js), as in production.
  const first = renderTextPng(tiffPages[0]!);
  // TIFF pages joined by sharp must share a size; the second one is also told apart by a gray background.
  const second = await sharp(renderTextPng(tiffPages[1]!)).linear(0.85, 0).png().toBuffer();
  const tiffBytes = await sharp([first, second], { join: { animated: true } })
    .tiff({ compression: "lzw" })
    .toBuffer();
  [png, tiff] = await Promise.all([
    processedDocument(testApp, owner, "Aetna fee schedule scan.png", renderTextPng(pngLines)),
    processedDocument(testApp, owner, "Cigna fax.tiff", tiffBytes),
  ]);
}, 120_000);
afterAll(() => testApp.close());

describe("GET /api/documents/:id/pages/:pageNumber/image", () => {
  it("draws a PNG document's page as a PNG the size of the original, after OCR read its text", async () => {
    expect(png).toMatchObject({ status: "completed", pageCount: 1 });
    const { pages } = (await (await owner.get(`/api/documents/${png.id}/pages`)).json()) as { pages: { text: string }[] };
    expect(pages[0]!.text).toMatch(/TIMELY FILING/);

    const { response, bytes } = await pageImage(owner, png, 1);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
    const metadata = await sharp(bytes).metadata();
    const original = await sharp(renderTextPng(pngLines)).metadata();
    expect(metadata).toMatchObject({ format: "png", width: original.width, height: original.height });
  });

  it("draws each page of a two-page TIFF as its own PNG, and page 3 is not found", async () => {
    expect(tiff).toMatchObject({ status: "completed", pageCount: 2 });
    const [one, two] = await Promise.all([pageImage(owner, tiff, 1), pageImage(owner, tiff, 2)]);
    for (const { response } of [one, two]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
    }
    const expected = await sharp(renderTextPng(tiffPages[0]!)).metadata();
    const [first, second] = await Promise.all([sharp(one.bytes).metadata(), sharp(two.bytes).metadata()]);
    expect(first).toMatchObject({ format: "png", width: expected.width, height: expected.height });
    expect(second).toMatchObject({ format: "png", width: expected.width, height: expected.height });
    expect(one.bytes.equals(two.bytes)).toBe(false);
    // The second page is the gray one: drawn from its own page, not the first page again.
    const [brightness1, brightness2] = await Promise.all([one.bytes, two.bytes].map(async (bytes) => (await sharp(bytes).stats()).channels[0]!.mean));
    expect(brightness1).toBeGreaterThan(240);
    expect(brightness2).toBeLessThan(225);

    const three = await owner.get(imageUrl(tiff, 3));
    expect(three.status).toBe(404);
    expect(await three.json()).toMatchObject({ error: { code: "not_found", message: "This document has no page 3." } });
  });

  it.each(["abc", "0", "-1", "1.5", "01", "9999999"])("refuses page %j with a clear 400", async (page) => {
    const response = await owner.get(imageUrl(tiff, page));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "bad_request", message: "The page number must be a whole number from 1 up." } });
  });

  it("lets the owner's browser keep a page for a day and revalidate it without drawing it again", async () => {
    const { response } = await pageImage(owner, png, 1);
    expect(response.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(response.headers.get("vary")).toBe("Cookie");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}-1-v\d+"$/);

    const again = await owner.request(imageUrl(png, 1), { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(await again.arrayBuffer()).toHaveProperty("byteLength", 0);
    // Another page's tag does not match this one.
    expect((await owner.request(imageUrl(tiff, 2), { headers: { "If-None-Match": etag! } })).status).toBe(200);
  });

  it("draws a page once: the next request without the browser's copy is answered from memory, and a deleted document's pages leave it", async () => {
    const cache = testApp.container.pageImageCache;
    const upload = await owner.upload("/api/documents", "Humana scan.png", renderTextPng(["HUMANA ADDENDUM", "Rates are set out in Exhibit B."]));
    const { document } = (await upload.json()) as { document: DocumentSummary };
    const before = cache.stats();
    const first = await pageImage(owner, document, 1);
    expect(cache.stats()).toMatchObject({ renders: before.renders + 1, hits: before.hits });
    const second = await pageImage(owner, document, 1);
    expect(second.response.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(cache.stats()).toMatchObject({ renders: before.renders + 1, hits: before.hits + 1 });
    // Served from memory only after the ownership check: another person still gets not-found.
    expect((await stranger.get(imageUrl(document, 1))).status).toBe(404);
    expect(cache.stats().hits).toBe(before.hits + 1);

    const held = cache.stats().bytes;
    expect(held).toBeGreaterThanOrEqual(first.bytes.byteLength);
    expect((await owner.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    expect(cache.stats().bytes).toBe(held - first.bytes.byteLength);
  });

  it("is the same not-found for another person's document, also when they hold its tag", async () => {
    const { response: mine } = await pageImage(owner, tiff, 1);
    const attempts: Record<string, string>[] = [{}, { "If-None-Match": mine.headers.get("etag")! }];
    for (const headers of attempts) {
      const response = await stranger.request(imageUrl(tiff, 1), { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: "not_found", message: "Document not found." } });
    }
    expect((await stranger.get(`/api/documents/00000000-0000-4000-8000-000000000000/pages/1/image`)).status).toBe(404);
    expect((await stranger.get(`/api/documents/not-an-id/pages/1/image`)).status).toBe(404);
    expect((await new HttpClient(testApp).get(imageUrl(tiff, 1))).status).toBe(401);
  });

  it("answers 404 for a PDF, which the browser draws itself", async () => {
    const response = await owner.upload("/api/documents", "Aetna Provider Agreement.pdf", contractPdf("page-images"));
    const { document } = (await response.json()) as { document: DocumentSummary };
    const image = await owner.get(imageUrl(document, 1));
    expect(image.status).toBe(404);
    expect(await image.json()).toMatchObject({ error: { code: "not_found", message: "Only image documents have page images; open the file itself." } });
  });
});
