export const documentStatuses = ["uploaded", "queued", "processing", "completed", "failed", "awaiting_credit"] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** The spec: 'error' is failed, anything unknown is queued. */
export function normalizeDocumentStatus(value: string): DocumentStatus {
  if (value === "error") return "failed";
  return (documentStatuses as readonly string[]).includes(value) ? (value as DocumentStatus) : "queued";
}

export const statusBadgeLabels: Record<DocumentStatus, string> = {
  completed: "Ready",
  uploaded: "Uploaded",
  processing: "Processing",
  queued: "Queued",
  awaiting_credit: "Awaiting Credit",
  failed: "Error",
};

export type DocumentAction = "process" | "retry" | "none" | "busy";

/** Failed → Retry; uploaded → Process; completed → nothing; anything else → disabled 'Processing...'. */
export function documentActionFor(status: DocumentStatus): DocumentAction {
  if (status === "failed") return "retry";
  if (status === "uploaded") return "process";
  if (status === "completed") return "none";
  return "busy";
}

/**
 * What POST /api/documents/:id/process asks for: Process an uploaded document, Retry a failed one,
 * or Reprocess a completed one (rebuilt with the current reading, free: it was paid for once).
 */
export const processingTriggers = ["start", "retry", "reprocess"] as const;
export type ProcessingTrigger = (typeof processingTriggers)[number];

export const processingStages = ["queued", "extract", "structure", "index", "embed"] as const;
export type ProcessingStage = (typeof processingStages)[number];

/** A document as the library shows it (GET /api/documents). */
export interface DocumentSummary {
  id: string;
  filename: string;
  displayType: string;
  mimeType: string;
  fileSize: number;
  status: DocumentStatus;
  /** Why processing failed; on a completed document, why its last Reprocess failed (it kept its earlier passages). */
  failureReason: string | null;
  pageCount: number | null;
  pageNumbersEstimated: boolean;
  unreadablePages: number[];
  progress: { stage: ProcessingStage; pagesDone: number; pagesTotal: number } | null;
  createdAt: string;
  updatedAt: string;
}

/** The spec's accepted upload types (the server also checks the content's magic bytes). */
export const acceptedExtensions = [".pdf", ".docx", ".doc", ".png", ".jpg", ".jpeg", ".webp", ".tiff", ".tif"] as const;

export function hasAcceptedExtension(filename: string): boolean {
  const lower = filename.toLowerCase();
  return acceptedExtensions.some((extension) => lower.endsWith(extension));
}

/** One entry of a processed document's clause outline (GET /api/documents/:id/outline). */
export interface OutlineEntry {
  clauseNumber: string | null;
  heading: string;
  /** Headings from the top of the outline down to this clause. */
  path: string[];
  page: number;
}

/**
 * One word OCR read on a page picture: where it is in the page's text ([start, end)) and its box
 * on the picture, as fractions of the picture's width and height (left, top, right, bottom).
 */
export interface OcrWordBox {
  start: number;
  end: number;
  box: [number, number, number, number];
}

/** A page's extracted text (GET /api/documents/:id/pages), for text views and highlighting. */
export interface DocumentPageText {
  pageNumber: number;
  text: string;
  method: "text" | "ocr";
  isUnreadable: boolean;
  /**
   * OCR pages read since word boxes were kept: each word's place in `text` and on the page
   * picture. Only GET /api/documents/:id/pages/:n gives them (a page's boxes weigh about ten times
   * its text); the list of every page leaves them out.
   */
  wordBoxes?: OcrWordBox[];
}
