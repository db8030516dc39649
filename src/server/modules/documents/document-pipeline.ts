import type { Chunk } from "../../../core/documents/chunking";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { DocumentReading } from "../../adapters/extract-worker/messages";
import { StoredFileNotFoundError, type FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import { PermanentJobError } from "../../jobs/job-type";
import { createDocumentProcessingRepo } from "./document-processing.repo";
import type { DocumentKind } from "./documents.service";

/** Reads a file's pages, its clause outline and the chunks that follow it; throws PermanentJobError for a bad file. */
export type ReadDocument = (bytes: Uint8Array, kind: DocumentKind, onProgress: (done: number, total: number) => void) => Promise<DocumentReading>;

/** Told of every step; the worker decides how often progress is written and shown. */
export type ReportProgress = (stage: "extract" | "structure" | "embed" | "index", done: number, total: number) => Promise<void>;

/** Runs the final writes in a transaction that still holds the job's lease (RunningJob.withLease). */
export type WriteResults = (work: (tx: Database) => Promise<void>) => Promise<void>;

/** Passages per embeddings request: well under every provider's input limit, and progress moves often. */
export const EMBED_BATCH_CHUNKS = 64;

/** What a chunk's vector is made from: its place in the outline, then its words. */
export function embeddingInput(chunk: Pick<Chunk, "headingPath" | "text">): string {
  return [chunk.headingPath.join(" › "), chunk.text].filter(Boolean).join("\n\n");
}

async function embedChunks(embedder: Embedder, chunks: Chunk[], report: ReportProgress): Promise<number[][]> {
  const vectors: number[][] = [];
  await report("embed", 0, chunks.length);
  for (let start = 0; start < chunks.length; start += EMBED_BATCH_CHUNKS) {
    vectors.push(...(await embedder.embed(chunks.slice(start, start + EMBED_BATCH_CHUNKS).map(embeddingInput))));
    await report("embed", vectors.length, chunks.length);
  }
  return vectors;
}

/**
 * extract → structure → (embed, when an embeddings model is configured) → index, writing a
 * document's pages, chunks and vectors in one transaction: a document is searchable whole or not
 * at all, and only by the worker that still holds its job.
 */
export function createDocumentPipeline(deps: { db: Database; storage: FileStorage; read: ReadDocument; embedder?: Embedder }) {
  const processingRows = createDocumentProcessingRepo(deps.db);
  return async function processDocument(documentId: string, report: ReportProgress, writeResults: WriteResults): Promise<void> {
    const document = await processingRows.find(documentId);
    if (!document) return;
    const bytes = await deps.storage.read(document.storageKey).catch((error: unknown) => {
      if (error instanceof StoredFileNotFoundError)
        throw new PermanentJobError("The uploaded file is missing from storage. Delete this document and upload it again.");
      throw error;
    });

    const { extraction, outline, chunks } = await deps.read(bytes, document.kind as DocumentKind, (done, total) => void report("extract", done, total));
    const total = extraction.pages.length;
    await report("structure", total, total);
    const vectors = deps.embedder ? await embedChunks(deps.embedder, chunks, report) : [];
    await report("index", 0, total);

    const embeddingModel = deps.embedder && chunks.length > 0 ? deps.embedder.id : null;
    await writeResults((tx) => processingRows.saveResults(documentId, { extraction, outline, chunks, vectors, embeddingModel }, tx));
    await report("index", total, total);
  };
}

export type DocumentPipeline = ReturnType<typeof createDocumentPipeline>;
