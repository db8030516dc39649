import { extractDoc } from "./doc";
import { extractDocx } from "./docx";
import { extractImage } from "./image";
import { extractPdf } from "./pdf";
import { throwIfAborted } from "./text";
import { ExtractionError, type DocumentKind, type ExtractionOptions, type ExtractionResult } from "./types";

/**
 * Text of every page of a document, in reading order, OCRing pages that are images. Throws
 * ExtractionError (with a message for the uploader) for encrypted, corrupt, empty or too large files.
 */
export async function extractDocument(bytes: Uint8Array, kind: DocumentKind, options: ExtractionOptions): Promise<ExtractionResult> {
  throwIfAborted(options.signal);
  if (bytes.byteLength === 0) throw new ExtractionError("empty", "This file is empty.");
  switch (kind) {
    case "pdf":
      return extractPdf(bytes, options);
    case "docx":
      return report(await extractDocx(bytes), options);
    case "doc":
      return report(await extractDoc(bytes), options);
    case "png":
    case "jpeg":
    case "webp":
    case "tiff":
      return extractImage(bytes, kind, options);
    default:
      throw new ExtractionError("unsupported", "This file type is not supported. Upload a PDF, Word document or image.");
  }
}

/** Word files are read in one go: report their pages as done at the end. */
function report(result: ExtractionResult, options: ExtractionOptions): ExtractionResult {
  options.onProgress?.(result.pages.length, result.pages.length);
  return result;
}
