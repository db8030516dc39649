import sharp, { type Metadata, type Sharp } from "sharp";
import { defaultOcrBudget, OcrQueue, ocrPagesInFlight } from "./ocr-queue";
import { grayToPng, isBlankPage, maxDecodedPixels, maxOcrPixels } from "./raster";
import type { ImageKind, PageImage, PageImages } from "../page-images/page-images";
import { blankImagePage, ocrPage, throwIfAborted } from "./text";
import { tiffPageFingerprints } from "./tiff-pages";
import { ExtractionError, type DocumentKind, type ExtractedPage, type ExtractionOptions, type ExtractionResult } from "./types";

/** Resolution assumed for photos and scans that do not record one (or record the 72 dpi placeholder). */
export const assumedImageDpi = 300;
/** Most pages accepted in one multi-page TIFF. */
export const maxImagePages = 500;
/** Largest image accepted at all (decoding beyond this is a memory hazard, not a document). */
const maxInputPixels = maxDecodedPixels;

const corruptMessage = "This image is damaged or in a format variant that can't be read. Save it again as PNG, JPEG or PDF and upload the new copy.";

function plausibleDpi(density: number | undefined): number {
  return density !== undefined && density >= 100 && density <= 1200 ? Math.round(density) : assumedImageDpi;
}

async function readMetadata(bytes: Uint8Array): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: maxInputPixels }).metadata();
  } catch (error) {
    throw pageReadError(error);
  }
}

/** Only TIFF pages are document pages; the frames of an animated WebP/PNG are not. */
function pageCountOf(metadata: Metadata, kind: DocumentKind): number {
  return kind === "tiff" ? (metadata.pages ?? 1) : 1;
}

/** Page `index` (0-based) of the image as it is meant to be seen: upright, transparency on white paper. */
function openPage(bytes: Uint8Array, index: number): Sharp {
  return sharp(bytes, { page: index, pages: 1, limitInputPixels: maxInputPixels }).autoOrient().flatten({ background: "#ffffff" });
}

function pageReadError(error: unknown): ExtractionError {
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new ExtractionError("too_large", "This image is too large to process. Scan it at a lower resolution and upload it again.", { cause: error });
  }
  return new ExtractionError("corrupt", corruptMessage, { cause: error });
}

/**
 * One page of the image as an upright grayscale PNG on white, scaled down if it is enormous;
 * undefined when the page is blank (or paper noise), so it goes to no OCR.
 */
async function pageToPng(bytes: Uint8Array, page: number, size: Metadata, dpi: number): Promise<{ png: Buffer; dpi: number } | undefined> {
  try {
    const pipeline = openPage(bytes, page).grayscale();
    // The page's size as stored: turning it upright changes its sides, not its pixel count.
    const width = size.width ?? 0;
    const pixels = width * (size.pageHeight ?? size.height ?? 0);
    let usedDpi = dpi;
    if (pixels > maxOcrPixels) {
      const scale = Math.sqrt(maxOcrPixels / pixels);
      pipeline.resize(Math.floor(width * scale));
      usedDpi = Math.round(dpi * scale);
    }
    const { data, info } = await pipeline.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    if (isBlankPage(data, info.width, info.height, usedDpi)) return undefined;
    return { png: await grayToPng(data, info.width, info.height, usedDpi), dpi: usedDpi };
  } catch (error) {
    throw pageReadError(error);
  }
}

