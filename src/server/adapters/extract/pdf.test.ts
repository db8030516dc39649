import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract";
import { ocrResolution } from "./pdf";
import { buildPdf, fakeOcr, renderTextPng } from "../../../../tests/support/documents/test-fixtures";
import { defaultOcrBudget, ocrTooSlowMessage, tooManyOcrPagesMessage } from "./ocr-queue";
import { ExtractionError, type ExtractionOptions, type OcrEngine } from "./types";

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const ocrText = "The Payer shall reimburse the Provider within thirty (30) days of receipt of a clean claim.";

async function failure(bytes: Uint8Array, options: Partial<ExtractionOptions> = {}): Promise<ExtractionError> {
  const error = await extractDocument(bytes, "pdf", { ocr: fakeOcr(() => ({ text: "", confidence: 0 })), ...options }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

/** A full-page "scan": the rendered text lines as raw gray pixels. */
async function scanPixels(lines: string[]): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const { data, info } = await sharp(renderTextPng(lines, { fontSize: 28 }))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

// Real decoding and rendering: seconds a test when another test worker shares the cores.
describe("PDF extraction", { timeout: 20_000 }, () => {
  it("sends no blank page to OCR: pages that draw nothing, white scans and speckled ones, and keeps them as empty text pages", async () => {
    const white = { width: 850, height: 1100, pixels: new Uint8Array(850 * 1100).fill(255) };
    const speckled = { ...white, pixels: white.pixels.map((level, index) => (index % 397 === 0 ? 0 : level)) };
    const pdf = buildPdf([
      { lines: [{ text: "This Agreement is made between the Payer and the Provider.", x: 72, y: 720 }] },
      {},
      { image: white },
      { image: speckled },
      { image: await scanPixels([ocrText]) },
    ]);
    const ocr = fakeOcr(() => ({ text: ocrText, confidence: 91 }));
    const result = await extractDocument(pdf, "pdf", { ocr });
    expect(ocr.calls).toHaveLength(1);
    expect(result.pages.map((page) => [page.pageNumber, page.method, page.text, page.isUnreadable])).toEqual([
      [1, "text", "This Agreement is made between the Payer and the Provider.", false],
      [2, "text", "", false],
      [3, "text", "", false],
      [4, "text", "", false],
      [5, "ocr", ocrText, false],
    ]);
  });

  it("holds a document to its OCR page budget: past the pages its size allows it fails as too large, having sent no more", async () => {
    const scan = await scanPixels([ocrText]);
    const pdf = buildPdf(Array.from({ length: 12 }, () => ({ image: scan })));
    const ocr = fakeOcr(() => ({ text: ocrText, confidence: 90 }));
    const error = await failure(pdf, { ocr, ocrBudget: { bytesPerPage: pdf.length, minPages: 5, secondsPerPage: 60, baseSeconds: 60 } });
    expect(error).toMatchObject({ reason: "too_large", message: tooManyOcrPagesMessage(5) });
    expect(ocr.calls).toHaveLength(5);
    // The same file with a budget it fits in reads every page.
    const read = await extractDocument(pdf, "pdf", {
      ocr: fakeOcr(() => ({ text: ocrText, confidence: 90 })),
      ocrBudget: { ...defaultOcrBudget, minPages: 12 },
    });
    expect(read.pages).toHaveLength(12);
  });

  it("holds a document to its OCR time budget: OCR that outruns its seconds per page fails it as too large", async () => {
    const never: OcrEngine = { recognize: () => new Promise(() => undefined), close: async () => undefined };
    const pdf = buildPdf([{ image: await scanPixels([ocrText]) }]);
    const error = await failure(pdf, { ocr: never, ocrBudget: { ...defaultOcrBudget, secondsPerPage: 0.05, baseSeconds: 0 } });
    expect(error).toMatchObject({ reason: "too_large", message: ocrTooSlowMessage });
  });

  it("fails a PDF of nothing but blank pages as empty, without OCR", async () => {
    const ocr = fakeOcr(() => ({ text: "never", confidence: 90 }));
    const error = await failure(buildPdf(Array.from({ length: 300 }, () => ({}))), { ocr });
    expect(error.reason).toBe("empty");
    expect(ocr.calls).toHaveLength(0);
  });

  it("reads each page's text layer in reading order, without OCR, reporting progress per page", async () => {
    const pdf = buildPdf([
      {
        lines: [
          { text: "ARTICLE 1 DEFINITIONS", x: 72, y: 720, size: 14 },
          { text: '1.1 "Payer" means the health plan.', x: 72, y: 690 },
          { text: '1.2 "Provider" means the practice.', x: 72, y: 650 },
          { text: "It is in-", x: 72, y: 636 },
          { text: "network.", x: 72, y: 622 },
        ],
      },
      {
        lines: [
          { text: "ARTICLE 2 TERM", x: 72, y: 720, size: 14 },
          { text: "This Agreement starts on January 1, 2025.", x: 72, y: 700 },
        ],
      },
    ]);
    const ocr = fakeOcr(() => ({ text: "never", confidence: 0 }));
    const progress: Array<[number, number]> = [];
    const result = await extractDocument(pdf, "pdf", { ocr, onProgress: (done, total) => progress.push([done, total]) });
    expect(result).toEqual({
      pageNumbersEstimated: false,
      pages: [
        {
          pageNumber: 1,
          method: "text",
          isUnreadable: false,
          text: 'ARTICLE 1 DEFINITIONS\n\n1.1 "Payer" means the health plan.\n\n1.2 "Provider" means the practice.\nIt is in-\nnetwork.',
        },
        { pageNumber: 2, method: "text", isUnreadable: false, text: "ARTICLE 2 TERM\nThis Agreement starts on January 1, 2025." },
      ],
    });
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(ocr.calls).toHaveLength(0);
  });

  it("reads a landscape page made with /Rotate in display order", async () => {
    // Text drawn running upwards in page space reads left to right once the page is turned.
    const line = (x: number, text: string) => `BT /F1 12 Tf 0 1 -1 0 ${x} 72 Tm (${text}) Tj ET`;
    const pdf = buildPdf([
      {
        rotate: 90,
        content: [line(100, "EXHIBIT B FEE SCHEDULE"), line(114, "99213 Office visit $85.00"), line(128, "99214 Office visit $120.00")].join("\n"),
      },
    ]);
    const [page] = (await extractDocument(pdf, "pdf", { ocr: fakeOcr(() => ({ text: "", confidence: 0 })) })).pages;
    expect(page?.text).toBe("EXHIBIT B FEE SCHEDULE\n99213 Office visit $85.00\n99214 Office visit $120.00");
  });

  it("rasterizes a page without text at the scan's own resolution, at least 150 dpi, and OCRs it", async () => {
    const fine = await scanPixels(["Scanned page"]);
    // Every other pixel of every other row: a 100 dpi scan of a Letter page.
    const scan = { width: 850, height: 1100, pixels: new Uint8Array(850 * 1100).fill(255) };
    for (let y = 0; y < Math.min(scan.height, fine.height / 2); y += 1)
      for (let x = 0; x < scan.width; x += 1) scan.pixels[y * scan.width + x] = fine.pixels[2 * y * fine.width + 2 * x]!;
    const pdf = buildPdf([{ lines: [{ text: "A page with a real text layer on it.", x: 72, y: 720 }] }, { image: scan }]);
    const ocr = fakeOcr(() => ({ text: `${ocrText}\n\nSecond paragraph.`, confidence: 88.6 }));
    const result = await extractDocument(pdf, "pdf", { ocr });
    expect(ocr.calls).toHaveLength(1);
    const [call] = ocr.calls;
    expect(call?.dpi).toBe(150); // enlarged from 100 dpi
    expect(call?.image.subarray(0, 8)).toEqual(pngSignature);
    const metadata = await sharp(call!.image).metadata();
    expect([metadata.width, metadata.height]).toEqual([1275, 1650]); // Letter at 150 dpi
    expect(metadata.density).toBe(150);
    expect(metadata.channels).toBe(1);
    expect(result.pages[1]).toEqual({ pageNumber: 2, method: "ocr", ocrConfidence: 88.6, isUnreadable: false, text: `${ocrText}\n\nSecond paragraph.` });
    expect(result.pages[0]?.method).toBe("text");
  });

  it("renders a scan at its own resolution between 150 and 200 dpi, and at 200 dpi a page without images", () => {
    expect(ocrResolution(149.6)).toBe(150);
    expect(ocrResolution(96)).toBe(150);
    expect(ocrResolution(171.2)).toBe(171);
    expect(ocrResolution(300)).toBe(200);
    expect(ocrResolution(undefined)).toBe(200);
  });

  it("renders a 200 dpi or finer scan at 200 dpi", async () => {
    const scan = await scanPixels(["Scanned page"]); // 1700 pixels across a Letter page
    const ocr = fakeOcr(() => ({ text: ocrText, confidence: 90 }));
    await extractDocument(buildPdf([{ image: scan }]), "pdf", { ocr });
    expect(ocr.calls[0]?.dpi).toBe(200);
  });

  it("OCRs a scanned page that carries only a short typed footer", async () => {
    const scan = await scanPixels(["Scanned page"]);
    const footer = "Source: ACME HEALTH PLAN INC, 10-K, 3/1/2020";
    const withFooter = buildPdf([{ image: scan, content: `q 612 0 0 792 0 0 cm /Im1 Do Q BT /F1 8 Tf 72 30 Td (${footer}) Tj ET` }]);
    const ocr = fakeOcr(() => ({ text: `${ocrText}\n${footer}`, confidence: 90 }));
    const result = await extractDocument(withFooter, "pdf", { ocr });
    expect(ocr.calls).toHaveLength(1);
    expect(result.pages[0]?.method).toBe("ocr");
  });

  it("keeps the text layer of a short page with a small logo", async () => {
    const logo = await scanPixels(["LOGO"]);
    const pdf = buildPdf([
      { image: logo, content: "q 100 0 0 40 72 700 cm /Im1 Do Q BT /F1 12 Tf 72 650 Td (EXHIBIT B - FEE SCHEDULE FOR PROFESSIONAL SERVICES) Tj ET" },
    ]);
    const ocr = fakeOcr(() => ({ text: "LOGO EXHIBIT B - FEE SCHEDULE FOR PROFESSIONAL SERVICES", confidence: 90 }));
    const result = await extractDocument(pdf, "pdf", { ocr });
    expect(ocr.calls).toHaveLength(0);
    expect(result.pages[0]).toMatchObject({ method: "text", text: "EXHIBIT B - FEE SCHEDULE FOR PROFESSIONAL SERVICES" });
  });

  it("keeps a blank page in a text document as an empty text page", async () => {
    const pdf = buildPdf([{ lines: [{ text: "Signature page follows. The parties agree as set out above.", x: 72, y: 720 }] }, { lines: [] }]);
    const ocr = fakeOcr(() => ({ text: "", confidence: 0 }));
    const result = await extractDocument(pdf, "pdf", { ocr });
    expect(result.pages).toHaveLength(2);
    expect(result.pages[1]).toEqual({ pageNumber: 2, method: "text", isUnreadable: false, text: "" });
  });

  it("flags an OCR page with very low confidence as unreadable", async () => {
    const pdf = buildPdf([{ image: await scanPixels(["blurred"]) }]);
    const result = await extractDocument(pdf, "pdf", { ocr: fakeOcr(() => ({ text: "Tbe Pavcr sball rcimbursc tbe Providcr", confidence: 31 })) });
    expect(result.pages[0]).toMatchObject({ method: "ocr", ocrConfidence: 31, isUnreadable: true });
  });

  it("flags a scanned page OCR reads nothing from, and keeps a blank page as a plain page", async () => {
    const pdf = buildPdf([
      { image: await scanPixels(["smudged"]) },
      { lines: [] },
      { lines: [{ text: "1.1 Term. This Agreement runs for one year from signing.", x: 72, y: 720 }] },
    ]);
    const result = await extractDocument(pdf, "pdf", { ocr: fakeOcr(() => ({ text: "", confidence: 0 })) });
    expect(result.pages[0]).toMatchObject({ pageNumber: 1, method: "ocr", text: "", isUnreadable: true });
    expect(result.pages[1]).toMatchObject({ pageNumber: 2, method: "text", text: "", isUnreadable: false });
  });

  it("never returns control characters", async () => {
    const pdf = buildPdf([{ content: "BT /F1 12 Tf 72 720 Td (Rate\\000: \\001$85\\033.00 per visit for every patient) Tj ET" }]);
    const [page] = (await extractDocument(pdf, "pdf", { ocr: fakeOcr(() => ({ text: "", confidence: 0 })) })).pages;
    // eslint-disable-next-line no-control-regex
    expect(page?.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(page?.text).toContain("85");
  });

  it("refuses a password-protected PDF", async () => {
    const error = await failure(buildPdf([{ lines: [{ text: "Confidential rates", x: 72, y: 720 }] }], { encrypt: true }));
    expect(error.reason).toBe("encrypted");
    expect(error.message).toBe("This PDF is password-protected. Remove the password and upload it again.");
  });

  it.each([
    ["truncated", () => buildPdf([{ lines: [{ text: "Hello", x: 72, y: 720 }] }]).subarray(0, 200)],
    ["garbage after the header", () => Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2048, 0x41)])],
  ])("reports a %s PDF as corrupt with a readable message", async (_label, bytes) => {
    const error = await failure(bytes());
    expect(error.reason).toBe("corrupt");
    expect(error.message).toMatch(/damaged/);
  });

  it("reports a PDF without pages, or without any text even after OCR, as empty", async () => {
    expect((await failure(buildPdf([]))).reason).toBe("empty");
    expect((await failure(buildPdf([{ lines: [] }, { lines: [] }]))).reason).toBe("empty");
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = extractDocument(buildPdf([{ lines: [{ text: "Hello", x: 72, y: 720 }] }]), "pdf", {
      ocr: fakeOcr(() => ({ text: "", confidence: 0 })),
      signal: controller.signal,
    });
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
  });
});
