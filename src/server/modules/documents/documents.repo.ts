import { and, asc, desc, eq, getTableColumns, inArray, notExists, sql, type SQL } from "drizzle-orm";
import type { OutlineEntry } from "../../../shared/contracts/documents";
import type { UserScope } from "../../../core/access/actor";
import type { StartRefusalReason } from "../../../shared/billing";
import { can, type AccessSubject } from "../../../shared/access";
import { queryRows, type Database } from "../../db/client";
import { resolveDisplayName } from "../../../core/access/display-name";
import { documentChunks, documentPages, documents, jobs, libraryVersions, organizationMembers, profiles, users } from "../../db/schema/index";
import type { JobQueue } from "../../jobs/job-queue";
import { processDocumentJob, type ProcessDocumentPayload } from "./documents.jobs";

export type DocumentRow = typeof documents.$inferSelect;

declare const ownedDocument: unique symbol;
/**
 * The id of a document its user's ownership check found: only the `forUser` queries below make
 * one (lint forbids casting to it anywhere else), and every query by document id takes it, so none
 * can run on an id that did not pass the check.
 */
export type OwnedDocumentId = string & { readonly [ownedDocument]: true };
/** A document as its use cases read it: without its outline, which only the outline itself needs (findOutline). */
export type OwnedDocumentRow = Omit<DocumentRow, "id" | "outline"> & { id: OwnedDocumentId };

function owned<Row extends { id: string }>(row: Row): Omit<Row, "id"> & { id: OwnedDocumentId } {
  return { ...row, id: row.id as OwnedDocumentId };
}

// The library lists documents often (on every live update): without each one's outline.
const { outline: _outline, ...listedColumns } = getTableColumns(documents);
export type NewDocumentRow = typeof documents.$inferInsert;

const activeJobStatuses = ["queued", "running"];

/** A document's processing jobs: keyed on its id, so at most one is queued or running at a time. */
export const processingJobsOf = (documentId: SQL | string) => and(eq(jobs.type, processDocumentJob.name), eq(jobs.singletonKey, documentId));

/** A page as the viewer reads it; its word boxes (ten times its text) only when one page is asked for. */
const pageTextColumns = {
  pageNumber: documentPages.pageNumber,
  text: documentPages.text,
  method: documentPages.method,
  isUnreadable: documentPages.isUnreadable,
  struckRanges: documentPages.struckRanges,
};

export interface StoppedProcessing {
  documentId: string;
  isReprocess: boolean;
}

/**
 * Fails the person's processing jobs that wait in the queue (running ones finish their attempt),
 * with `reason` on their documents, inside `tx`: a reprocess leaves its document completed as it was.
 */
function stopQueuedProcessing(userId: string, reason: string, tx: Database): Promise<StoppedProcessing[]> {
  return queryRows<StoppedProcessing>(
    tx,
    sql`
      with stopped as (
        update jobs set status = 'failed', error_message = ${reason}, completed_at = now(), updated_at = now()
        from documents
        where jobs.type = ${processDocumentJob.name} and jobs.status = 'queued'
          and jobs.singleton_key = documents.id::text and documents.user_id = ${userId}
        returning documents.id as document_id, coalesce((jobs.payload ->> 'reprocess')::boolean, false) as is_reprocess
      )
      update documents
      set status = case when stopped.is_reprocess then 'completed' else 'failed' end, failure_reason = ${reason}, updated_at = now()
      from stopped where documents.id = stopped.document_id
      returning documents.id as "documentId", stopped.is_reprocess as "isReprocess"`,
  );
}

/** Takes one credit for a document inside the transaction that queues it (billing implements it). */
export type ChargeForProcessing = (tx: Database, userId: string, documentId: string) => Promise<{ ok: true } | { ok: false; reason: StartRefusalReason }>;

/** Gives a document's credit back inside the transaction that deletes it before its processing finished (billing implements it). */
export type RefundUnfinishedProcessing = (tx: Database, documentId: string) => Promise<void>;

/**
 * Refuses (throws) when `addedBytes` more would not fit the person's storage: called with what
 * their documents already take (`usedBytes`), inside the upload's transaction when one is given.
 */
export type AssertStorageRoom = (tx: Database, usedBytes: number, addedBytes: number) => Promise<void>;

/** Whether processing that costs no credit (Reprocess) may start for the person. */
export type AdmitFreeProcessing = (userId: string) => Promise<{ ok: true } | { ok: false; reason: StartRefusalReason }>;

/**
 * The platform console's Retry of a failed processing job: the failed job goes when the new one is
 * queued, so the failure is listed once, and `record` writes the owner's action in the same transaction.
 */
export interface Retrying {
  failedJobId: string;
  record: (tx: Database) => Promise<void>;
}

export type EnqueueOutcome =
  { kind: "queued"; row: OwnedDocumentRow } | { kind: "refused"; reason: StartRefusalReason; row: OwnedDocumentRow } | { kind: "not_startable" };

