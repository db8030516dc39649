import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cuadFile, requireCuadDev, wordRecall, words } from "../../../../tests/support/documents/cuad-dev";
import { extractDocument } from "./extract";
import { fakeOcr, renderTextPng } from "../../../../tests/support/documents/test-fixtures";
import type { OcrEngine } from "./types";
import { createTestOcrEngine } from "../../../../tests/support/test-ocr";
import sharp from "sharp";

requireCuadDev();
const { engine: ocr, name: engineName } = createTestOcrEngine({ workers: 1 });
afterAll(() => ocr.close());

/** Real OCR for the first `pages` page images, nothing for the rest (keeps the test short). */
function onlyFirstPages(pages: number): OcrEngine {
  let calls = 0;
  return {
    recognize: (image, dpi) => (++calls <= pages ? ocr.recognize(image, dpi) : Promise.resolve({ text: "", confidence: 0 })),
    close: async () => undefined,
  };
}

describe(`OCR with ${engineName}`, () => {
  it("reads a page of a scanned contract nearly word for word", { timeout: 240_000 }, async () => {
    const id = "SYKESHEALTHPLANSERVICESINC_04_24_1998-EX-10.14-OUTSOURCING_AGREEMENT";
    const scanned = await extractDocument(readFileSync(cuadFile("scanned", id)), "pdf", { ocr: onlyFirstPages(1) });
    const original = await extractDocument(readFileSync(cuadFile("contracts", id)), "pdf", { ocr: fakeOcr(() => ({ text: "", confidence: 0 })) });
    const page = scanned.pages[0]!;
    expect(page.method).toBe("ocr");
    expect(page.isUnreadable).toBe(false);
    expect(page.ocrConfidence).toBeGreaterThan(80);
    const reference = words(original.pages[0]!.text);
    expect(reference.length).toBeGreaterThan(500);
    expect(wordRecall(reference, words(page.text))).toBeGreaterThanOrEqual(0.95);
    // Paragraph structure survives: clauses start their own blocks.
    expect(page.text).toMatch(/\n\n1\.2 TERM\./);
  });

  it("reads text rendered into a PNG", { timeout: 120_000 }, async () => {
    const lines = ["ARTICLE 4. TIMELY FILING", "Provider shall submit claims within ninety (90)", "days of the date of service to the Payer."];
    const result = await extractDocument(renderTextPng(lines), "png", { ocr });
    const [page] = result.pages;
    expect(page?.method).toBe("ocr");
    expect(page?.isUnreadable).toBe(false);
    expect(wordRecall(words(lines.join(" ")), words(page?.text ?? ""))).toBe(1);
  });

  it("flags a page of noise as unreadable rather than inventing text", { timeout: 120_000 }, async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 400 * 400 }, (_, index) => ((index * 2654435761) >>> 24) & 0xff)), {
      raw: { width: 400, height: 400, channels: 1 },
    })
      .png()
      .toBuffer();
    const result = await extractDocument(noise, "png", { ocr }).catch((error: unknown) => error as Error);
    // Either nothing at all was found (empty) or what was found is flagged.
    if (result instanceof Error) expect(result).toMatchObject({ reason: "empty" });
    else expect(result.pages[0]?.isUnreadable).toBe(true);
  });

  it("reads a page of faint grey type on grainy paper instead of skipping it as blank", { timeout: 120_000 }, async () => {
    const lines = ["ARTICLE 4. TIMELY FILING", "Provider shall submit claims within ninety (90)", "days of the date of service to the Payer."];
    const { data, info } = await sharp(renderTextPng(lines, { fontSize: 32 }))
      .removeAlpha()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Black type washed to gray 190 on paper of 245, every pixel off by up to ±6 (a fixed sequence: the same grain every run).
    let seed = 7;
    const grain = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 12;
    const faint = data.map((level) => Math.round(190 + (level / 255) * 55 + grain()));
    const png = await sharp(faint, { raw: { width: info.width, height: info.height, channels: 1 } })
      .withDensity(200)
      .png()
      .toBuffer();
    const result = await extractDocument(png, "png", { ocr });
    expect(wordRecall(words(lines.join(" ")), words(result.pages[0]?.text ?? ""))).toBeGreaterThanOrEqual(0.9);
  });
});
