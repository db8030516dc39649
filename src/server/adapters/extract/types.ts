import type { OcrWordBox } from "../../../shared/contracts/documents";

export type DocumentKind = "pdf" | "docx" | "doc" | "png" | "jpeg" | "webp" | "tiff";

export interface ExtractedPage {
  /** 1-based physical page. */
  pageNumber: number;
  /** Reading order, lines separated by "\n", a blank line between paragraphs/blocks where detectable. */
  text: string;
  method: "text" | "ocr";
  /** 0-100 mean word confidence, OCR pages only. */
  ocrConfidence?: number;
  /** OCR found (almost) nothing or its confidence is very low. */
  isUnreadable: boolean;
  /** OCR pages: where each word of `text` sits on the page picture, for highlighting quotes. */
  wordBoxes?: OcrWordBox[];
  /** Text pages: character ranges [start, end) of `text` struck through on the page (ADR 044); absent when nothing is. */
  struckRanges?: [number, number][];
}

export interface ExtractionResult {
  pages: ExtractedPage[];
  /** True when the document has no reliable page boundaries (Word files without rendered breaks). */
  pageNumbersEstimated: boolean;
}

export type ExtractionErrorReason = "encrypted" | "corrupt" | "empty" | "unsupported" | "too_large";

/** A document we cannot extract; `message` is written for the person who uploaded it. */
export class ExtractionError extends Error {
  override readonly name = "ExtractionError";

  constructor(
    readonly reason: ExtractionErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** One word OCR read, with its box on the image as fractions (0..1) of the image's width and height. */
export interface OcrWord {
  text: string;
  /** Left, top, right, bottom. */
  box: [number, number, number, number];
}

export interface OcrResult {
  text: string;
  /** 0-100 mean word confidence. */
  confidence: number;
  /** The words of `text` in its order, each with where it is on the image; absent when the engine gives no positions. */
  words?: OcrWord[];
}

export interface OcrEngine {
  /** `image` is a PNG; `dpi` its resolution (Tesseract uses it for size heuristics). */
  recognize(image: Buffer, dpi: number): Promise<OcrResult>;
  close(): Promise<void>;
}

/** What one document may spend on OCR (settings OCR_BYTES_PER_PAGE, OCR_MIN_PAGES, OCR_SECONDS_PER_PAGE). */
export interface OcrBudget {
  /** One page may go to OCR per this many bytes of the file… */
  bytesPerPage: number;
  /** …and never fewer than this many pages. */
  minPages: number;
  /** OCR of the document may take this many seconds per page sent to it… */
  secondsPerPage: number;
  /** …plus this many. */
  baseSeconds: number;
}

export interface ExtractionOptions {
  /** Called after each page with the pages done so far and the total. */
  onProgress?: (pagesDone: number, pagesTotal: number) => void;
  signal?: AbortSignal;
  ocr: OcrEngine;
  /** Default `defaultOcrBudget`. */
  ocrBudget?: OcrBudget;
}