class ChargeRefused extends Error {
  constructor(readonly reason: StartRefusalReason) {
    super(reason);
  }
}

class ProcessingAlreadyQueued extends Error {}

async function storageUsedBytes(db: Database, userId: string): Promise<number> {
  const [row] = await queryRows<{ used: number }>(db, sql`select coalesce(sum(file_size), 0)::bigint::float8 as used from documents where user_id = ${userId}`);
  return Number(row?.used ?? 0);
}

/**
 * A person's library version (`userId` placeholder): the count the database moves at commit with every
 * write the library list and portfolio show (migration 0026), "0" before the first. The library list
 * and the portfolio's own scope both read it.
 */
export function libraryVersionQuery(db: Database) {
  return db
    .select({ version: sql<string>`coalesce(max(${libraryVersions.version}), 0)::text` })
    .from(libraryVersions)
    .where(eq(libraryVersions.userId, sql.placeholder("userId")));
}

export function createDocumentsRepo(db: Database, queue: Pick<JobQueue, "enqueue">) {
  // Every document route asks these two; prepared once, they are not written again for each request.
  // Prepared on `db`, the app's handle: a repository made on a transaction would outlive its statements.
  const findOwnedDocument = db
    .select(listedColumns)
    .from(documents)
    .where(and(eq(documents.userId, sql.placeholder("userId")), eq(documents.id, sql.placeholder("id"))))
    .prepare("documents_find_owned");
  const listDocuments = db
    .select({
      document: listedColumns,
      job: {
        stage: jobs.stage,
        progressDone: jobs.progressDone,
        progressTotal: jobs.progressTotal,
      },
    })
    .from(documents)
    .leftJoin(jobs, and(processingJobsOf(sql`${documents.id}::text`), inArray(jobs.status, activeJobStatuses)))
    .where(eq(documents.userId, sql.placeholder("userId")))
    .orderBy(desc(documents.createdAt))
    .prepare("documents_list");
  const findLibraryVersion = libraryVersionQuery(db).prepare("documents_library_version");
  return {
    /** One user's documents: another person's document is simply not found. */
    forUser({ userId }: UserScope) {
      return {
        /**
         * Inserts the document once `assertRoom` accepts it, in one transaction that first locks
         * the person's row: their uploads arriving together are judged one after another, each
         * against the documents the ones before it added, so together they cannot pass a limit.
         */
        async insertWithinStorage(row: Omit<NewDocumentRow, "userId">, assertRoom: AssertStorageRoom): Promise<OwnedDocumentRow> {
          return db.transaction(async (tx) => {
            await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
            await assertRoom(tx, await storageUsedBytes(tx, userId), row.fileSize);
            const [inserted] = await tx
              .insert(documents)
              .values({ ...row, userId })
              .returning();
            return owned(inserted!);
          });
        },

        /** What the person's documents take in storage, processed or not. */
        storageUsedBytes: () => storageUsedBytes(db, userId),

        async findByHash(sha256: string): Promise<OwnedDocumentRow | undefined> {
          const [row] = await db
            .select()
            .from(documents)
            .where(and(eq(documents.userId, userId), eq(documents.sha256, sha256)));
          return row && owned(row);
        },

        /**
         * The ownership check: the user's document with this id, if there is one. Every use case by
         * document id starts here: without the outline (tens of KB of JSON for a long contract).
         */
        async find(id: string): Promise<OwnedDocumentRow | undefined> {
          const [row] = await findOwnedDocument.execute({ userId, id });
          return row && owned(row);
        },

        /** Moves whenever anything `list` answers does (counted by the database at commit, migration 0026). */
        async findLibraryVersion(): Promise<string> {
          const [row] = await findLibraryVersion.execute({ userId });
          return row!.version;
        },

        /** Newest first, with the progress of any job still running. */
        async list() {
          const rows = await listDocuments.execute({ userId });
          return rows.map(({ document, job }) => ({ document: owned(document), job }));
        },

        /** Those waiting for a credit, oldest first. */
        async listAwaitingCredit(): Promise<OwnedDocumentId[]> {
          const rows = await db
            .select({ id: documents.id })
            .from(documents)
            .where(and(eq(documents.userId, userId), eq(documents.status, "awaiting_credit")))
            .orderBy(asc(documents.createdAt));
          return rows.map((row) => owned(row).id);
        },
      };
    },

    /**
     * A document of an active member of the organization, with its owner's name, for what the
     * organization's admins may do with their members' documents (read them, ADR 040; confirm or
     * correct a fact-sheet value, ADR 032): the caller decides by the permission table whether the
     * asker may; another organization's is not found.
     */
    forOrganization(organizationId: string) {
      return {
        async find(id: string): Promise<(OwnedDocumentRow & { ownerName: string }) | undefined> {
          const [row] = await db
            .select({ document: listedColumns, accountName: users.name, email: users.email, profileName: profiles.displayName })
            .from(documents)
            .innerJoin(users, eq(users.id, documents.userId))
            .leftJoin(profiles, eq(profiles.userId, documents.userId))
            .innerJoin(organizationMembers, eq(organizationMembers.userId, documents.userId))
            .where(and(eq(documents.id, id), eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.status, "active")));
          return row && { ...owned(row.document), ownerName: resolveDisplayName(row) };
        },
      };
    },

    /**
     * Any person's document, for the platform console's Retry (ADR 019): only an actor whose role
     * administers the platform gets this scope.
     */
    forPlatform(actor: AccessSubject) {
      if (!can(actor, "platform.administer")) throw new Error("Only the platform owner reads documents across users.");
      return {
        async find(id: string): Promise<OwnedDocumentRow | undefined> {
          const [row] = await db.select().from(documents).where(eq(documents.id, id));
          return row && owned(row);
        },
      };
    },

    stopQueuedProcessing,

    async findOutline(documentId: OwnedDocumentId): Promise<OutlineEntry[] | null> {
      const [row] = await db.select({ outline: documents.outline }).from(documents).where(eq(documents.id, documentId));
      return row?.outline ?? null;
    },

    listPages(documentId: OwnedDocumentId) {
      return db.select(pageTextColumns).from(documentPages).where(eq(documentPages.documentId, documentId)).orderBy(documentPages.pageNumber);
    },

    async findPage(documentId: OwnedDocumentId, pageNumber: number) {
      const [row] = await db
        .select({ ...pageTextColumns, wordBoxes: documentPages.wordBoxes })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, documentId), eq(documentPages.pageNumber, pageNumber)));
      return row;
    },

    listChunkHeadings(documentId: OwnedDocumentId) {
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

    async rename(id: OwnedDocumentId, filename: string): Promise<OwnedDocumentRow | undefined> {
      const [row] = await db.update(documents).set({ filename }).where(eq(documents.id, id)).returning();
      return row && owned(row);
    },

    /**
     * With its jobs: a running one then finds its lease gone and writes nothing. A document whose
     * charged processing has not finished (queued or processing, not a reprocess, which was never
     * charged) gets its credit back in the same transaction, before the row the charge names goes.
     */
    async delete(id: OwnedDocumentId, refundUnfinished?: RefundUnfinishedProcessing): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select({ status: documents.status }).from(documents).where(eq(documents.id, id)).for("update");
        if (!row) return false;
        const [work] = await tx
          .select({ isReprocess: sql<boolean>`coalesce((${jobs.payload} ->> 'reprocess')::boolean, false)` })
          .from(jobs)
          .where(and(processingJobsOf(id), inArray(jobs.status, activeJobStatuses)));
        const isUnfinished = (row.status === "queued" || row.status === "processing") && work !== undefined && !work.isReprocess;
        if (isUnfinished) await refundUnfinished?.(tx, id);
        await tx.delete(jobs).where(processingJobsOf(id));
        const rows = await tx.delete(documents).where(eq(documents.id, id)).returning({ id: documents.id });
        return rows.length > 0;
      });
    },

    /**
     * Moves a document from one of `from` to queued and enqueues its job, in one transaction;
     * `charge` runs inside it, after the document row is locked, and its refusal rolls all of it
     * back and leaves the document awaiting a credit. A document whose last job is still winding
     * down (completed a moment before its job is marked so) gets no second job beside it.
     */
    async enqueue(
      id: OwnedDocumentId,
      from: string[],
      payload: ProcessDocumentPayload,
      charge?: ChargeForProcessing,
      retrying?: Retrying,
    ): Promise<EnqueueOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const activeJob = tx
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(processingJobsOf(id), inArray(jobs.status, activeJobStatuses)));
          const [row] = await tx
            .update(documents)
            .set({ status: "queued", failureReason: null })
            .where(and(eq(documents.id, id), inArray(documents.status, from), notExists(activeJob)))
            .returning();
          if (!row) return { kind: "not_startable" } as const;
          const charged = charge ? await charge(tx, row.userId, id) : ({ ok: true } as const);
          if (!charged.ok) throw new ChargeRefused(charged.reason);
          if (!(await queue.enqueue(tx, processDocumentJob, payload, { singletonKey: id, ownerKey: row.userId }))) throw new ProcessingAlreadyQueued();
          if (retrying) {
            await tx.delete(jobs).where(and(eq(jobs.id, retrying.failedJobId), processingJobsOf(id), eq(jobs.status, "failed")));
            await retrying.record(tx);
          }
          return { kind: "queued", row: owned(row) } as const;
        });
      } catch (error) {
        if (error instanceof ProcessingAlreadyQueued) return { kind: "not_startable" };
        if (!(error instanceof ChargeRefused)) throw error;
        const [row] = await db
          .update(documents)
          .set({ status: "awaiting_credit" })
          .where(and(eq(documents.id, id), inArray(documents.status, from)))
          .returning();
        return row ? { kind: "refused", reason: error.reason, row: owned(row) } : { kind: "not_startable" };
      }
    },
  };
}

export type DocumentsRepo = ReturnType<typeof createDocumentsRepo>;
