import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { extractDocument } from "./extract";
import { maxPageImageSide, renderImagePage } from "./image";
import { fakeOcr, multiPageTiff, renderTextPng } from "../../../../tests/support/documents/test-fixtures";
import { ExtractionError } from "./types";

const answer = "Provider shall submit claims within ninety (90) days of the date of service.";

// Real decoding and rendering: seconds a test when another test worker shares the cores.
describe("image extraction", { timeout: 20_000 }, () => {
  it("OCRs a PNG as one page, passing its recorded resolution", async () => {
    const png = await sharp(renderTextPng([answer]))
      .withDensity(150)
      .png()
      .toBuffer();
    const ocr = fakeOcr(() => ({ text: answer, confidence: 93 }));
    const progress: Array<[number, number]> = [];
    const result = await extractDocument(png, "png", { ocr, onProgress: (done, total) => progress.push([done, total]) });
    expect(result).toEqual({ pageNumbersEstimated: false, pages: [{ pageNumber: 1, method: "ocr", ocrConfidence: 93, isUnreadable: false, text: answer }] });
    expect(ocr.calls[0]?.dpi).toBe(150);
    expect((await sharp(ocr.calls[0]!.image).metadata()).format).toBe("png");
    expect(progress).toEqual([[1, 1]]);
  });

  it.each(["jpeg", "webp"] as const)("assumes 300 dpi for a %s without a usable resolution", async (format) => {
    const bytes = await sharp(renderTextPng([answer]))
      .toFormat(format)
      .toBuffer();
    const ocr = fakeOcr(() => ({ text: answer, confidence: 90 }));
    await extractDocument(bytes, format, { ocr });
    expect(ocr.calls[0]?.dpi).toBe(300);
  });

  it("turns a photo upright from its EXIF orientation and flattens transparency onto white", async () => {
    const upright = renderTextPng([answer]);
    const { width, height } = await sharp(upright).metadata();
    // Stored rotated by 90 degrees with orientation 6 ("rotate 90 clockwise to display").
    const rotated = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const ocr = fakeOcr(() => ({ text: answer, confidence: 90 }));
    await extractDocument(rotated, "jpeg", { ocr });
    const seen = await sharp(ocr.calls[0]!.image).metadata();
    expect([seen.width, seen.height]).toEqual([width, height]);

    // A black square on transparent black: the paper must come out white, the square stay black.
    const square = await sharp({ create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
      .png()
      .toBuffer();
    const transparent = await sharp({ create: { width: 120, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: square, left: 40, top: 40 }])
      .png()
      .toBuffer();
    await extractDocument(transparent, "png", { ocr });
    const corner = await sharp(ocr.calls[1]!.image).extract({ left: 0, top: 0, width: 30, height: 30 }).raw().toBuffer();
    expect(corner.every((level) => level === 255)).toBe(true);
    expect((await sharp(ocr.calls[1]!.image).stats()).channels[0]?.min).toBe(0);
  });

  it("sends no blank page of a TIFF to OCR, and keeps it as an empty page that is not unreadable", async () => {
    const text = renderTextPng(["Page one of the fax"]);
    const { width = 0, height = 0 } = await sharp(text).metadata();
    const blank = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const ocr = fakeOcr(() => ({ text: "Page one of the fax", confidence: 90 }));
    const result = await extractDocument(await multiPageTiff([blank, text, blank]), "tiff", { ocr });
    expect(ocr.calls).toHaveLength(1);
    expect(result.pages).toEqual([
      { pageNumber: 1, method: "ocr", text: "", isUnreadable: false, wordBoxes: [] },
      expect.objectContaining({ pageNumber: 2, text: "Page one of the fax" }),
      { pageNumber: 3, method: "ocr", text: "", isUnreadable: false, wordBoxes: [] },
    ]);
  });

  it("finds copies of a blank TIFF page blank without reading them again, and still reads every copy of a page with text", async () => {
    const text = renderTextPng(["Page one of the fax"]);
    const { width = 0, height = 0 } = await sharp(text).metadata();
    const blank = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const ocr = fakeOcr(() => ({ text: "Page one of the fax", confidence: 90 }));
    const result = await extractDocument(await multiPageTiff([blank, text, blank, blank, text]), "tiff", { ocr });
    expect(ocr.calls).toHaveLength(2);
    expect(result.pages.map((page) => page.text)).toEqual(["", "Page one of the fax", "", "", "Page one of the fax"]);
  });

  it("refuses an image over the decode limit from its header, before decoding it", async () => {
    const huge = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const ocr = fakeOcr(() => ({ text: "never", confidence: 90 }));
    await expect(extractDocument(huge, "png", { ocr })).rejects.toMatchObject({ reason: "too_large" });
    expect(ocr.calls).toHaveLength(0);
  });

  it("makes one page per page of a multi-page TIFF, in order", async () => {
    const first = renderTextPng(["Page one of the fax"]);
    // Same size (TIFF pages joined by sharp must be), told apart by a gray background.
    const second = await sharp(renderTextPng(["Page two of the fax"]))
      .linear(0.8, 0)
      .png()
      .toBuffer();
    const tiff = await sharp([first, second], { join: { animated: true } })
      .tiff({ compression: "lzw" })
      .toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);
    const ocr = fakeOcr((_image, _dpi, call) => ({ text: `text of image ${call}`, confidence: 90 }));
    const result = await extractDocument(tiff, "tiff", { ocr });
    expect(result.pages.map((page) => [page.pageNumber, page.text])).toEqual([
      [1, "text of image 1"],
      [2, "text of image 2"],
    ]);
    const means = await Promise.all(ocr.calls.map(async (call) => (await sharp(call.image).stats()).channels[0]!.mean));
    expect(means[0]).toBeGreaterThan(240);
    expect(means[1]).toBeLessThan(210);
  });

  it("reports a damaged image as corrupt and an image without text as empty", async () => {
    const png = renderTextPng([answer]);
    const ocr = fakeOcr(() => ({ text: "", confidence: 0 }));
    await expect(extractDocument(png.subarray(0, 100), "png", { ocr })).rejects.toMatchObject({ reason: "corrupt" });
    const error = await extractDocument(png, "png", { ocr }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ reason: "empty" });
  });
});

