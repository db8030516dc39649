import type { Actor } from "../../../core/access/actor";
import { reviewTargetKey, type ValueReview } from "../../../core/fact-sheet/apply-reviews";
import type { FactValue, FactValueReview, ReviewFactValueRequest } from "../../../shared/contracts/fact-sheet";
import { factFields } from "../../../shared/fact-sheet";
import { checkCorrectedValue, correctionMessages } from "../../../shared/fact-value-reviews";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { AuditService } from "../audit/audit.service";
import type { OwnedDocumentSummary } from "../documents/documents.service";
import type { PublishDocumentEvent } from "../events/live-events";
import type { FactSheetRepo } from "./fact-sheet.repo";
import type { FactValueReviewsRepo } from "./fact-value-reviews.repo";
import { applyReviews } from "../../../core/fact-sheet/apply-reviews";

export const REVIEW_REFUSED = "Only an admin or the document's owner can confirm or correct its fact sheet.";
const VALUE_GONE = "That value is no longer on the fact sheet: the document was read again. Reload the sheet and review the value it shows now.";

export type ReviewableDocument = OwnedDocumentSummary & { userId: string };

export interface FactValueReviewsDeps {
  db: Database;
  repo: FactSheetRepo;
  reviews: FactValueReviewsRepo;
  /** The documents module's reach check for `fact-sheet.review`: 404 outside the organization, 403 without the right. */
  getReviewableDocument: (actor: Actor, documentId: string) => Promise<ReviewableDocument>;
  audit: Pick<AuditService, "record">;
  publishDocumentEvent: PublishDocumentEvent;
}

const labelOf = (field: string) => factFields.find((definition) => definition.key === field)?.label ?? field;

/** Confirming and correcting fact-sheet values (issue 28, ADR 032): each an audit event in the transaction that saves it. */
export function createFactValueReviews(deps: FactValueReviewsDeps) {
  async function requireReviewable(actor: Actor, documentId: string): Promise<ReviewableDocument> {
    const document = await deps.getReviewableDocument(actor, documentId);
    if (document.status !== "completed") throw new AppError("conflict", "The fact sheet is ready once the document has been processed.");
    return document;
  }

  /** The value as the latest reading states it (before any review), or a conflict when that reading no longer has it. */
  async function findReadValue(document: ReviewableDocument, input: ReviewFactValueRequest): Promise<FactValue> {
    const row = await deps.repo.find(document.id);
    const field = row?.fields.find((candidate) => candidate.key === input.field);
    const value = field?.values.find(
      (candidate) => candidate.value === input.readValue && candidate.source.chunkId === input.chunkId && candidate.source.startOffset === input.startOffset,
    );
    if (!value) throw new AppError("conflict", VALUE_GONE);
    return value;
  }

  function correctionOf(input: ReviewFactValueRequest, document: ReviewableDocument) {
    if (input.kind !== "corrected") return { value: null, amount: null, unit: null, productLine: null, page: null };
    const pageCount = document.pageCount ?? 0;
    if (input.page > pageCount) throw new AppError("validation_failed", correctionMessages.pageOutside(pageCount));
    const checked = checkCorrectedValue(input.field, input.value);
    if (!checked.ok) throw new AppError("validation_failed", checked.message);
    return { ...checked.corrected, productLine: input.productLine, page: input.page };
  }

  const announce = (document: ReviewableDocument, tx: Database) =>
    deps.publishDocumentEvent(document.userId, { type: "fact_sheet", documentId: document.id }, tx);

  return {
    /** POST …/fact-sheet/reviews: the value confirmed as read, or corrected; replaces the value's earlier review. */
    async reviewValue(actor: Actor, documentId: string, input: ReviewFactValueRequest): Promise<FactValueReview> {
      const document = await requireReviewable(actor, documentId);
      const correction = correctionOf(input, document);
      const read = await findReadValue(document, input);
      const saved: ValueReview = await deps.db.transaction(async (tx) => {
        const review = await deps.reviews.save(
          {
            documentId: document.id,
            field: input.field,
            targetKey: reviewTargetKey(input.field, read.value, read.source.quote),
            kind: input.kind,
            readValue: read.value,
            readProductLine: read.productLine,
            readPage: read.source.page,
            readQuote: read.source.quote,
            ...correction,
            note: input.note ?? null,
            userId: actor.userId,
          },
          tx,
        );
        const action = input.kind === "corrected" ? "fact-sheet.value-corrected" : "fact-sheet.value-confirmed";
        const details = { field: input.field, productLine: correction.productLine ?? read.productLine, page: correction.page ?? read.source.page };
        await deps.audit.record(actor, action, { type: "document", id: document.id, name: `${document.filename}: ${labelOf(input.field)}` }, details, { tx });
        await announce(document, tx);
        return review;
      });
      const [applied] = applyReviews([{ key: input.field, values: [read] }], [saved]).fields;
      return applied!.values[0]!.review!;
    },

    /** DELETE …/fact-sheet/reviews/:reviewId: the value shows as read again. */
    async removeReview(actor: Actor, documentId: string, reviewId: string): Promise<void> {
      const document = await requireReviewable(actor, documentId);
      await deps.db.transaction(async (tx) => {
        const removed = await deps.reviews.delete(document.id, reviewId, tx);
        if (!removed) throw new AppError("not_found", "That review is not on this fact sheet.");
        const details = { field: removed.field, productLine: removed.read.productLine, page: removed.read.page };
        await deps.audit.record(
          actor,
          "fact-sheet.review-removed",
          { type: "document", id: document.id, name: `${document.filename}: ${labelOf(removed.field)}` },
          details,
          {
            tx,
          },
        );
        await announce(document, tx);
      });
    },
  };
}
