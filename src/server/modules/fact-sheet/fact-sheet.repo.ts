import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { FACT_READER_VERSION, type FactPassage } from "../../../core/fact-sheet/read-facts";
import type { ReadFactSheet } from "../../../core/fact-sheet/read-facts";
import type { StruckPages } from "../../../core/documents/struck-text";
import type { Database } from "../../db/client";
import { documentChunks, documentPages, documents, factSheetReminders, factSheets, users } from "../../db/schema/index";
import type { JobQueue } from "../../jobs/job-queue";
import type { OwnedDocumentId } from "../documents/documents.repo";
import { passageColumns } from "../retrieval/retrieval.repo";
import { buildFactSheetJob, factSheetBuild, sendReminderJob } from "./fact-sheet.jobs";

export type FactSheetRow = typeof factSheets.$inferSelect;
export type ReminderRow = typeof factSheetReminders.$inferSelect;
type NewReminder = Omit<typeof factSheetReminders.$inferInsert, "id" | "createdAt" | "sentAt">;

/** Fact sheets, read and written for one document at a time; reads take the id the documents module's ownership check made. */
export function createFactSheetRepo(db: Database, queue: Pick<JobQueue, "enqueue">) {
  return {
    async find(documentId: OwnedDocumentId): Promise<FactSheetRow | undefined> {
      const [row] = await db.select().from(factSheets).where(eq(factSheets.documentId, documentId));
      return row;
    },

    /**
     * Marks the sheet as being read and queues its job for the document's current passages, in one
     * transaction: the values it had stay until the new ones replace them. With `keepReady`, only
     * when the sheet is not already read by the current reader; one that is stays as it is, unqueued.
     */
    async requestBuild(documentId: string, options: { keepReady?: boolean } = {}): Promise<void> {
      await db.transaction(async (tx) => {
        const [document] = await tx.select({ passagesVersion: documents.passagesVersion }).from(documents).where(eq(documents.id, documentId));
        if (!document) return;
        const marked = await tx
          .insert(factSheets)
          .values({ documentId, status: "building" })
          // `keepReady`: a sheet its job saved since the caller looked stays ready. Marked "building"
          // again while that job still counts as running, the enqueue below would be refused as a
          // duplicate and the sheet would stay "building" for good.
          .onConflictDoUpdate({
            target: factSheets.documentId,
            set: { status: "building", updatedAt: sql`now()` },
            setWhere: options.keepReady ? sql`${factSheets.status} <> 'ready' or ${factSheets.readerVersion} < ${FACT_READER_VERSION}` : undefined,
          })
          .returning({ documentId: factSheets.documentId });
        if (marked.length === 0) return;
        const { payload, singletonKey } = factSheetBuild(documentId, document.passagesVersion);
        await queue.enqueue(tx, buildFactSheetJob, payload, { singletonKey });
      });
    },

    /** The owner of a processed document and the version of its passages; undefined when it is not (or no longer) processed. */
    async findProcessed(documentId: string, tx: Database = db): Promise<{ userId: string; passagesVersion: number } | undefined> {
      const [row] = await tx
        .select({ userId: documents.userId, passagesVersion: documents.passagesVersion })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.status, "completed")));
      return row;
    },

    /** The document's passages in order, as the reader takes them. */
    async listPassages(documentId: string): Promise<FactPassage[]> {
      const rows = await db.select(passageColumns).from(documentChunks).where(eq(documentChunks.documentId, documentId)).orderBy(asc(documentChunks.ordinal));
      return rows.map(({ id, ordinal, ...row }) => ({ ...row, chunkId: id, number: ordinal + 1 }));
    },

    async listPageTexts(documentId: string): Promise<Map<number, string>> {
      const rows = await db
        .select({ pageNumber: documentPages.pageNumber, text: documentPages.text })
        .from(documentPages)
        .where(eq(documentPages.documentId, documentId))
        .orderBy(asc(documentPages.pageNumber));
      return new Map(rows.map((row) => [row.pageNumber, row.text]));
    },

    /** The document's struck ranges by page (ADR 044): only pages with some; none for documents read before strikes were kept. */
    async listStruckRanges(documentId: string): Promise<StruckPages> {
      const rows = await db
        .select({ pageNumber: documentPages.pageNumber, struckRanges: documentPages.struckRanges })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, documentId), isNotNull(documentPages.struckRanges)));
      return new Map(rows.map((row) => [row.pageNumber, row.struckRanges ?? []]));
    },

    /** In `tx`, the job's lease-fenced transaction: a worker that lost the job writes nothing. */
    async saveRead(documentId: string, sheet: ReadFactSheet, readerVersion: number, tx: Database = db): Promise<void> {
      const read = {
        status: "ready" as const,
        fields: sheet.fields,
        unverifiedCount: sheet.unverifiedCount,
        readerVersion,
        builtAt: sql`now()`,
        updatedAt: sql`now()`,
      };
      await tx
        .insert(factSheets)
        .values({ documentId, ...read })
        .onConflictDoUpdate({ target: factSheets.documentId, set: read });
    },

    /** Stores a reminder and queues its email for its day, in one transaction. */
    async insertReminder(reminder: NewReminder, delaySeconds: number): Promise<ReminderRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(factSheetReminders).values(reminder).returning();
        await queue.enqueue(tx, sendReminderJob, { reminder_id: row!.id }, { delaySeconds });
        return row!;
      });
    },

    listReminders(documentId: OwnedDocumentId): Promise<ReminderRow[]> {
      return db.select().from(factSheetReminders).where(eq(factSheetReminders.documentId, documentId)).orderBy(asc(factSheetReminders.remindOn));
    },

    async deleteReminder(documentId: OwnedDocumentId, reminderId: string): Promise<boolean> {
      const deleted = await db
        .delete(factSheetReminders)
        .where(and(eq(factSheetReminders.documentId, documentId), eq(factSheetReminders.id, reminderId)))
        .returning({ id: factSheetReminders.id });
      return deleted.length > 0;
    },

    /** A reminder still to send, with where it goes: none once sent, or once its document (or its person) was deleted. */
    async findDueReminder(reminderId: string) {
      const [row] = await db
        .select({ reminder: factSheetReminders, documentName: documents.filename, email: users.email })
        .from(factSheetReminders)
        .innerJoin(documents, eq(documents.id, factSheetReminders.documentId))
        .innerJoin(users, eq(users.id, factSheetReminders.userId))
        .where(and(eq(factSheetReminders.id, reminderId), isNull(factSheetReminders.sentAt)));
      return row;
    },

    async markReminderSent(reminderId: string, tx: Database = db): Promise<void> {
      await tx
        .update(factSheetReminders)
        .set({ sentAt: sql`now()` })
        .where(eq(factSheetReminders.id, reminderId));
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
