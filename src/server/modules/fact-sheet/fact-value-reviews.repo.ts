import { and, asc, eq, inArray } from "drizzle-orm";
import type { ValueReview } from "../../../core/fact-sheet/apply-reviews";
import type { Database } from "../../db/client";
import { factValueReviews, profiles, users } from "../../db/schema/index";
import { resolveDisplayName } from "../../../core/access/display-name";
import type { OwnedDocumentId } from "../documents/documents.repo";

export type NewValueReview = Omit<typeof factValueReviews.$inferInsert, "id" | "createdAt">;

/** Shown for a reviewer whose account was closed since. */
const FORMER_MEMBER = "a former member";

type Reviewer = { accountName: string | null; email: string | null; profileName: string | null } | null | undefined;

/** A person as the app names them everywhere (their profile's name, else their account's, else their address's). */
const nameOf = (reviewer: Reviewer) => (reviewer?.email ? resolveDisplayName(reviewer) : FORMER_MEMBER);

const reviewerColumns = { accountName: users.name, email: users.email, profileName: profiles.displayName };

function toValueReview(row: typeof factValueReviews.$inferSelect, reviewer: Reviewer): ValueReview {
  return {
    id: row.id,
    field: row.field,
    kind: row.kind,
    by: nameOf(reviewer),
    at: row.createdAt.toISOString(),
    note: row.note,
    read: { value: row.readValue, productLine: row.readProductLine, page: row.readPage, quote: row.readQuote },
    corrected:
      row.value !== null && row.page !== null
        ? { value: row.value, amount: row.amount, unit: row.unit, productLine: row.productLine ?? row.readProductLine, page: row.page }
        : null,
  };
}

/** People's reviews of a document's fact-sheet values; reads and writes take the id an access check made. */
export function createFactValueReviewsRepo(db: Database) {
  async function list(documentId: OwnedDocumentId, tx: Database = db): Promise<ValueReview[]> {
    const rows = await tx
      .select({ review: factValueReviews, reviewer: reviewerColumns })
      .from(factValueReviews)
      .leftJoin(users, eq(users.id, factValueReviews.userId))
      .leftJoin(profiles, eq(profiles.userId, factValueReviews.userId))
      .where(eq(factValueReviews.documentId, documentId))
      .orderBy(asc(factValueReviews.createdAt));
    return rows.map(({ review, reviewer }) => toValueReview(review, reviewer));
  }

  return {
    list,

    /** The reviews of many documents at once, by document (the portfolio's rows, already scoped by who asks). */
    async listForDocuments(documentIds: readonly string[]): Promise<Map<string, ValueReview[]>> {
      if (documentIds.length === 0) return new Map();
      const rows = await db
        .select({ review: factValueReviews, reviewer: reviewerColumns })
        .from(factValueReviews)
        .leftJoin(users, eq(users.id, factValueReviews.userId))
        .leftJoin(profiles, eq(profiles.userId, factValueReviews.userId))
        .where(inArray(factValueReviews.documentId, [...documentIds]))
        .orderBy(asc(factValueReviews.createdAt));
      const byDocument = new Map<string, ValueReview[]>();
      for (const { review, reviewer } of rows)
        byDocument.set(review.documentId, [...(byDocument.get(review.documentId) ?? []), toValueReview(review, reviewer)]);
      return byDocument;
    },

    /** Replaces the value's review, if it had one, in `tx`: one review per value. */
    async save(review: NewValueReview & { documentId: OwnedDocumentId }, tx: Database): Promise<ValueReview> {
      const [row] = await tx
        .insert(factValueReviews)
        .values(review)
        .onConflictDoUpdate({
          target: [factValueReviews.documentId, factValueReviews.targetKey],
          set: { ...review, createdAt: new Date() },
        })
        .returning();
      const [reviewer] = review.userId
        ? await tx.select(reviewerColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, review.userId))
        : [];
      return toValueReview(row!, reviewer ?? null);
    },

    /** Deletes the review in `tx`; undefined when the document has none with this id. */
    async delete(documentId: OwnedDocumentId, reviewId: string, tx: Database): Promise<ValueReview | undefined> {
      const [row] = await tx
        .delete(factValueReviews)
        .where(and(eq(factValueReviews.documentId, documentId), eq(factValueReviews.id, reviewId)))
        .returning();
      return row && toValueReview(row, null);
    },
  };
}

export type FactValueReviewsRepo = ReturnType<typeof createFactValueReviewsRepo>;
