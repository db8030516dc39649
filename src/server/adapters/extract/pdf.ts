import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { defaultOcrBudget, OcrQueue, ocrPagesInFlight } from "./ocr-queue";
import { layoutPageText, type PositionedText } from "./pdf-layout";
import { annotationLines, drawnHorizontalLines, multiply, struckTextRanges, type AnnotationData, type HorizontalLine, type Matrix } from "./pdf-strikes";
import { oneAtATime } from "./one-at-a-time";
import { loadPdfJs, pdfjsAssets } from "./pdfjs";
import { grayToPng, isBlankPage, maxDecodedPixels, maxOcrPixels, rgbaToGray } from "./raster";
import { withoutStrikeMarkers } from "./struck-marks";
import { countMeaningfulCharacters, minReadableCharacters, ocrPage, textPage, throwIfAborted } from "./text";
import { ExtractionError, type ExtractedPage, type ExtractionOptions, type ExtractionResult } from "./types";

/** Resolution pages are rendered at for OCR: at most this… */
export const ocrDpi = 200;
/** …and at least this, even when the scan on the page is coarser (Tesseract reads small print better a little enlarged). */
export const minOcrDpi = 150;
/** More pages than any contract has; beyond this the upload is refused, not processed for hours. */
export const maxPdfPages = 2_000;
/** A page with fewer letters and digits than this in its text layer is treated as a scan. */
const scanTextThreshold = minReadableCharacters;
/** A page mostly covered by images with fewer letters and digits than this is OCRed too (a scan with a typed footer). */
const scanWithImageTextThreshold = 200;
const scanImageCoverage = 0.5;

const encryptedMessage = "This PDF is password-protected. Remove the password and upload it again.";
const corruptMessage = "This PDF is damaged and can't be read. Open it and save or export it as PDF again, then upload the new copy.";

/** pdf.js's Node canvas factory (backed by @napi-rs/canvas); typed loosely by pdf.js. */
interface CanvasFactory {
  create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D };
  destroy(canvasAndContext: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D }): void;
}

/** The page's text runs in device space (rotation and crop box applied), struck words marked, plus text that is not horizontal. */
async function readPageText(page: PDFPageProxy): Promise<string> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const horizontal: PositionedText[] = [];
  const other: string[] = [];
  for (const item of content.items) {
    if (!("str" in item) || !item.str) continue;
    const text = item as TextItem;
    // The strike markers are ours alone: a noncharacter in the file's own text is dropped.
    const str = withoutStrikeMarkers(text.str);
    const [a, b, c, d, x, y] = multiply(viewport.transform as Matrix, text.transform);
    if (a > 0 && Math.abs(b) <= 0.1 * a) {
      horizontal.push({ text: str, x, y, width: text.width, size: Math.hypot(c, d) || Math.abs(a) });
    } else if (str.trim()) {
      other.push(str.trim());
    }
  }
  // A page whose drawing cannot be read (a broken image) is read with nothing struck, as before strikes were read.
  const lines = horizontal.length ? await pageLines(page, viewport.transform as Matrix).catch((): HorizontalLine[] => []) : [];
  const struck = struckTextRanges(horizontal, lines);
  const laidOut = layoutPageText(horizontal.map((item) => (struck.has(item) ? { ...item, struck: struck.get(item) } : item)));
  // Vertical or rotated text (margin stamps, rotated table headers) follows the page body.
  return other.length ? `${laidOut}\n\n${other.join("\n")}` : laidOut;
}

/** The horizontal lines the page draws and its strike-out and line annotations draw, in device space. */
async function pageLines(page: PDFPageProxy, viewport: Matrix): Promise<HorizontalLine[]> {
  const { OPS, AnnotationType } = await loadPdfJs();
  const [operators, annotations] = await Promise.all([page.getOperatorList(), page.getAnnotations() as Promise<AnnotationData[]>]);
  return [...drawnHorizontalLines(operators, OPS, viewport), ...annotationLines(annotations, AnnotationType, viewport)];
}

interface PageImages {
  /** Whether any operator puts something on the page (text, a path, an image, a shading, an annotation): a page with none is blank unrendered. */
  hasMarks: boolean;
  /** Share of the page covered by images: a scan is ~1; a logo is small. */
  coverage: number;
  /** Resolution (pixels per inch, along its finer axis) of the image covering the most of the page, if there is one. */
  largestImageDpi?: number;
}

/** Pixel size of an image-painting operator's image, from its arguments. */
function imageSize(args: unknown[] | null): { width: number; height: number } | undefined {
  const [first, width, height] = args ?? [];
  if (typeof width === "number" && typeof height === "number") return { width, height }; // paintImageXObject: [objId, w, h]
  const image = first as { width?: unknown; height?: unknown } | undefined; // inline images and masks: [{ width, height, … }]
  return typeof image?.width === "number" && typeof image.height === "number" ? { width: image.width, height: image.height } : undefined;
}

