export { detectDocumentKind } from "./detect";
export { extractDocument } from "./extract";
export { createTesseractOcr } from "./tesseract-ocr";
export {
  ExtractionError,
  type DocumentKind,
  type ExtractedPage,
  type ExtractionErrorReason,
  type ExtractionOptions,
  type ExtractionResult,
  type OcrEngine,
  type OcrResult,
} from "./types";
