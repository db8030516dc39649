// Scores fact sheets against the hand-read key of shared/bench/payer-dev (answers.json). See that
// folder's README: the contracts are read from ../shared, never copied here.
import type { FactField, FactValue } from "../src/shared/contracts/fact-sheet";
import type { FactFieldKey } from "../src/shared/fact-sheet";

export interface GoldEntry {
  value: unknown;
  product_line: string;
  page: number | null;
}
export type GoldSheet = Record<string, GoldEntry[]>;

/** answers.json names fields by their unit; the product's keys are the field's name. */
const goldKeyOf: Partial<Record<FactFieldKey, string>> = {
  non_renewal_notice: "non_renewal_notice_days",
  termination_without_cause: "termination_without_cause_notice_days",
  termination_for_cause: "termination_for_cause_cure_days",
  timely_filing: "timely_filing_days",
  corrected_claim: "corrected_claim_or_reconsideration_days",
  provider_appeal: "provider_appeal_or_dispute_days",
  clean_claim_payment: "clean_claim_payment_days",
  payer_amendment_notice: "payer_amendment_notice_days",
  overpayment_refund: "overpayment_refund_days",
  recoupment_lookback: "overpayment_refund_days",
  lesser_of: "lesser_of_clause",
  fee_schedule_update: "fee_schedule_update_days",
  records_retention: "records_retention_years",
  change_of_status_notice: "change_of_status_notice_days",
};

const isStated = (entry: GoldEntry) => entry.value !== "not_stated";
/** "medicaid (Episode-Based …)" → ["medicaid"]; "medicaid/medicare_advantage" → both. */
const productLinesOf = (entry: GoldEntry) => entry.product_line.split(" (")[0]!.split("/");

function numbersIn(value: unknown): number[] {
  if (typeof value === "number") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(numbersIn);
  return [];
}

/** A value answers a gold entry when it is on the same page for the same product line and, for a number or yes, says the same (a value in words must name the number). */
function answers(value: FactValue, entry: GoldEntry): boolean {
  if (value.source.page !== entry.page || !productLinesOf(entry).includes(value.productLine)) return false;
  if (entry.value === true) return value.value.startsWith("Yes");
  const numbers = numbersIn(entry.value);
  if (!numbers.length) return true;
  // A value in words ("110% of the Medicare fee schedule") must still say the number; "Redacted in this copy" does not.
  if (value.amount === null) return numbers.some((number) => new RegExp(`(?<![\\d.])${number}(?![\\d])`).test(value.value));
  return numbers.includes(value.amount);
}

export interface FactSheetScore {
  goldEntries: number;
  entriesRight: number;
  valuesShown: number;
  valuesRight: number;
  notStatedShown: number;
  notStatedRight: number;
  /** Per field of the key: its entries, and how many a value answers. */
  byField: Map<string, { entries: number; right: number }>;
  misses: string[];
}

export function emptyScore(): FactSheetScore {
  return { goldEntries: 0, entriesRight: 0, valuesShown: 0, valuesRight: 0, notStatedShown: 0, notStatedRight: 0, byField: new Map(), misses: [] };
}

/**
 * Adds one contract's sheet to the score. An entry of the key is right when a value answers it, or —
 * for "not stated" — when no value is shown for its product line. "Not stated" shown for a field is
 * right when the key states nothing for it.
 */
export function scoreSheet(score: FactSheetScore, contract: string, fields: readonly FactField[], gold: GoldSheet): void {
  for (const [goldKey, entries] of Object.entries(gold)) {
    // Every field the key's one corresponds to (the key keeps the recoupment look-back under overpayments).
    const shown = fields.filter((field) => (goldKeyOf[field.key] ?? field.key) === goldKey).flatMap((field) => field.values);
    const fieldScore = score.byField.get(goldKey) ?? { entries: 0, right: 0 };
    score.byField.set(goldKey, fieldScore);
    for (const entry of entries) {
      score.goldEntries++;
      fieldScore.entries++;
      const right = isStated(entry)
        ? shown.some((value) => answers(value, entry))
        : !shown.some((value) => productLinesOf(entry).includes(value.productLine) || value.productLine === "all");
      if (right) {
        score.entriesRight++;
        fieldScore.right++;
      } else score.misses.push(`${contract} ${goldKey}: ${JSON.stringify(entry.value).slice(0, 60)} [${entry.product_line}] p${entry.page}`);
    }
    score.valuesShown += shown.length;
    score.valuesRight += shown.filter((value) => entries.some((entry) => isStated(entry) && answers(value, entry))).length;
    if (shown.length === 0) {
      score.notStatedShown++;
      if (!entries.some(isStated)) score.notStatedRight++;
    }
  }
}