/** Operators that set state but draw nothing; any other one may leave a mark (listed by name, so an operator pdf.js adds counts as a mark). */
const stateOperators = new Set([
  "dependency",
  "setLineWidth",
  "setLineCap",
  "setLineJoin",
  "setMiterLimit",
  "setDash",
  "setRenderingIntent",
  "setFlatness",
  "setGState",
  "save",
  "restore",
  "transform",
  "beginText",
  "endText",
  "setCharSpacing",
  "setWordSpacing",
  "setHScale",
  "setLeading",
  "setFont",
  "setTextRenderingMode",
  "setTextRise",
  "moveText",
  "setLeadingMoveText",
  "setTextMatrix",
  "nextLine",
  "setCharWidth",
  "setCharWidthAndBounds",
  "setStrokeColorSpace",
  "setFillColorSpace",
  "setStrokeColor",
  "setStrokeColorN",
  "setFillColor",
  "setFillColorN",
  "setStrokeGray",
  "setFillGray",
  "setStrokeRGBColor",
  "setFillRGBColor",
  "setStrokeCMYKColor",
  "setFillCMYKColor",
  "markPoint",
  "markPointProps",
  "beginMarkedContent",
  "beginMarkedContentProps",
  "endMarkedContent",
  "beginCompat",
  "endCompat",
  "paintFormXObjectBegin",
  "paintFormXObjectEnd",
  "beginGroup",
  "endGroup",
  "setStrokeTransparent",
  "setFillTransparent",
]);

/**
 * The page's marks and images, following the transformation matrix through the page's operators
 * (an image fills the unit square of the current matrix).
 */
async function pageImages(page: PDFPageProxy): Promise<PageImages> {
  const { OPS } = await loadPdfJs();
  const unitSquareImages = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  const stateOps = new Set(Object.entries(OPS).flatMap(([name, op]) => (stateOperators.has(name) ? [op] : [])));
  const operators = await page.getOperatorList();
  const hasMarks = operators.fnArray.some((op) => !stateOps.has(op));
  const stack: Matrix[] = [];
  let matrix: Matrix = [1, 0, 0, 1, 0, 0];
  let covered = 0;
  let largest = { area: 0, dpi: 0 };
  operators.fnArray.forEach((op, index) => {
    const args = operators.argsArray[index] as unknown[] | null;
    if (op === OPS.save) stack.push(matrix);
    else if (op === OPS.restore) matrix = stack.pop() ?? matrix;
    else if (op === OPS.transform && args) matrix = multiply(matrix, args as number[]);
    else if (op === OPS.paintFormXObjectBegin) {
      stack.push(matrix);
      if (Array.isArray(args?.[0])) matrix = multiply(matrix, args[0] as number[]);
    } else if (op === OPS.paintFormXObjectEnd) matrix = stack.pop() ?? matrix;
    else if (unitSquareImages.has(op)) {
      const area = Math.abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]);
      covered += area;
      const size = imageSize(args);
      if (area > largest.area && size) {
        // The image's unit square spans (a, b) and (c, d) in points (1/72 inch): its finer axis decides.
        const dpi = 72 * Math.max(size.width / Math.hypot(matrix[0], matrix[1]), size.height / Math.hypot(matrix[2], matrix[3]));
        largest = { area, dpi };
      }
    }
  });
  const [x1, y1, x2, y2] = page.view;
  const pageArea = Math.abs((x2! - x1!) * (y2! - y1!));
  return {
    hasMarks,
    coverage: pageArea > 0 ? Math.min(1, covered / pageArea) : 0,
    largestImageDpi: largest.area > 0 ? largest.dpi : undefined,
  };
}

/**
 * Resolution to render a page for OCR at: the scan's own resolution, since rendering finer adds
 * pixels for Tesseract to read but no detail, within [minOcrDpi, ocrDpi]; ocrDpi without a scan.
 */
export function ocrResolution(largestImageDpi: number | undefined): number {
  if (!largestImageDpi || !Number.isFinite(largestImageDpi)) return ocrDpi;
  return Math.min(ocrDpi, Math.max(minOcrDpi, Math.round(largestImageDpi)));
}

/** Renders a page to a grayscale PNG at `dpi` (lowered for huge pages); returns the dpi used, or undefined for a page that came out blank. */
async function rasterizePage(document: PDFDocumentProxy, page: PDFPageProxy, dpi: number): Promise<{ png: Buffer; dpi: number } | undefined> {
  const base = page.getViewport({ scale: 1 });
  const pixelsAtDpi = ((base.width * dpi) / 72) * ((base.height * dpi) / 72);
  const usedDpi = pixelsAtDpi > maxOcrPixels ? Math.floor(dpi * Math.sqrt(maxOcrPixels / pixelsAtDpi)) : dpi;
  const viewport = page.getViewport({ scale: usedDpi / 72 });
  // Rounded up, less float noise: 792 pt at 150 dpi is 1650 pixels, not 1651.
  const width = Math.max(1, Math.ceil(viewport.width - 1e-6));
  const height = Math.max(1, Math.ceil(viewport.height - 1e-6));
  const factory = document.canvasFactory as CanvasFactory;
  const { canvas, context } = factory.create(width, height);
  try {
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: "#ffffff" }).promise;
    const gray = rgbaToGray(context.getImageData(0, 0, width, height).data, width, height);
    if (isBlankPage(gray, width, height, usedDpi)) return undefined;
    return { png: await grayToPng(gray, width, height, usedDpi), dpi: usedDpi };
  } finally {
    factory.destroy({ canvas, context });
  }
}

