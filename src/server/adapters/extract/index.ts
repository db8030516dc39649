export { detectDocumentKind } from "./detect";
export { extractDocument } from "./extract";
export { defaultOcrBudget } from "./ocr-queue";
export { createTesseractOcr } from "./tesseract-ocr";
export {
  ExtractionError,
  type DocumentKind,
  type ExtractedPage,
  type ExtractionErrorReason,
  type ExtractionOptions,
  type ExtractionResult,
  type OcrBudget,
  type OcrEngine,
  type OcrResult,
} from "./types";
