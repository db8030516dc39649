import { eq, sql } from "drizzle-orm";
import { searchableHeadings } from "../../../core/documents/chunking";
import type { DocumentReading } from "../../adapters/extract-worker/messages";
import type { Database } from "../../db/client";
import { documentChunks, documentPages, documents } from "../../db/schema/index";

const INSERT_BATCH_ROWS = 500;

async function insertInBatches<Row>(rows: Row[], insert: (batch: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) await insert(rows.slice(start, start + INSERT_BATCH_ROWS));
}

/** What a processing writes: the reading, each chunk's vector (by ordinal; none without an embeddings model) and the model that made them. */
export interface ProcessingResults extends DocumentReading {
  vectors: number[][];
  embeddingModel: string | null;
}

/** The statements processing a document makes on its rows, in the job's transaction (`tx`) or not. */
export function createDocumentProcessingRepo(db: Database) {
  return {
    /** Marks it processing; undefined when it was deleted since it was queued. */
    async start(documentId: string, tx: Database = db): Promise<{ userId: string } | undefined> {
      const [row] = await tx.update(documents).set({ status: "processing" }).where(eq(documents.id, documentId)).returning({ userId: documents.userId });
      return row;
    },

    async requeue(documentId: string, tx: Database = db): Promise<void> {
      await tx.update(documents).set({ status: "queued" }).where(eq(documents.id, documentId));
    },

    /** Writes how processing ended; false when the document is gone. */
    async end(documentId: string, outcome: { status: "completed" | "failed"; failureReason: string }, tx: Database = db): Promise<boolean> {
      const rows = await tx.update(documents).set(outcome).where(eq(documents.id, documentId)).returning({ id: documents.id });
      return rows.length > 0;
    },

    /** The document as queued; undefined when it was deleted since. */
    async find(documentId: string, tx: Database = db) {
      const [row] = await tx.select().from(documents).where(eq(documents.id, documentId));
      return row;
    },

    /** Replaces the document's pages and chunks with the reading's and marks it completed with a new passages version. */
    async saveResults(documentId: string, { extraction, outline, chunks, vectors, embeddingModel }: ProcessingResults, tx: Database = db): Promise<void> {
      await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
      await tx.delete(documentPages).where(eq(documentPages.documentId, documentId));
      await insertInBatches(extraction.pages, (batch) =>
        tx.insert(documentPages).values(
          batch.map((page) => ({
            documentId,
            pageNumber: page.pageNumber,
            text: page.text,
            method: page.method,
            ocrConfidence: page.ocrConfidence ?? null,
            isUnreadable: page.isUnreadable,
            wordBoxes: page.wordBoxes ?? null,
            struckRanges: page.struckRanges ?? null,
          })),
        ),
      );
      await insertInBatches(chunks, (batch) =>
        tx.insert(documentChunks).values(
          batch.map((chunk) => ({
            documentId,
            embedding: vectors[chunk.ordinal] ?? null,
            ordinal: chunk.ordinal,
            clauseNumber: chunk.clauseNumber,
            clauseNumbers: chunk.clauseNumbers,
            heading: chunk.heading,
            headingPath: chunk.headingPath,
            headingText: searchableHeadings(chunk),
            pageStart: chunk.pageStart,
            pageEnd: chunk.pageEnd,
            startPage: chunk.start.pageNumber,
            startOffset: chunk.start.offset,
            endPage: chunk.end.pageNumber,
            endOffset: chunk.end.offset,
            text: chunk.text,
            clauses: chunk.clauses,
            kind: chunk.kind,
          })),
        ),
      );
      await tx
        .update(documents)
        .set({
          status: "completed",
          failureReason: null,
          pageCount: extraction.pages.length,
          pageNumbersEstimated: extraction.pageNumbersEstimated,
          embeddingModel,
          outline,
          unreadablePages: extraction.pages.filter((page) => page.isUnreadable).map((page) => page.pageNumber),
          // Counted by the database, in the transaction that writes the passages: what every process keys its copies by.
          passagesVersion: sql`${documents.passagesVersion} + 1`,
        })
        .where(eq(documents.id, documentId));
    },

    /** Whose document it is and which passages it now has, for the reactions to its processing. */
    async processed(documentId: string, tx: Database = db) {
      const [row] = await tx
        .select({ userId: documents.userId, passagesVersion: documents.passagesVersion })
        .from(documents)
        .where(eq(documents.id, documentId));
      return row;
    },

    /** What is announced and recorded once processing ended. */
    async ended(documentId: string, tx: Database = db) {
      const [row] = await tx
        .select({ id: documents.id, userId: documents.userId, filename: documents.filename, pageCount: documents.pageCount })
        .from(documents)
        .where(eq(documents.id, documentId));
      return row;
    },
  };
}

export type DocumentProcessingRepo = ReturnType<typeof createDocumentProcessingRepo>;