/**
 * Pages are rasterized one at a time in a process, whichever document they belong to. A page's
 * render holds its decoded scan, the canvas and the pixels read back (~45 MB at 200 dpi) for a
 * moment; several documents rendering at once added those up. Rendering does not set the pace:
 * a page renders in about a tenth of a second and OCR reads it in seconds.
 */
const rasterizeInTurn = oneAtATime();

async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    ...pdfjsAssets,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: VerbosityLevel.ERRORS,
    // An image larger than this is left undrawn rather than decoded (a compressed "bomb" inflates to gigabytes).
    maxImageSize: maxDecodedPixels,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if ((error as Error | undefined)?.name === "PasswordException") throw new ExtractionError("encrypted", encryptedMessage, { cause: error });
    throw new ExtractionError("corrupt", corruptMessage, { cause: error });
  }
}

/**
 * Reading a page's drawing for strikes (ADR 044) loads its fonts and images into the document's
 * caches, kept until the document is closed: a 300-page file's peaked at 1.1 GB of the processing
 * process. Let go this often, the same file peaks under 0.9 GB (bench/processing.ts).
 */
const PAGES_BETWEEN_CLEANUPS = 25;

export async function extractPdf(bytes: Uint8Array, options: ExtractionOptions): Promise<ExtractionResult> {
  throwIfAborted(options.signal);
  const document = await openPdf(bytes);
  try {
    const total = document.numPages;
    if (total === 0) throw new ExtractionError("empty", "This PDF has no pages.");
    if (total > maxPdfPages) throw new ExtractionError("too_large", `This PDF has ${total} pages; the limit is ${maxPdfPages}. Split it and upload the parts.`);

    const pages: ExtractedPage[] = new Array(total);
    let done = 0;
    const pageDone = (page: ExtractedPage) => {
      pages[page.pageNumber - 1] = page;
      done += 1;
      options.onProgress?.(done, total);
    };
    const queue = new OcrQueue(ocrPagesInFlight, options.ocrBudget ?? defaultOcrBudget, bytes.byteLength);

    for (let pageNumber = 1; pageNumber <= total; pageNumber += 1) {
      throwIfAborted(options.signal);
      // Nothing is being drawn between pages: the fonts and images the pages before loaded are let go.
      if (pageNumber % PAGES_BETWEEN_CLEANUPS === 0) await document.cleanup();
      let page: PDFPageProxy;
      let text: string;
      try {
        page = await document.getPage(pageNumber);
        text = await readPageText(page);
      } catch (error) {
        throw new ExtractionError("corrupt", corruptMessage, { cause: error });
      }
      const characters = countMeaningfulCharacters(text);
      // An unreadable operator list (a broken image) counts as no image; rendering will show.
      const images = characters < scanWithImageTextThreshold ? await pageImages(page).catch((): PageImages => ({ hasMarks: true, coverage: 0 })) : undefined;
      const isPicture = images !== undefined && images.coverage >= scanImageCoverage;
      const needsOcr = characters < scanTextThreshold || isPicture;
      // A page that draws nothing is blank without being rendered (a file of thousands of empty pages costs no more than reading them).
      if (!needsOcr || images?.hasMarks === false) {
        page.cleanup();
        pageDone(textPage(pageNumber, text));
        continue;
      }
      let image: { png: Buffer; dpi: number } | undefined;
      try {
        image = await rasterizeInTurn(() => rasterizePage(document, page, ocrResolution(images?.largestImageDpi)));
      } catch (error) {
        throw new ExtractionError("corrupt", corruptMessage, { cause: error });
      } finally {
        page.cleanup();
      }
      if (!image) {
        // Rendered blank (white, or paper noise): nothing for OCR to read.
        pageDone(textPage(pageNumber, text));
        continue;
      }
      const { png, dpi } = image;
      await queue.add(async () => {
        const result = await options.ocr.recognize(png, dpi);
        const recognized = ocrPage(pageNumber, result.text, result.confidence, result.words);
        // Keep the text layer when OCR read less than it (a blank or drawing-only page); a picture
        // of a page with no text layer at all stays an OCR page, flagged when nothing could be read.
        const keepsOcr = countMeaningfulCharacters(recognized.text) > characters || (isPicture && characters === 0);
        pageDone(keepsOcr ? recognized : textPage(pageNumber, text));
      });
    }
    await queue.drain();

    if (!pages.some((page) => page.text.trim())) throw new ExtractionError("empty", "No text could be found in this PDF.");
    return { pages, pageNumbersEstimated: false };
  } finally {
    await document.destroy();
  }
}