describe("page images for the browser", () => {
  it("keeps a photo a JPEG, upright from its EXIF orientation", async () => {
    const upright = renderTextPng([answer]);
    const { width, height } = await sharp(upright).metadata();
    const rotated = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const page = await renderImagePage(rotated, "jpeg", 1);
    expect(page).toMatchObject({ contentType: "image/jpeg", width, height });
    expect(await sharp(page!.bytes).metadata()).toMatchObject({ format: "jpeg", width, height });
  });

  it.each([
    ["webp", "image/webp", "webp"],
    ["png", "image/png", "png"],
  ] as const)("draws a %s as %s", async (kind, contentType, format) => {
    const bytes = await sharp(renderTextPng([answer]))
      .toFormat(kind)
      .toBuffer();
    const page = await renderImagePage(bytes, kind, 1);
    expect(page?.contentType).toBe(contentType);
    expect((await sharp(page!.bytes).metadata()).format).toBe(format);
  });

  it("puts transparency on white and scales an enormous scan down to the longest side allowed", async () => {
    const huge = await sharp({ create: { width: 1500, height: 3000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const page = await renderImagePage(huge, "png", 1);
    expect(page).toMatchObject({ width: maxPageImageSide / 2, height: maxPageImageSide });
    const stats = await sharp(page!.bytes).stats();
    expect(stats.channels[0]?.mean).toBe(255);
    expect(stats.isOpaque).toBe(true);
  });

  it("has no page beyond the last: a TIFF's pages, one for any other image", async () => {
    const first = renderTextPng(["Page one"]);
    const tiff = await sharp([first, first], { join: { animated: true } })
      .tiff()
      .toBuffer();
    expect(await renderImagePage(tiff, "tiff", 2)).toBeDefined();
    expect(await renderImagePage(tiff, "tiff", 3)).toBeUndefined();
    expect(await renderImagePage(tiff, "tiff", 0)).toBeUndefined();
    // An animated WebP's frames are not pages.
    const animated = await sharp([first, first], { join: { animated: true } })
      .webp()
      .toBuffer();
    expect(await renderImagePage(animated, "webp", 2)).toBeUndefined();
  });

  it("reports a damaged image as corrupt", async () => {
    const png = renderTextPng([answer]);
    await expect(renderImagePage(png.subarray(0, 100), "png", 1)).rejects.toMatchObject({ name: "ExtractionError", reason: "corrupt" });
  });
});
