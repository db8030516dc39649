import { and, asc, desc, eq, getTableColumns, inArray, notExists } from "drizzle-orm";
import type { StartRefusalReason } from "../../../shared/billing";
import type { Database } from "../../db/client";
import { documentChunks, documentPages, documents, processingJobs } from "../../db/schema/index";

export type DocumentRow = typeof documents.$inferSelect;

// The library lists documents often (on every live update): without each one's outline.
const { outline: _outline, ...listedColumns } = getTableColumns(documents);
export type NewDocumentRow = typeof documents.$inferInsert;

const activeJobStatuses = ["queued", "running"];

/** A page as the viewer reads it; its word boxes (ten times its text) only when one page is asked for. */
const pageTextColumns = {
  pageNumber: documentPages.pageNumber,
  text: documentPages.text,
  method: documentPages.method,
  isUnreadable: documentPages.isUnreadable,
};

/**
 * Takes one credit for a document inside the transaction that queues it (billing implements it);
 * absent when billing is off.
 */
export type ChargeForProcessing = (tx: Database, userId: string, documentId: string) => Promise<{ ok: true } | { ok: false; reason: StartRefusalReason }>;

export type EnqueueOutcome =
  { kind: "queued"; row: DocumentRow } | { kind: "refused"; reason: StartRefusalReason; row: DocumentRow } | { kind: "not_startable" };

class ChargeRefused extends Error {
  constructor(readonly reason: StartRefusalReason) {
    super(reason);
  }
}

/** Every query is scoped to the owner: another person's document is simply not found. */
export function createDocumentsRepo(db: Database) {
  return {
    async insert(row: NewDocumentRow): Promise<DocumentRow> {
      const [inserted] = await db.insert(documents).values(row).returning();
      return inserted!;
    },

    async findByHash(userId: string, sha256: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.sha256, sha256)));
      return row;
    },

    async find(userId: string, id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.id, id)));
      return row;
    },

    /** The owner's documents, newest first, with the progress of any job still running. */
    list(userId: string) {
      return db
        .select({
          document: listedColumns,
          job: {
            stage: processingJobs.stage,
            progressDone: processingJobs.progressDone,
            progressTotal: processingJobs.progressTotal,
          },
        })
        .from(documents)
        .leftJoin(processingJobs, and(eq(processingJobs.documentId, documents.id), inArray(processingJobs.status, activeJobStatuses)))
        .where(eq(documents.userId, userId))
        .orderBy(desc(documents.createdAt));
    },

    listPages(documentId: string) {
      return db.select(pageTextColumns).from(documentPages).where(eq(documentPages.documentId, documentId)).orderBy(documentPages.pageNumber);
    },

    async findPage(documentId: string, pageNumber: number) {
      const [row] = await db
        .select({ ...pageTextColumns, wordBoxes: documentPages.wordBoxes })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, documentId), eq(documentPages.pageNumber, pageNumber)));
      return row;
    },

    listChunkHeadings(documentId: string) {
      return db
        .select({
          clauseNumber: documentChunks.clauseNumber,
          heading: documentChunks.heading,
          headingPath: documentChunks.headingPath,
          pageStart: documentChunks.pageStart,
        })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
        .orderBy(documentChunks.ordinal);
    },

    async rename(userId: string, id: string, filename: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .update(documents)
        .set({ filename })
        .where(and(eq(documents.userId, userId), eq(documents.id, id)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .delete(documents)
        .where(and(eq(documents.userId, userId), eq(documents.id, id)))
        .returning();
      return row;
    },

    /**
     * Moves a document from one of `from` to queued and enqueues its job, in one transaction;
     * `charge` runs inside it, after the document row is locked, and its refusal rolls all of it
     * back and leaves the document awaiting a credit. A document whose last job is still winding
     * down (completed a moment before its job is marked so) gets no second job beside it.
     */
    async enqueue(userId: string, id: string, from: string[], input: Record<string, unknown>, charge?: ChargeForProcessing): Promise<EnqueueOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const activeJob = tx
            .select({ id: processingJobs.id })
            .from(processingJobs)
            .where(and(eq(processingJobs.documentId, id), inArray(processingJobs.status, activeJobStatuses)));
          const [row] = await tx
            .update(documents)
            .set({ status: "queued", failureReason: null })
            .where(and(eq(documents.userId, userId), eq(documents.id, id), inArray(documents.status, from), notExists(activeJob)))
            .returning();
          if (!row) return { kind: "not_startable" } as const;
          const charged = charge ? await charge(tx, userId, id) : ({ ok: true } as const);
          if (!charged.ok) throw new ChargeRefused(charged.reason);
          await tx.insert(processingJobs).values({ documentId: id, inputData: input });
          return { kind: "queued", row } as const;
        });
      } catch (error) {
        if (!(error instanceof ChargeRefused)) throw error;
        const [row] = await db
          .update(documents)
          .set({ status: "awaiting_credit" })
          .where(and(eq(documents.userId, userId), eq(documents.id, id), inArray(documents.status, from)))
          .returning();
        return row ? { kind: "refused", reason: error.reason, row } : { kind: "not_startable" };
      }
    },

    /** The owner's documents waiting for a credit, oldest first. */
    async listAwaitingCredit(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.userId, userId), eq(documents.status, "awaiting_credit")))
        .orderBy(asc(documents.createdAt));
      return rows.map((row) => row.id);
    },
  };
}

export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
