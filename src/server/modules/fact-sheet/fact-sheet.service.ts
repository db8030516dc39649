import type { Actor } from "../../../core/access/actor";
import { FACT_READER_VERSION, readFactSheet } from "../../../core/fact-sheet/read-facts";
import type { CreateReminderRequest, FactField, FactSheet, FactSheetExportFormat, Reminder } from "../../../shared/contracts/fact-sheet";
import { downloadFilename } from "../../http/downloads";
import type { AuditService } from "../audit/audit.service";
import { factSheetCsv, factSheetPdf } from "./fact-sheet-export";
import { factFieldKeys } from "../../../shared/fact-sheet";
import { AppError } from "../../http/app-error";
import type { OwnedDocumentId } from "../documents/documents.repo";
import type { OwnedDocumentSummary } from "../documents/documents.service";
import type { FactSheetRepo, FactSheetRow } from "./fact-sheet.repo";
import type { FactValueReviewsRepo } from "./fact-value-reviews.repo";
import { applyReviews, reviewToCheck, type ValueReview } from "../../../core/fact-sheet/apply-reviews";
import { remindOnFor, secondsUntilReminder, toReminder } from "./fact-sheet-reminders";
import { formatIsoDate } from "../../../shared/calendar-dates";

const FACT_SHEET_NOT_READY = "The fact sheet is ready once the document has been processed.";

export interface FactSheetServiceDeps {
  repo: FactSheetRepo;
  reviews: Pick<FactValueReviewsRepo, "list">;
  /** The documents module's ownership check: the reminders are the owner's own. */
  getDocument: (actor: Actor, documentId: string) => Promise<OwnedDocumentSummary>;
  /** The documents module's check of a document the actor may read: the sheet and its export (an admin reads a member's, ADR 040). */
  getReadableDocument: (actor: Actor, documentId: string) => Promise<OwnedDocumentSummary>;
  /** Wakes this process's worker after a job was queued (a reading, a reminder). */
  wakeWorker: () => void;
  now: () => Date;
  audit: Pick<AuditService, "record">;
}

/**
 * Every field, in the sheet's order, with the values the row has for it (none while the first
 * reading runs) as people reviewed them, and the reviews the latest reading no longer matches.
 */
function toFactSheet(document: OwnedDocumentSummary, row: FactSheetRow | undefined, reviews: readonly ValueReview[]): FactSheet {
  const reviewed = applyReviews(row?.fields ?? [], reviews);
  const stored = new Map(reviewed.fields.map((field) => [field.key, field.values]));
  return {
    documentId: document.id,
    documentName: document.filename,
    status: row?.status ?? "building",
    builtAt: row?.builtAt?.toISOString() ?? null,
    unverifiedCount: row?.unverifiedCount ?? 0,
    fields: factFieldKeys.map((key) => ({ key, values: stored.get(key) ?? [] })),
    // Before the first reading there is nothing a review could have been checked against.
    reviewsToCheck: row?.builtAt ? reviewed.toCheck.map(reviewToCheck) : [],
  };
}

