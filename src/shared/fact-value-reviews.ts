import { monthNames, parseIsoDate, formatLongDate } from "./calendar-dates";
import { productLineLabels, type FactFieldKey } from "./fact-sheet";
import type { FactUnit } from "./contracts/fact-sheet";

// A person confirms or corrects a value the fact sheet read (issue 28, ADR 032). Both the form and
// the server check a corrected value here, so a value the form accepts is one the server keeps.

/** What a field's value is, as a person may type it: the kinds the reader reads, seen from the form. */
export type CorrectionKind = "duration" | "date" | "yes-no" | "name" | "wording" | "product-line";

/** Kept beside the reader's rules (fact-rules.ts): a test holds the two to the same kind for each field. */
export const correctionKinds: Record<FactFieldKey, CorrectionKind> = {
  parties: "wording",
  product_lines: "product-line",
  effective_date: "date",
  initial_term: "duration",
  expiration_date: "date",
  auto_renewal: "yes-no",
  non_renewal_notice: "duration",
  termination_without_cause: "duration",
  termination_for_cause: "duration",
  timely_filing: "duration",
  corrected_claim: "duration",
  provider_appeal: "duration",
  clean_claim_payment: "duration",
  payer_amendment_notice: "duration",
  overpayment_refund: "duration",
  recoupment_lookback: "duration",
  lesser_of: "yes-no",
  reimbursement_basis: "wording",
  fee_schedule_update: "duration",
  governing_law: "name",
  dispute_resolution: "wording",
  assignment: "wording",
  records_retention: "duration",
  change_of_status_notice: "duration",
};

export const REVIEW_NOTE_MAX_CHARS = 200;
export const CORRECTED_NAME_MAX_CHARS = 80;
export const CORRECTED_WORDING_MAX_CHARS = 300;

/** What the form and the server say when a corrected value is not one the field can have. */
export const correctionMessages = {
  blank: "Enter the value the contract states.",
  duration: "Enter a length of time, such as “120 days”, “30 business days”, “12 months” or “2 years”.",
  date: "Enter a date, such as “2026-01-01” or “January 1, 2026”.",
  yesNo: "Enter Yes or No, optionally followed by a comma and what it applies to.",
  name: `Keep the name under ${CORRECTED_NAME_MAX_CHARS} characters.`,
  wording: `Keep the value under ${CORRECTED_WORDING_MAX_CHARS} characters.`,
  productLine: "Choose one of the product lines.",
  noteBlank: "Say in a few words why the value is corrected (for example, “amendment 2”).",
  noteTooLong: `Keep the note under ${REVIEW_NOTE_MAX_CHARS} characters.`,
  pageOutside: (pageCount: number) => `Choose a page from 1 to ${pageCount}: this document has ${pageCount} ${pageCount === 1 ? "page" : "pages"}.`,
} as const;

/** A corrected value as the sheet keeps it: the words shown and, for a length of time, the number deadlines count from. */
export interface CorrectedValue {
  value: string;
  amount: number | null;
  unit: FactUnit | null;
}

export type CorrectionCheck = { ok: true; corrected: CorrectedValue } | { ok: false; message: string };

const DURATION = /^(\d{1,4}(?:\.\d{1,2})?)\s+(?:(calendar|business|working)\s+)?(day|week|month|year)s?\b(.{0,200})$/i;

/** "120 days", "30 business days", "2 weeks" as 14 days: the units the reader counts in. */
function durationOf(text: string): { amount: number; unit: FactUnit } | undefined {
  const match = DURATION.exec(text);
  if (!match) return undefined;
  const amount = Number(match[1]);
  if (!(amount > 0)) return undefined;
  const qualifier = match[2]?.toLowerCase();
  switch (match[3]!.toLowerCase()) {
    case "day":
      return { amount, unit: qualifier === "business" || qualifier === "working" ? "business-days" : "days" };
    case "week":
      return { amount: amount * 7, unit: qualifier === "business" || qualifier === "working" ? "business-days" : "days" };
    case "month":
      return { amount, unit: "months" };
    default:
      return { amount, unit: "years" };
  }
}

const LONG_DATE = new RegExp(`^(${monthNames.join("|")})\\s+(\\d{1,2}),?\\s+(\\d{4})$`, "i");

/** An ISO date or "January 1, 2026", as the sheet writes dates ("January 1, 2026"); undefined when no such day exists. */
function dateOf(text: string): string | undefined {
  const long = LONG_DATE.exec(text);
  const iso = long
    ? `${long[3]}-${String(monthNames.findIndex((name) => name.toLowerCase() === long[1]!.toLowerCase()) + 1).padStart(2, "0")}-${long[2]!.padStart(2, "0")}`
    : text;
  const date = parseIsoDate(iso);
  return date && formatLongDate(date);
}

const YES_NO = /^(yes|no)\b\s*(?:,\s*(.{1,200}))?$/i;

/** Whether `text` is a value `field` can have, and the value as the sheet keeps it. */
export function checkCorrectedValue(field: FactFieldKey, text: string): CorrectionCheck {
  const typed = text.trim().replace(/\s+/g, " ");
  if (!typed) return { ok: false, message: correctionMessages.blank };
  const words = (value: string): CorrectionCheck => ({ ok: true, corrected: { value, amount: null, unit: null } });
  switch (correctionKinds[field]) {
    case "duration": {
      const quantity = durationOf(typed);
      return quantity ? { ok: true, corrected: { value: typed, ...quantity } } : { ok: false, message: correctionMessages.duration };
    }
    case "date": {
      const date = dateOf(typed);
      return date ? words(date) : { ok: false, message: correctionMessages.date };
    }
    case "yes-no": {
      const match = YES_NO.exec(typed);
      if (!match) return { ok: false, message: correctionMessages.yesNo };
      const answer = match[1]!.toLowerCase() === "yes" ? "Yes" : "No";
      const term = match[2] ? durationOf(match[2].replace(/^for\s+/i, "")) : undefined;
      return { ok: true, corrected: { value: match[2] ? `${answer}, ${match[2]}` : answer, amount: term?.amount ?? null, unit: term?.unit ?? null } };
    }
    case "name":
      return typed.length <= CORRECTED_NAME_MAX_CHARS ? words(typed) : { ok: false, message: correctionMessages.name };
    case "product-line": {
      const label = Object.values(productLineLabels).find((name) => name.toLowerCase() === typed.toLowerCase());
      return label ? words(label) : { ok: false, message: correctionMessages.productLine };
    }
    case "wording":
      return typed.length <= CORRECTED_WORDING_MAX_CHARS ? words(typed) : { ok: false, message: correctionMessages.wording };
  }
}

/** "Read: 90 days · Corrected to 120 days by Dana Lee, Dec 3: amendment 2": a correction beside the reading it replaced. */
export function correctionLine(review: { readValue: string; value: string; by: string; at: string; note: string | null }): string {
  const note = review.note ? `: ${review.note}` : "";
  return `Read: ${review.readValue} · Corrected to ${review.value} by ${review.by}, ${shortDate(review.at)}${note}`;
}

/** "Confirmed by Dana Lee, Dec 3". */
export function confirmationLine(review: { by: string; at: string; note: string | null }): string {
  const note = review.note ? `: ${review.note}` : "";
  return `Confirmed by ${review.by}, ${shortDate(review.at)}${note}`;
}

/** "Dec 3": when a person reviewed a value, in UTC so server and browser write the same day. */
function shortDate(isoDateTime: string): string {
  const date = new Date(isoDateTime);
  return `${monthNames[date.getUTCMonth()]!.slice(0, 3)} ${date.getUTCDate()}`;
}