/** PNG, JPEG, WebP and (multi-page) TIFF: every page through OCR. */
export async function extractImage(bytes: Uint8Array, kind: DocumentKind, options: ExtractionOptions): Promise<ExtractionResult> {
  throwIfAborted(options.signal);
  const metadata = await readMetadata(bytes);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > maxInputPixels) {
    throw new ExtractionError("too_large", "This image is too large to process. Scan it at a lower resolution and upload it again.");
  }
  const total = pageCountOf(metadata, kind);
  if (total > maxImagePages)
    throw new ExtractionError("too_large", `This file has ${total} pages; the limit is ${maxImagePages}. Split it and upload the parts.`);
  const dpi = plausibleDpi(metadata.density);

  const pages: ExtractedPage[] = new Array(total);
  let done = 0;
  const queue = new OcrQueue(ocrPagesInFlight, options.ocrBudget ?? defaultOcrBudget, bytes.byteLength);
  // A page of a TIFF that is a copy of one found blank is blank without decoding it: a file of
  // hundreds of copies of one blank page cost a worker minutes of decoding (issue 30).
  const fingerprints = total > 1 ? tiffPageFingerprints(bytes, total) : undefined;
  const blankFingerprints = new Set<string>();
  for (let index = 0; index < total; index += 1) {
    throwIfAborted(options.signal);
    const pageDone = (page: ExtractedPage) => {
      pages[index] = page;
      done += 1;
      options.onProgress?.(done, total);
    };
    const fingerprint = fingerprints?.[index];
    if (fingerprint && blankFingerprints.has(fingerprint)) {
      pageDone(blankImagePage(index + 1));
      continue;
    }
    // Pages of a TIFF can differ in size and resolution; sharp reports the first page's in `metadata`.
    // (Each opening of a TIFF walks all its pages' directories: one for this page's metadata, one to decode it.)
    const pageMetadata = index === 0 ? metadata : await readMetadataOfPage(bytes, index);
    const image = await pageToPng(bytes, index, pageMetadata, index === 0 ? dpi : plausibleDpi(pageMetadata.density));
    if (!image) {
      if (fingerprint) blankFingerprints.add(fingerprint);
      pageDone(blankImagePage(index + 1));
      continue;
    }
    await queue.add(async () => {
      const result = await options.ocr.recognize(image.png, image.dpi);
      pageDone(ocrPage(index + 1, result.text, result.confidence, result.words));
    });
  }
  await queue.drain();
  if (!pages.some((page) => page.text.trim())) throw new ExtractionError("empty", "No text could be found in this image.");
  return { pages, pageNumbersEstimated: false };
}

async function readMetadataOfPage(bytes: Uint8Array, page: number): Promise<Metadata> {
  try {
    return await sharp(bytes, { page, pages: 1, limitInputPixels: maxInputPixels }).metadata();
  } catch (error) {
    throw new ExtractionError("corrupt", corruptMessage, { cause: error });
  }
}

/** Image documents: the kinds whose pages `renderImagePage` draws. */
/**
 * Longest side of a page image drawn for the browser: a Letter scan at 300 dpi (2550 × 3300) comes
 * out at about 230 dpi, sharp on a high-density screen, and a phone photo stays a few MB at most.
 */
export const maxPageImageSide = 2560;

/**
 * Scans (PNG, every TIFF page) stay lossless PNG, which browsers show and TIFF is not; photos keep
 * their own lossy format, which PNG would make many times larger.
 */
const displayFormat: Record<ImageKind, "png" | "jpeg" | "webp"> = { png: "png", tiff: "png", jpeg: "jpeg", webp: "webp" };

/**
 * Page `pageNumber` (1-based) of an image document as a browser draws it: upright, on white, at
 * most `maxPageImageSide` pixels on its longer side. Undefined when the document has no such page.
 * sharp decodes and encodes in its own threads, off the event loop. Throws ExtractionError for a
 * file that cannot be read.
 */
export async function renderImagePage(bytes: Uint8Array, kind: ImageKind, pageNumber: number): Promise<PageImage | undefined> {
  const metadata = await readMetadata(bytes);
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > pageCountOf(metadata, kind)) return undefined;
  const format = displayFormat[kind];
  try {
    const page = openPage(bytes, pageNumber - 1).resize({
      width: maxPageImageSide,
      height: maxPageImageSide,
      fit: "inside",
      withoutEnlargement: true,
    });
    const encoded = format === "png" ? page.png() : format === "jpeg" ? page.jpeg({ quality: 85 }) : page.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: `image/${format}`, width: info.width, height: info.height };
  } catch (error) {
    throw pageReadError(error);
  }
}

/** The page-image port drawn with sharp: what every web process serves image documents' pages with. */
export const sharpPageImages: PageImages = { render: renderImagePage };
