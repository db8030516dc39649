import type { FactField, FactValue } from "../../shared/contracts/fact-sheet";
import type { ContractTerms, TermCell } from "../../shared/contracts/portfolio";
import { productLineLabels, type FactFieldKey } from "../../shared/fact-sheet";
import { addCalendarDays, type IsoDate } from "../../shared/calendar-dates";
import { periodFromValue, readWrittenDate, renewalNoticeDeadline, shiftByPeriod, type ContractPeriod } from "../fact-sheet/deadlines";

// A contract's key terms for the library and the portfolio, taken from its fact sheet's values
// (never from the contract a second time): who the payer is, when it renews, by when notice must
// go out. Pure: the server computes it per request, with today's date, from the stored sheet.

const payerWords = /\b(?:health|plan|insurance|insurer|assurance|hmo|ppo|mutual|blue|medicaid|medicare|managed care|healthcare|care)\b/i;
const providerWords = /\b(?:provider|physicians?|medical group|clinic|practice|pediatrics|associates|m\.d\.|d\.o\.|p\.c\.|hospital|surgery|therapy)\b/i;

/** The parties as the sheet reads them ("X, Inc. ("Plan") and Y ("Provider")") split into their names, each without its defined term. */
export function splitParties(parties: string): string[] {
  return parties
    .split(/\s+and\s+(?=[A-Z])/)
    .map((party) =>
      party
        .replace(/\(\s*["“”']?[^)]*["“”']?\s*\)/g, "")
        .replace(/[\s,;]+$/, "")
        .trim(),
    )
    .filter((party) => party.length > 1);
}

/** Which party is the payer: the one named "Plan"/"Payer"/"Health Plan", else the one that sounds like an insurer and not like a practice. */
export function payerOfParties(parties: string): string | undefined {
  const named = parties
    .split(/\s+and\s+(?=[A-Z])/)
    .find((party) => /\(\s*["“”']?(?:the\s+)?(?:health\s+)?(?:plan|payer|payor|company|insurer|hmo)["“”']?\s*\)/i.test(party));
  if (named) return splitParties(named)[0];
  const names = splitParties(parties);
  return names.find((name) => payerWords.test(name) && !providerWords.test(name));
}

/** The agreement's own name from the sentence that names the parties: "This Provider Services Agreement is made…" → "Provider Services Agreement". */
export function agreementTypeOf(quote: string): string | undefined {
  const match = /\b((?:[A-Z][\w'-]*\s+){0,5}(?:Agreement|Contract|Amendment|Addendum|AGREEMENT|CONTRACT|AMENDMENT|ADDENDUM))\b/.exec(
    quote.replace(/\s+/g, " "),
  );
  const name = match?.[1]?.replace(/^(?:This|The|That|THIS|THE|THAT)\s+/, "").trim();
  return name || undefined;
}

const toCell = (value: FactValue): TermCell => ({
  value: value.value,
  productLine: value.productLine,
  page: value.source.page,
  quote: value.source.quote,
  review: value.review?.kind ?? null,
});

function valuesOf(fields: readonly FactField[], key: FactFieldKey): FactValue[] {
  return fields.find((field) => field.key === key)?.values ?? [];
}

/** A field's value for the whole agreement when it has one, else its first. */
function mainValue(fields: readonly FactField[], key: FactFieldKey): FactValue | undefined {
  const values = valuesOf(fields, key);
  return values.find((value) => value.productLine === "all") ?? values[0];
}

function firstPeriod(fields: readonly FactField[], key: FactFieldKey): { value: FactValue; period: ContractPeriod } | undefined {
  const values = valuesOf(fields, key);
  for (const value of [...values.filter((candidate) => candidate.productLine === "all"), ...values]) {
    const period = periodFromValue(value);
    if (period) return { value, period };
  }
  return undefined;
}

function firstDate(fields: readonly FactField[], key: FactFieldKey): { value: FactValue; date: IsoDate } | undefined {
  for (const value of valuesOf(fields, key)) {
    const date = readWrittenDate(value.value) ?? readWrittenDate(value.source.quote);
    if (date) return { value, date };
  }
  return undefined;
}

const DAYS_PER_UNIT: Record<string, number> = { days: 1, "business-days": 7 / 5, months: 30, years: 365 };

/** A period in days, for comparing and filtering ("timely filing under 120 days"): a month counts 30 days, a business day 7/5. */
export function periodInDays(value: Pick<FactValue, "amount" | "unit">): number | undefined {
  if (value.amount === null || value.unit === null) return undefined;
  const perUnit = DAYS_PER_UNIT[value.unit];
  return perUnit === undefined ? undefined : Math.round(value.amount * perUnit);
}

/** A yes-or-no field's stated No: "No", or "No — the clause is struck through" (ADR 044). */
const saysNo = (value: FactValue) => /^\s*no\b/i.test(value.value);

/** The shortest window a field states, in days: the one that bites first. */
function shortestDays(fields: readonly FactField[], key: FactFieldKey): number | null {
  const days = valuesOf(fields, key)
    .map(periodInDays)
    .filter((value): value is number => value !== undefined);
  return days.length > 0 ? Math.min(...days) : null;
}

interface TermDates {
  termEnds: IsoDate | null;
  renewalDate: IsoDate | null;
  noticeByDate: IsoDate | null;
  /** The renewal the notice-by date is for (the one after next when this term's last day to give notice has passed). */
  noticeForRenewal: IsoDate | null;
}

const noPeriod: ContractPeriod = { amount: 0, unit: "days" };
const noDates: TermDates = { termEnds: null, renewalDate: null, noticeByDate: null, noticeForRenewal: null };

/**
 * The current term's end, the next renewal on or after today and the notice-by date (renewal −
 * non-renewal notice, counted back from the last day of the term). The first term ends after the
 * initial term from the effective date, or on the expiration date; an agreement that does not renew
 * automatically has a term end and no renewal.
 */
export function termDates(fields: readonly FactField[], today: IsoDate): TermDates {
  const effective = firstDate(fields, "effective_date");
  const initial = firstPeriod(fields, "initial_term");
  const expiration = firstDate(fields, "expiration_date");
  const renewal = firstPeriod(fields, "auto_renewal");
  const renews = valuesOf(fields, "auto_renewal").some((value) => !saysNo(value));
  const notice = firstPeriod(fields, "non_renewal_notice");
  const firstRenewal = initial && effective ? shiftByPeriod(effective.date, initial.period).date : expiration ? addCalendarDays(expiration.date, 1) : undefined;
  if (!firstRenewal) return noDates;
  if (!renews) {
    const termEnds = addCalendarDays(firstRenewal, -1);
    return { ...noDates, termEnds };
  }
  const renewalPeriod = renewal?.period ?? initial?.period ?? { amount: 1, unit: "years" };
  // renewalNoticeDeadline counts term boundaries from an effective date and an initial term; with
  // only an expiration date, the first renewal is that "effective date" and the initial term nothing.
  const start = initial && effective ? { effectiveDate: effective.date, initialTerm: initial.period } : { effectiveDate: firstRenewal, initialTerm: noPeriod };
  const deadline = renewalNoticeDeadline({ ...start, renewalTerm: renewalPeriod, notice: notice?.period ?? noPeriod, today });
  const base = { termEnds: deadline.termEnds, renewalDate: deadline.renewalDate };
  if (!notice) return { ...base, noticeByDate: null, noticeForRenewal: null };
  const chance = deadline.isPassed ? deadline.nextChance! : { date: deadline.date, renewalDate: deadline.renewalDate };
  return { ...base, noticeByDate: chance.date, noticeForRenewal: chance.renewalDate };
}

/** Every cell of the portfolio's row and the library's details, from the sheet's values. */
export function contractTermsOf(fields: readonly FactField[], today: IsoDate): ContractTerms {
  const parties = mainValue(fields, "parties");
  const effective = firstDate(fields, "effective_date");
  const effectiveValue = effective?.value ?? mainValue(fields, "effective_date");
  const dates = termDates(fields, today);
  const cellsOf = (key: FactFieldKey) => valuesOf(fields, key).map(toCell);
  const payer = parties && payerOfParties(parties.value);
  const agreementType = parties && agreementTypeOf(parties.source.quote);
  const productLines = valuesOf(fields, "product_lines");
  const lesserOf = valuesOf(fields, "lesser_of");
  return {
    payer: payer && parties ? { ...toCell(parties), value: payer } : null,
    agreementType: agreementType && parties ? { ...toCell(parties), value: agreementType } : null,
    productLines: productLines.length > 0 ? productLines.map(toCell) : [],
    productLineNames: [...new Set(productLines.map((value) => productLineLabels[value.productLine] ?? value.value))],
    effectiveDate: effective?.date ?? null,
    effective: effectiveValue ? toCell(effectiveValue) : null,
    termEnds: dates.termEnds,
    renewalDate: dates.renewalDate,
    renewal: cellsOf("auto_renewal")[0] ?? cellsOf("initial_term")[0] ?? cellsOf("expiration_date")[0] ?? null,
    noticeByDate: dates.noticeByDate,
    noticeForRenewal: dates.noticeForRenewal,
    nonRenewalNotice: cellsOf("non_renewal_notice"),
    terminationWithoutCause: cellsOf("termination_without_cause"),
    timelyFiling: cellsOf("timely_filing"),
    timelyFilingDays: shortestDays(fields, "timely_filing"),
    appealWindow: cellsOf("provider_appeal"),
    lesserOf: lesserOf.map(toCell),
    hasLesserOf: lesserOf.some((value) => !saysNo(value)),
    reimbursementBasis: cellsOf("reimbursement_basis"),
    governingLaw: cellsOf("governing_law"),
  };
}

/** The next date to act on: the notice-by date, or the last day of a term that does not renew. */
export function nextDeadlineOf(
  terms: Pick<ContractTerms, "noticeByDate" | "termEnds" | "renewalDate">,
  today: IsoDate,
): { label: string; date: IsoDate } | null {
  if (terms.noticeByDate && terms.noticeByDate >= today) return { label: "Notice not to renew by", date: terms.noticeByDate };
  if (!terms.renewalDate && terms.termEnds && terms.termEnds >= today) return { label: "Term ends", date: terms.termEnds };
  return null;
}