/** A processed document's fact sheet: read by a job when processing completes, or on first open for documents processed before. */
export function createFactSheetService(deps: FactSheetServiceDeps) {
  async function requireProcessedDocument(actor: Actor, documentId: string, getDocument = deps.getDocument): Promise<OwnedDocumentSummary> {
    const document = await getDocument(actor, documentId);
    if (document.status !== "completed") throw new AppError("conflict", FACT_SHEET_NOT_READY);
    return document;
  }

  async function requestBuild(documentId: string, options?: { keepReady?: boolean }): Promise<void> {
    await deps.repo.requestBuild(documentId, options);
    deps.wakeWorker();
  }

  return {
    /** Queues the reading of a document whose pages and passages were just written. */
    requestBuild,

    /**
     * The values the chat answers from, so it never disagrees with the sheet: the stored sheet once
     * read by the current reader; before that, read now from the same passages and pages as its
     * job will read them (and the job queued, if it is not). People's confirmations and
     * corrections are applied as the sheet shows them (ADR 032).
     */
    async fieldsFor(documentId: OwnedDocumentId): Promise<FactField[]> {
      const [row, reviews] = await Promise.all([deps.repo.find(documentId), deps.reviews.list(documentId)]);
      if (row?.status === "ready" && row.readerVersion >= FACT_READER_VERSION) return applyReviews(row.fields, reviews).fields;
      const [passages, pages, struck] = await Promise.all([
        deps.repo.listPassages(documentId),
        deps.repo.listPageTexts(documentId),
        deps.repo.listStruckRanges(documentId),
      ]);
      if (row?.status !== "building") await requestBuild(documentId, { keepReady: true });
      return applyReviews(readFactSheet(passages, pages, struck).fields, reviews).fields;
    },

    /** GET /api/documents/:id/fact-sheet: the sheet; one never read, or read by an older reader, is queued to be read and answers "building". */
    async get(actor: Actor, documentId: string): Promise<FactSheet> {
      const document = await requireProcessedDocument(actor, documentId, deps.getReadableDocument);
      let row = await deps.repo.find(document.id);
      const isStale = !row || (row.status !== "building" && row.readerVersion < FACT_READER_VERSION);
      if (isStale || row?.status === "failed") {
        await requestBuild(document.id, { keepReady: true });
        row = await deps.repo.find(document.id);
      }
      return toFactSheet(document, row, await deps.reviews.list(document.id));
    },

    /** POST …/fact-sheet/reminders: an email on the day `daysBefore` ahead of the deadline; a day already past is refused. */
    async createReminder(actor: Actor, documentId: string, input: CreateReminderRequest): Promise<Reminder> {
      const document = await requireProcessedDocument(actor, documentId);
      const today = formatIsoDate(deps.now());
      const remindOn = remindOnFor(input.deadline, input.daysBefore);
      if (input.deadline < today) throw new AppError("validation_failed", "That deadline has already passed.");
      if (remindOn < today) throw new AppError("validation_failed", "That day has already passed: choose fewer days before the deadline.");
      const row = await deps.repo.insertReminder(
        { userId: actor.userId, documentId: document.id, field: input.field, label: input.label, deadline: input.deadline, remindOn },
        secondsUntilReminder(remindOn, deps.now()),
      );
      deps.wakeWorker();
      return toReminder(row);
    },

    async listReminders(actor: Actor, documentId: string): Promise<Reminder[]> {
      const document = await deps.getDocument(actor, documentId);
      return (await deps.repo.listReminders(document.id)).map(toReminder);
    },

    /** DELETE …/reminders/:reminderId: its email is not sent. */
    async deleteReminder(actor: Actor, documentId: string, reminderId: string): Promise<void> {
      const document = await deps.getDocument(actor, documentId);
      if (!(await deps.repo.deleteReminder(document.id, reminderId))) throw new AppError("not_found", "Reminder not found.");
    },

    /** GET …/fact-sheet/export: the sheet as CSV or PDF, named after the document; only a sheet that has been read can be. */
    async exportSheet(
      actor: Actor,
      documentId: string,
      format: FactSheetExportFormat,
    ): Promise<{ filename: string; contentType: string; body: string | Uint8Array<ArrayBuffer> }> {
      const document = await requireProcessedDocument(actor, documentId, deps.getReadableDocument);
      const row = await deps.repo.find(document.id);
      if (!row?.builtAt) throw new AppError("conflict", "The fact sheet is still being read. Try again in a moment.");
      const sheet = toFactSheet(document, row, await deps.reviews.list(document.id));
      const filename = downloadFilename(`${document.filename.replace(/\.[a-z0-9]{2,5}$/i, "")} fact sheet`, format);
      await deps.audit.record(actor, "fact-sheet.exported", { type: "document", id: document.id, name: document.filename }, { format });
      return format === "csv"
        ? { filename, contentType: "text/csv; charset=utf-8", body: factSheetCsv(sheet) }
        : { filename, contentType: "application/pdf", body: await factSheetPdf(sheet, { generatedAt: deps.now() }) };
    },
  };
}

export type FactSheetService = ReturnType<typeof createFactSheetService>;
