import { and, asc, eq, sql } from "drizzle-orm";
import type { FactPassage } from "../../../core/fact-sheet/read-facts";
import type { ReadFactSheet } from "../../../core/fact-sheet/read-facts";
import type { Database } from "../../db/client";
import { documentChunks, documentPages, documents, factSheets } from "../../db/schema/index";
import type { JobQueue } from "../../jobs/job-queue";
import type { OwnedDocumentId } from "../documents/documents.repo";
import { buildFactSheetJob } from "./fact-sheet.jobs";

export type FactSheetRow = typeof factSheets.$inferSelect;

/** Fact sheets, read and written for one document at a time; reads take the id the documents module's ownership check made. */
export function createFactSheetRepo(db: Database, queue: Pick<JobQueue, "enqueue">) {
  return {
    async find(documentId: OwnedDocumentId): Promise<FactSheetRow | undefined> {
      const [row] = await db.select().from(factSheets).where(eq(factSheets.documentId, documentId));
      return row;
    },

    /** Marks the sheet as being read and queues its job, in one transaction: the values it had stay until the new ones replace them. */
    async requestBuild(documentId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(factSheets)
          .values({ documentId, status: "building" })
          .onConflictDoUpdate({ target: factSheets.documentId, set: { status: "building", updatedAt: sql`now()` } });
        await queue.enqueue(tx, buildFactSheetJob, { document_id: documentId }, { singletonKey: documentId });
      });
    },

    /** The document's passages in order, as the reader takes them. */
    async listPassages(documentId: string): Promise<FactPassage[]> {
      const rows = await db
        .select({
          chunkId: documentChunks.id,
          clauseNumber: documentChunks.clauseNumber,
          clauseNumbers: documentChunks.clauseNumbers,
          heading: documentChunks.heading,
          headingPath: documentChunks.headingPath,
          pageStart: documentChunks.pageStart,
          pageEnd: documentChunks.pageEnd,
          text: documentChunks.text,
          clauses: documentChunks.clauses,
          kind: documentChunks.kind,
        })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
        .orderBy(asc(documentChunks.ordinal));
      return rows.map((row, index) => ({ ...row, number: index + 1, clauseNumbers: row.clauseNumbers ?? [], clauses: row.clauses ?? [] }));
    },

    async listPageTexts(documentId: string): Promise<Map<number, string>> {
      const rows = await db
        .select({ pageNumber: documentPages.pageNumber, text: documentPages.text })
        .from(documentPages)
        .where(eq(documentPages.documentId, documentId))
        .orderBy(asc(documentPages.pageNumber));
      return new Map(rows.map((row) => [row.pageNumber, row.text]));
    },

    /** The owner of a document still there, for the job's announcement; undefined once it is deleted. */
    async findOwner(documentId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: documents.userId })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.status, "completed")));
      return row?.userId;
    },

    /** In `within`, the job's lease-fenced transaction: a worker that lost the job writes nothing. */
    async saveRead(documentId: string, sheet: ReadFactSheet, readerVersion: number, within: Database = db): Promise<void> {
      await within
        .update(factSheets)
        .set({ status: "ready", fields: sheet.fields, unverifiedCount: sheet.unverifiedCount, readerVersion, builtAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(factSheets.documentId, documentId));
    },

    async markFailed(documentId: string): Promise<void> {
      await db
        .update(factSheets)
        .set({ status: "failed", updatedAt: sql`now()` })
        .where(eq(factSheets.documentId, documentId));
    },
  };
}

export type FactSheetRepo = ReturnType<typeof createFactSheetRepo>;
