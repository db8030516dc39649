import { z } from "zod";
import { startRefusalReasons } from "../billing";
import { documentStatuses, processingStages, processingTriggers } from "../documents";
import { typedText } from "./fields";

/** /api/documents: the library, one document's pages and outline, and starting its processing. */

/** A document as the library shows it (GET /api/documents). */
export const documentSummarySchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  displayType: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int().nonnegative(),
  status: z.enum(documentStatuses),
  /** Why processing failed; on a completed document, why its last Reprocess failed (it kept its earlier passages). */
  failureReason: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  pageNumbersEstimated: z.boolean(),
  unreadablePages: z.array(z.number().int()),
  progress: z.object({ stage: z.enum(processingStages), pagesDone: z.number().int(), pagesTotal: z.number().int() }).nullable(),
  /** The sample agreement a newcomer tries the product with (processed free of credit). */
  isSample: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** One entry of a processed document's clause outline (GET /api/documents/:id/outline). */
export const outlineEntrySchema = z.object({
  clauseNumber: z.string().nullable(),
  heading: z.string(),
  /** Headings from the top of the outline down to this clause. */
  path: z.array(z.string()),
  page: z.number().int(),
});
export type OutlineEntry = z.infer<typeof outlineEntrySchema>;

/**
 * One word OCR read on a page picture: where it is in the page's text ([start, end)) and its box
 * on the picture, as fractions of the picture's width and height (left, top, right, bottom).
 */
export const ocrWordBoxSchema = z.object({
  start: z.number().int(),
  end: z.number().int(),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});
export type OcrWordBox = z.infer<typeof ocrWordBoxSchema>;

/** A page's extracted text (GET /api/documents/:id/pages), for text views and highlighting. */
export const documentPageTextSchema = z.object({
  pageNumber: z.number().int(),
  text: z.string(),
  method: z.enum(["text", "ocr"]),
  isUnreadable: z.boolean(),
  /**
   * OCR pages read since word boxes were kept: each word's place in `text` and on the page
   * picture. Only GET /api/documents/:id/pages/:n gives them (a page's boxes weigh about ten times
   * its text); the list of every page leaves them out.
   */
  wordBoxes: z.array(ocrWordBoxSchema).optional(),
  /** Text pages: ranges [start, end) of `text` struck through on the page (ADR 044); absent when nothing is, and for pages read before strikes were kept. */
  struckRanges: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
});
export type DocumentPageText = z.infer<typeof documentPageTextSchema>;

/** POST /api/documents takes the file as multipart/form-data in this field; it answers a DocumentResponse (201). */
export const UPLOAD_FIELD = "file";

/** GET /api/documents */
export const documentListResponseSchema = z.object({ documents: z.array(documentSummarySchema) });
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

/** POST /api/documents (the upload, 201), PATCH /api/documents/:id */
export const documentResponseSchema = z.object({ document: documentSummarySchema });
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

/**
 * A document as its reader opens it: whether it is theirs, and when it is not (an admin reading
 * a member's contract, ADR 040), whose it is.
 */
export const readableDocumentSchema = documentSummarySchema.extend({
  isOwn: z.boolean(),
  /** The owner's name when the reader is someone else; null for the reader's own document. */
  ownerName: z.string().nullable(),
});
export type ReadableDocument = z.infer<typeof readableDocumentSchema>;

/** GET /api/documents/:id */
export const readableDocumentResponseSchema = z.object({ document: readableDocumentSchema });
export type ReadableDocumentResponse = z.infer<typeof readableDocumentResponseSchema>;

/** GET /api/documents/:id/pages */
export const documentPagesResponseSchema = z.object({ pages: z.array(documentPageTextSchema) });
export type DocumentPagesResponse = z.infer<typeof documentPagesResponseSchema>;

/** GET /api/documents/:id/pages/:pageNumber */
export const documentPageResponseSchema = z.object({ page: documentPageTextSchema });
export type DocumentPageResponse = z.infer<typeof documentPageResponseSchema>;

/** GET /api/documents/:id/outline */
export const documentOutlineResponseSchema = z.object({ outline: z.array(outlineEntrySchema) });
export type DocumentOutlineResponse = z.infer<typeof documentOutlineResponseSchema>;

/** PATCH /api/documents/:id. Blank or unchanged names are refused by the service, which knows the current one. */
export const renameDocumentRequestSchema = z.object({
  filename: typedText(500, { blank: "Enter a name.", tooLong: "Names can be at most 500 characters." }),
});
export type RenameDocumentRequest = z.input<typeof renameDocumentRequestSchema>;

/** POST /api/documents/:id/process: Process an uploaded document (start), Retry a failed one, Reprocess a completed one. */
export const processDocumentRequestSchema = z.object({
  trigger: z.enum(processingTriggers, { error: "The trigger must be start, retry or reprocess." }).default("start"),
});
export type ProcessDocumentRequest = z.input<typeof processDocumentRequestSchema>;

/** POST /api/documents/:id/process (start_processing): ok, or why not, with the document as it now is. */
export const startProcessingResponseSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), document: documentSummarySchema }),
  z.object({ ok: z.literal(false), reason: z.enum(startRefusalReasons), message: z.string(), document: documentSummarySchema }),
]);
export type StartProcessingResponse = z.infer<typeof startProcessingResponseSchema>;
