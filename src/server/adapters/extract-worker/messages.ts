import type { Chunk } from "../../../core/documents/chunking";
import type { OutlineEntry } from "../../../shared/contracts/documents";
import type { DocumentKind, ExtractionErrorReason, ExtractionResult, OcrBudget, OcrResult } from "../extract/index";

/** A document read in a reader: its pages, its clause outline and the chunks that follow it (structuring is CPU work too). */
export interface DocumentReading {
  extraction: ExtractionResult;
  outline: OutlineEntry[];
  chunks: Chunk[];
}

export type ExtractionRequest = { id: number; bytes: Uint8Array; kind: DocumentKind; ocrBudget?: OcrBudget };

/** The parent's answer to an OCR request of the reader (the OCR engine runs beside the readers, shared). */
export type OcrReply = { type: "ocr-result"; ocrId: number; result: OcrResult } | { type: "ocr-failed"; ocrId: number; message: string };

export type ExtractionReply =
  | { id: number; type: "progress"; done: number; total: number }
  | { id: number; type: "done"; reading: DocumentReading }
  | { id: number; type: "failed"; message: string; reason?: ExtractionErrorReason }
  /** A page of document `id` for the parent's OCR engine. */
  | { id: number; type: "ocr"; ocrId: number; image: Uint8Array; dpi: number };
