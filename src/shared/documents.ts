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

export type DocumentAction = "process" | "retry" | "none" | "get_credit" | "busy";

/**
 * Failed → Retry; uploaded → Process; completed → nothing; awaiting a credit → getting one (it starts
 * by itself when one arrives); anything else → disabled 'Processing...'.
 */
export function documentActionFor(status: DocumentStatus): DocumentAction {
  if (status === "failed") return "retry";
  if (status === "uploaded") return "process";
  if (status === "completed") return "none";
  if (status === "awaiting_credit") return "get_credit";
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

/** The spec's accepted upload types (the server also checks the content's magic bytes). */
export const acceptedExtensions = [".pdf", ".docx", ".doc", ".png", ".jpg", ".jpeg", ".webp", ".tiff", ".tif"] as const;

export function hasAcceptedExtension(filename: string): boolean {
  const lower = filename.toLowerCase();
  return acceptedExtensions.some((extension) => lower.endsWith(extension));
}

/** The spec's upload copy: the server refuses with these words, and the web, checking first, shows the same. */
export const uploadMessages = {
  duplicate: "This document already exists in your library.",
  unsupportedType: "Only PDF, Word (.docx, .doc) and image files (PNG, JPG, WEBP, TIFF) can be uploaded.",
  empty: "The file is empty.",
  tooLarge: (maxUploadBytes: number) => `The file is larger than ${Math.round(maxUploadBytes / (1024 * 1024))} MB.`,
  /** Ours (the spec sets no per-person limit); answered with `payload_too_large`, as the organization's limit is. */
  libraryFull: (limitBytes: number) =>
    `Your documents have used your ${storageAmount(limitBytes)} of storage, counting files not yet processed. Delete documents you no longer need to upload more.`,
  tooManyUploads: (wait: string) => `You have uploaded as many files as one person may in an hour. Please wait ${wait} and try again.`,
} as const;

const MIB = 1024 * 1024;

/** A storage size as people read it: "750 MB", "5 GB", "1.5 GB". */
export function storageAmount(bytes: number): string {
  if (bytes < 1024 * MIB) return `${Math.max(1, Math.round(bytes / MIB))} MB`;
  return `${Number((bytes / (1024 * MIB)).toFixed(1))} GB`;
}

export type UploadProblemKind = "unsupported_type" | "too_large" | "empty";

/**
 * Why a file cannot be uploaded, judged from its name and size alone, or undefined when it may be
 * sent. The web asks before sending and the server again on arrival, in the same order and words.
 */
export function findUploadProblem(file: { name: string; size: number }, maxUploadBytes: number): { kind: UploadProblemKind; message: string } | undefined {
  if (!hasAcceptedExtension(file.name)) return { kind: "unsupported_type", message: uploadMessages.unsupportedType };
  if (file.size > maxUploadBytes) return { kind: "too_large", message: uploadMessages.tooLarge(maxUploadBytes) };
  if (file.size === 0) return { kind: "empty", message: uploadMessages.empty };
  return undefined;
}
