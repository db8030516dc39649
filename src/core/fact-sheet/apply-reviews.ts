import type { FactField, FactUnit, FactValue, FactValueReview, FactValueReviewKind } from "../../shared/contracts/fact-sheet";
import type { FactFieldKey, ProductLine } from "../../shared/fact-sheet";

/** A person's review of one value as it was read, as stored (ADR 032). */
export interface ValueReview {
  id: string;
  field: FactFieldKey;
  kind: FactValueReviewKind;
  by: string;
  /** ISO date-time. */
  at: string;
  note: string | null;
  /** The value as read when it was reviewed: the review holds while a reading states it in the same words. */
  read: { value: string; productLine: ProductLine; page: number; quote: string };
  /** What the person corrected it to; null for a confirmation. */
  corrected: { value: string; amount: number | null; unit: FactUnit | null; productLine: ProductLine; page: number } | null;
}

const sameWords = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * What identifies a reviewed value across readings: its field, its words and its quote. A
 * reprocessed document read the same way gives the same key, so the review still applies; a
 * passage that now says something else gives another, and the review waits for a person.
 */
export function reviewTargetKey(field: FactFieldKey, readValue: string, quote: string): string {
  return JSON.stringify([field, sameWords(readValue), sameWords(quote)]);
}

function reviewOf(review: ValueReview): FactValueReview {
  return {
    id: review.id,
    kind: review.kind,
    by: review.by,
    at: review.at,
    note: review.note,
    page: review.corrected?.page ?? review.read.page,
    read: { value: review.read.value, productLine: review.read.productLine, page: review.read.page },
  };
}

function reviewed(value: FactValue, review: ValueReview): FactValue {
  const { corrected } = review;
  const shown = corrected ? { value: corrected.value, amount: corrected.amount, unit: corrected.unit, productLine: corrected.productLine } : {};
  // The source stays the reading's: its quote is the verified passage the sheet and the chat cite.
  return { ...value, ...shown, review: reviewOf(review) };
}

/**
 * The sheet as people see it: each value a review matches shows it (a correction replaces the
 * value, amount, unit and product line); reviews no value matches any more are returned to be checked.
 */
export function applyReviews(fields: readonly FactField[], reviews: readonly ValueReview[]): { fields: FactField[]; toCheck: ValueReview[] } {
  const byTarget = new Map(reviews.map((review) => [reviewTargetKey(review.field, review.read.value, review.read.quote), review]));
  const applied = new Set<string>();
  const withReviews = fields.map((field) => ({
    ...field,
    values: field.values.map((value) => {
      const review = byTarget.get(reviewTargetKey(field.key, value.value, value.source.quote));
      if (!review) return value;
      applied.add(review.id);
      return reviewed(value, review);
    }),
  }));
  return { fields: withReviews, toCheck: reviews.filter((review) => !applied.has(review.id)) };
}

/** A review waiting to be checked, as the sheet lists it: the reading it was made on and what it said. */
export function reviewToCheck(review: ValueReview) {
  return { ...reviewOf(review), field: review.field, quote: review.read.quote, value: review.corrected?.value ?? review.read.value };
}
