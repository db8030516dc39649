import { acceptedExtensions, findUploadProblem, type UploadProblemKind } from "../../../shared/documents";
import type { DocumentSummary } from "../../../shared/contracts/documents";

export const ACCEPT_ATTRIBUTE = acceptedExtensions.join(",");
const BYTES_PER_MB = 1024 * 1024;

/** Sizes in MB with one decimal ("2.4 MB"); a file too small to show as 0.1 says so. */
export function formatFileSize(bytes: number): string {
  const megabytes = bytes / BYTES_PER_MB;
  if (bytes > 0 && megabytes < 0.05) return "< 0.1 MB";
  return `${megabytes.toFixed(1)} MB`;
}

const uploadProblemTitles: Record<UploadProblemKind, string> = {
  unsupported_type: "Unsupported file type",
  too_large: "File too large",
  empty: "Empty file",
};

/** A reason the file cannot be sent, as a toast's title and description, or undefined when it may go to the server. */
export function uploadProblem(file: File, maxUploadBytes: number): { title: string; description: string } | undefined {
  const problem = findUploadProblem(file, maxUploadBytes);
  return problem && { title: uploadProblemTitles[problem.kind], description: problem.message };
}

/** What a running job is doing, in words, and how far along it is overall (0–100). */
export function processingProgress(document: Pick<DocumentSummary, "status" | "progress">): { label: string; percent: number } {
  const progress = document.progress;
  if (!progress) return { label: document.status === "processing" ? "Starting" : "Waiting to start", percent: 0 };
  const fraction = progress.pagesTotal > 0 ? Math.min(1, progress.pagesDone / progress.pagesTotal) : 0;
  switch (progress.stage) {
    case "queued":
      return { label: "Waiting to start", percent: 0 };
    case "extract":
      return {
        label: progress.pagesTotal > 0 ? `Reading pages ${progress.pagesDone} of ${progress.pagesTotal}` : "Reading pages",
        percent: Math.round(5 + 65 * fraction),
      };
    case "structure":
      return { label: "Finding clauses", percent: 75 };
    case "embed":
      // Counts passages, not pages: the embeddings model reads the document passage by passage.
      return {
        label: progress.pagesTotal > 0 ? `Embedding passages ${progress.pagesDone} of ${progress.pagesTotal}` : "Embedding passages",
        percent: Math.round(80 + 15 * fraction),
      };
    case "index":
      return { label: "Indexing", percent: Math.round(95 + 5 * fraction) };
    default:
      return { label: "Processing", percent: 0 };
  }
}

/** "Page 3 could not be read clearly" / "Pages 3, 7 could not be read clearly". */
export function unreadablePagesWarning(pages: number[]): string | undefined {
  if (pages.length === 0) return undefined;
  return `${pages.length === 1 ? "Page" : "Pages"} ${pages.join(", ")} could not be read clearly`;
}

export function matchesSearch(document: Pick<DocumentSummary, "filename" | "displayType">, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return document.filename.toLowerCase().includes(needle) || document.displayType.toLowerCase().includes(needle);
}

export function isPdf(document: Pick<DocumentSummary, "mimeType" | "filename">): boolean {
  return document.mimeType === "application/pdf" || /\.pdf$/i.test(document.filename);
}

/** A request to show a page; `seq` changes on every request, so asking for the same page twice scrolls again. */
export interface PageJump {
  page: number;
  seq: number;
}
