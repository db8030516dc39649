import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OcrWordBox } from "../../../shared/contracts/documents";
import { buildPdf, renderTextPng } from "../../../../tests/support/documents/test-fixtures";
import { fixturesDirectory, scanLines } from "../../../../tests/support/documents/write-fixtures";
import { extractDocument } from "./extract";
import { renderImagePage } from "./image";
import { createTestOcrEngine } from "../../../../tests/support/test-ocr";
import type { ExtractedPage } from "./types";

// The word boxes real OCR gives the fixture scan (tests/fixtures/documents/scanned-page.*): each
// keyed to its word in the stored text, on the picture the viewer shows, however the file turns it.

const { engine: ocr, name: engineName } = createTestOcrEngine({ workers: 1 });
afterAll(() => ocr.close());

const fixture = (name: string) => readFileSync(path.join(fixturesDirectory, name));
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** The fixture picture: 1400 × 324 pixels, lines drawn from x = 72 with baselines at 81, 135, 189 and 243 (36 px text). */
const picture = { width: 1400, height: 324, left: 72, baselines: [81, 135, 189, 243] };

async function onlyPage(bytes: Uint8Array, kind: "pdf" | "png" | "jpeg" | "tiff"): Promise<ExtractedPage> {
  const result = await extractDocument(bytes, kind, { ocr });
  expect(result.pages).toHaveLength(1);
  return result.pages[0]!;
}

/** Every box is a word of the page's text at its offsets, inside the picture, in reading order. */
function expectWellFormedBoxes(page: ExtractedPage): OcrWordBox[] {
  const boxes = page.wordBoxes ?? [];
  expect(boxes.map(({ start, end }) => page.text.slice(start, end))).toEqual(words(page.text));
  for (const [index, { start, end, box }] of boxes.entries()) {
    const [left, top, right, bottom] = box;
    expect(end).toBeGreaterThan(start);
    expect(0 <= left && left < right && right <= 1 && 0 <= top && top < bottom && bottom <= 1, `box ${JSON.stringify(box)}`).toBe(true);
    const previous = boxes[index - 1];
    if (!previous) continue;
    expect(start).toBeGreaterThanOrEqual(previous.end);
    const isSameLine = top < previous.box[3] && bottom > previous.box[1];
    // On the same line words go left to right; otherwise the next line is lower down.
    expect(isSameLine ? left > previous.box[0] : top > previous.box[1]).toBe(true);
  }
  return boxes;
}

function expectSameBoxes(actual: OcrWordBox[], expected: OcrWordBox[]): void {
  expect(actual.map(({ start, end }) => [start, end])).toEqual(expected.map(({ start, end }) => [start, end]));
  actual.forEach(({ box }, index) => box.forEach((edge, side) => expect(edge).toBeCloseTo(expected[index]!.box[side]!, 2)));
}

describe(`word boxes from OCR with ${engineName}`, { timeout: 120_000 }, () => {
  /** The fixture PNG as OCR reads it: what the other pictures of the same page are compared with. */
  let uprightPage: ExtractedPage;
  beforeAll(async () => {
    uprightPage = await onlyPage(fixture("scanned-page.png"), "png");
  }, 120_000);

  it("the fixture PNG: every word of the stored text has its box where it is drawn on the picture", () => {
    const page = uprightPage;
    expect(page.method).toBe("ocr");
    const boxes = expectWellFormedBoxes(page);
    expect(words(page.text)).toEqual(words(scanLines.join(" ")));
    const lineStarts = boxes.filter((_, index) => index === 0 || boxes[index - 1]!.box[1] < boxes[index]!.box[1] - 0.05);
    expect(lineStarts).toHaveLength(scanLines.length);
    lineStarts.forEach(({ box: [left, , , bottom] }, line) => {
      expect(left).toBeCloseTo(picture.left / picture.width, 2);
      // Text sits on its baseline; descenders ("y", "(") reach a little below it.
      expect(bottom * picture.height).toBeGreaterThan(picture.baselines[line]! - 3);
      expect(bottom * picture.height).toBeLessThan(picture.baselines[line]! + 12);
    });
  });

  it("the fixture PDF scan: the same boxes as the picture it was made from", async () => {
    const fromPng = expectWellFormedBoxes(uprightPage);
    const page = await onlyPage(fixture("scanned-page.pdf"), "pdf");
    expect(page.method).toBe("ocr");
    expectSameBoxes(expectWellFormedBoxes(page), fromPng);
  });

  it("a scan stored sideways in a page shown upright (/Rotate 90): boxes on the page as it is shown", async () => {
    const upright = expectWellFormedBoxes(uprightPage);
    // Stored turned a quarter counter-clockwise; /Rotate 90 turns it back when shown.
    const { data, info } = await sharp(fixture("scanned-page.png")).rotate(270).grayscale().raw().toBuffer({ resolveWithObject: true });
    const sideways = buildPdf([
      { image: { width: info.width, height: info.height, pixels: data }, width: (info.width * 72) / 200, height: (info.height * 72) / 200, rotate: 90 },
    ]);
    expectSameBoxes(expectWellFormedBoxes(await onlyPage(sideways, "pdf")), upright);
  });

  it("a photo whose EXIF says to turn it: boxes on the upright picture, which is what the page image shows", async () => {
    const upright = expectWellFormedBoxes(uprightPage);
    // Pixels stored a quarter turn counter-clockwise, EXIF orientation 6: "turn 90° clockwise to show".
    const photo = await sharp(fixture("scanned-page.png")).rotate(270).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expectSameBoxes(expectWellFormedBoxes(await onlyPage(photo, "jpeg")), upright);
    const shown = await renderImagePage(photo, "jpeg", 1);
    expect(shown).toMatchObject({ width: picture.width, height: picture.height });
  });

  it("each page of a multi-page TIFF has its own boxes", async () => {
    const secondLines = [
      "ARTICLE 4. TERM AND TERMINATION",
      "4.1 Each party may terminate this Agreement on",
      "one hundred twenty (120) days prior written notice.",
    ];
    const second = renderTextPng([...secondLines, ""], { fontSize: 36, width: 1400 });
    const tiff = await sharp([fixture("scanned-page.png"), second], { join: { animated: true } })
      .withDensity(200)
      .tiff({ compression: "lzw" })
      .toBuffer();
    const { pages } = await extractDocument(tiff, "tiff", { ocr });
    expect(pages).toHaveLength(2);
    for (const page of pages) expectWellFormedBoxes(page);
    expect(words(pages[1]!.text)).toEqual(words(secondLines.join(" ")));
    expect(pages[1]!.wordBoxes?.[0]?.box[0]).toBeCloseTo(picture.left / picture.width, 2);
  });

  it("a text PDF's pages have no boxes", async () => {
    const { pages } = await extractDocument(fixture("payer-agreement.pdf"), "pdf", { ocr });
    expect(pages.map((page) => [page.method, page.wordBoxes])).toEqual([
      ["text", undefined],
      ["text", undefined],
    ]);
  });
});
