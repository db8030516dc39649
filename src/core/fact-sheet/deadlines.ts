import type { FactValue } from "../../shared/contracts/fact-sheet";
import {
  addCalendarDays,
  addCalendarMonths,
  addCalendarYears,
  DAY_MS,
  formatIsoDate,
  formatLongDate,
  monthNames,
  requireIsoDate,
  utcDate,
  type IsoDate,
} from "../../shared/calendar-dates";
import { remembered } from "../../shared/remembered";

// The dates a billing office acts on, from the periods a contract states: pure, so the fact
// sheet's deadline calculator computes them in the browser as reminders do on the server (ADR 042).
// Dates are ISO calendar dates (shared/calendar-dates.ts).

export type PeriodUnit = "days" | "business-days" | "months" | "years";

/** A period as the contract states it: 90 days, 30 business days, 1 year. */
export interface ContractPeriod {
  amount: number;
  unit: PeriodUnit;
  /** The contract's words for it (the value and its quote): whether "days" were said to be calendar days is read from here. */
  wording?: string;
}

/** A date computed from the contract, with how it was reached and what was assumed where the contract is silent. */
export interface Deadline {
  date: IsoDate;
  /** One or two plain sentences: what was counted from what. */
  explanation: string;
  /** Each assumption made where the contract does not say (calendar or business days, which holidays, the renewal term). */
  assumptions: string[];
}

const monthByName = new Map<string, number>(
  monthNames.flatMap((name, index) => [[name.toLowerCase(), index] as [string, number], [name.slice(0, 3).toLowerCase(), index] as [string, number]]),
);
monthByName.set("sept", 8);

/**
 * A date as contracts write it — "September 1, 2021", "1 September 2021", "the 1st day of
 * September, 2021", "09/01/2021" or "9-1-21" (US order), "2021-09-01" — as an ISO date; undefined when the
 * text holds no single readable date.
 */
export function readWrittenDate(text: string): IsoDate | undefined {
  const value = text.trim().toLowerCase().replace(/\s+/g, " ");
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(value);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const numeric = /\b(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})\b/.exec(value);
  // A two-digit year is read as 20xx, the century of any contract in force.
  if (numeric) return isoOf(Number(numeric[4]!.length === 2 ? `20${numeric[4]}` : numeric[4]), Number(numeric[1]) - 1, Number(numeric[3]));
  const month = "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?";
  const day = "(\\d{1,2})(?:st|nd|rd|th)?";
  const monthFirst = new RegExp(`\\b${month} ${day},? (\\d{4})\\b`).exec(value);
  if (monthFirst) return isoOf(Number(monthFirst[3]), monthByName.get(monthFirst[1]!)!, Number(monthFirst[2]));
  const dayFirst = new RegExp(`\\b${day} (?:day of )?${month},? (\\d{4})\\b`).exec(value);
  if (dayFirst) return isoOf(Number(dayFirst[3]), monthByName.get(dayFirst[2]!)!, Number(dayFirst[1]));
  return undefined;
}

function isoOf(year: number, monthIndex: number, day: number): IsoDate | undefined {
  const date = utcDate(year, monthIndex, day);
  return date ? formatIsoDate(date) : undefined;
}

function nthWeekday(year: number, monthIndex: number, weekday: number, nth: number): Date {
  const first = new Date(Date.UTC(year, monthIndex, 1));
  return new Date(Date.UTC(year, monthIndex, 1 + ((weekday - first.getUTCDay() + 7) % 7) + (nth - 1) * 7));
}

function lastWeekday(year: number, monthIndex: number, weekday: number): Date {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0));
  return new Date(last.getTime() - ((last.getUTCDay() - weekday + 7) % 7) * DAY_MS);
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after (5 U.S.C. 6103). */
function observed(date: Date): Date {
  const weekday = date.getUTCDay();
  if (weekday === 6) return new Date(date.getTime() - DAY_MS);
  if (weekday === 0) return new Date(date.getTime() + DAY_MS);
  return date;
}

const MONDAY = 1;
const THURSDAY = 4;

/** The legal public holidays of 5 U.S.C. 6103 in a year, by rule (Juneteenth from 2021), on the dates they are observed. */
function federalHolidaysOfYear(year: number): Array<{ date: Date; name: string }> {
  const fixed = (monthIndex: number, day: number) => observed(new Date(Date.UTC(year, monthIndex, day)));
  return [
    { date: fixed(0, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 0, MONDAY, 3), name: "Birthday of Martin Luther King, Jr." },
    { date: nthWeekday(year, 1, MONDAY, 3), name: "Washington's Birthday" },
    { date: lastWeekday(year, 4, MONDAY), name: "Memorial Day" },
    ...(year >= 2021 ? [{ date: fixed(5, 19), name: "Juneteenth National Independence Day" }] : []),
    { date: fixed(6, 4), name: "Independence Day" },
    { date: nthWeekday(year, 8, MONDAY, 1), name: "Labor Day" },
    { date: nthWeekday(year, 9, MONDAY, 2), name: "Columbus Day" },
    { date: fixed(10, 11), name: "Veterans Day" },
    { date: nthWeekday(year, 10, THURSDAY, 4), name: "Thanksgiving Day" },
    { date: fixed(11, 25), name: "Christmas Day" },
  ];
}

/** The federal holidays observed within a calendar year (New Year's Day of the next year can be observed on December 31). */
export function federalHolidays(year: number): Array<{ date: IsoDate; name: string }> {
  return [...federalHolidaysOfYear(year), ...federalHolidaysOfYear(year + 1)]
    .filter(({ date }) => date.getUTCFullYear() === year)
    .map(({ date, name }) => ({ date: formatIsoDate(date), name }));
}

const federalHolidaysIn = remembered(
  "deadlines.federal-holidays",
  200,
  (year: number): ReadonlySet<IsoDate> => new Set(federalHolidays(year).map(({ date }) => date)),
);

function isFederalHoliday(date: IsoDate): boolean {
  return federalHolidaysIn(Number(date.slice(0, 4))).has(date);
}

/** Monday to Friday, except the observed U.S. federal holidays. */
export function isBusinessDay(date: IsoDate): boolean {
  const weekday = requireIsoDate(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isFederalHoliday(date);
}

/** Counts business days forward (or back, for a negative count) from the day after (before) `date`. */
export function addBusinessDays(date: IsoDate, days: number): IsoDate {
  const step = days < 0 ? -1 : 1;
  let result = date;
  for (let left = Math.abs(days); left > 0;) {
    result = addCalendarDays(result, step);
    if (isBusinessDay(result)) left -= 1;
  }
  return result;
}

export const BUSINESS_DAYS_ASSUMPTION = "Business days are Monday to Friday, except U.S. federal holidays on the days they are observed.";

type DayBasis = "calendar" | "business";

/** How the period's days are counted, and the assumption made when the contract says only "days". */
function dayBasisOf(period: ContractPeriod): { basis: DayBasis; assumptions: string[] } {
  if (period.unit === "business-days") return { basis: "business", assumptions: [BUSINESS_DAYS_ASSUMPTION] };
  if (period.unit !== "days") return { basis: "calendar", assumptions: [] };
  if (/\bcalendar\s+days?\b/i.test(period.wording ?? "")) return { basis: "calendar", assumptions: [] };
  if (/\b(business|working)\s+days?\b/i.test(period.wording ?? "")) return { basis: "business", assumptions: [BUSINESS_DAYS_ASSUMPTION] };
  return {
    basis: "calendar",
    assumptions: ["The contract says “days” without saying calendar or business days: they are counted as calendar days."],
  };
}

/** "90 calendar days", "30 business days", "1 year". */
export function describePeriod(period: ContractPeriod): string {
  const { amount } = period;
  const plural = (word: string) => `${amount} ${word}${amount === 1 ? "" : "s"}`;
  if (period.unit === "months") return plural("month");
  if (period.unit === "years") return plural("year");
  return plural(dayBasisOf(period).basis === "business" ? "business day" : "calendar day");
}

/** The date `period` after (or, with direction -1, before) `date`, and what was assumed to count it. */
export function shiftByPeriod(date: IsoDate, period: ContractPeriod, direction: 1 | -1 = 1): { date: IsoDate; assumptions: string[] } {
  const amount = period.amount * direction;
  switch (period.unit) {
    case "months":
      return { date: addCalendarMonths(date, amount), assumptions: [] };
    case "years":
      return { date: addCalendarYears(date, amount), assumptions: [] };
    default: {
      const { basis, assumptions } = dayBasisOf(period);
      return { date: basis === "business" ? addBusinessDays(date, amount) : addCalendarDays(date, amount), assumptions };
    }
  }
}

const periodUnits = new Set<string>(["days", "business-days", "months", "years"]);

/** A fact value's period, when it is a whole number of days, months or years; undefined otherwise. */
export function periodFromValue(value: Pick<FactValue, "amount" | "unit" | "value" | "source">): ContractPeriod | undefined {
  const { amount, unit } = value;
  if (amount === null || unit === null || !periodUnits.has(unit) || !Number.isInteger(amount) || amount <= 0) return undefined;
  return { amount, unit: unit as PeriodUnit, wording: `${value.value}\n${value.source.quote}` };
}

/** A period counted from an event: the claim filing, appeal and payment windows. */
/** How a window's deadline is told: its lead ("File the claim by"), the period's name, and the day it runs from when the contract does not say. */
interface WindowWording {
  lead: string;
  periodName: string;
  /** As the explanation names it ("the date of service"), and as the assumption does when they differ. */
  defaultStart: string;
  assumedStart?: string;
}

/** The last day of a window of `period` from `start`, counted from what the contract names (`from`), else from `defaultStart`, which is then said to be assumed. */
function windowFrom(start: IsoDate, period: ContractPeriod, from: string | null | undefined, wording: WindowWording): Deadline {
  const { date, assumptions } = shiftByPeriod(start, period);
  const named = from?.trim();
  const explanation = `${wording.lead} ${formatLongDate(date)}: ${describePeriod(period)} from ${formatLongDate(start)}, counted from ${named || wording.defaultStart}.`;
  if (!named)
    assumptions.push(
      `The contract does not say what the ${wording.periodName} starts from: it is counted from ${wording.assumedStart ?? wording.defaultStart}.`,
    );
  return { date, explanation, assumptions };
}

/** The last day to file a claim for a service on `dateOfService` within the timely filing period. */
export function claimFilingDeadline(dateOfService: IsoDate, period: ContractPeriod, from?: string | null): Deadline {
  return windowFrom(dateOfService, period, from, { lead: "File the claim by", periodName: "filing period", defaultStart: "the date of service" });
}

/** The last day to appeal or dispute a denial dated `denialDate`. */
export function appealDeadline(denialDate: IsoDate, period: ContractPeriod, from?: string | null): Deadline {
  return windowFrom(denialDate, period, from, { lead: "Send the appeal by", periodName: "appeal period", defaultStart: "the date of the denial" });
}

/** The day by which the payer should pay a clean claim it received on `receivedDate`. */
export function cleanClaimPaymentDate(receivedDate: IsoDate, period: ContractPeriod, from?: string | null): Deadline {
  return windowFrom(receivedDate, period, from, {
    lead: "Payment is due by",
    periodName: "payment period",
    defaultStart: "the day the payer received the clean claim",
    assumedStart: "the day the payer received the claim",
  });
}

export interface RenewalNoticeInput {
  effectiveDate: IsoDate;
  initialTerm: ContractPeriod;
  /** Each renewal's length; when the contract does not say, the initial term is used and said so. */
  renewalTerm?: ContractPeriod;
  notice: ContractPeriod;
  today: IsoDate;
  /** What the notice does, for the sentence: "notice not to renew", "notice of termination". */
  noticeName?: string;
}

export interface RenewalNoticeDeadline extends Deadline {
  /** The next renewal on or after today: the first day of the next term. */
  renewalDate: IsoDate;
  /** The last day of the current term. */
  termEnds: IsoDate;
  /** True when today is already past the last day to give notice before that renewal. */
  isPassed: boolean;
  /** When it has passed: the last day to give notice before the renewal after it. */
  nextChance?: { date: IsoDate; renewalDate: IsoDate };
}

const MAX_TERMS = 1_000;

/** The date term `index` (0 = the initial term) ends at, as the first day of the next term; counted from the effective date so month ends do not drift. */
function termBoundary(input: RenewalNoticeInput, renewal: ContractPeriod, index: number): IsoDate {
  const monthsOf = (period: ContractPeriod) => (period.unit === "years" ? period.amount * 12 : period.unit === "months" ? period.amount : undefined);
  const [initialMonths, renewalMonths] = [monthsOf(input.initialTerm), monthsOf(renewal)];
  if (initialMonths !== undefined && renewalMonths !== undefined) return addCalendarMonths(input.effectiveDate, initialMonths + index * renewalMonths);
  let boundary = shiftByPeriod(input.effectiveDate, input.initialTerm).date;
  for (let term = 0; term < index; term++) boundary = shiftByPeriod(boundary, renewal).date;
  return boundary;
}

/**
 * The last day to send a notice (not to renew, or to terminate) so that it takes effect before the
 * next renewal on or after today: the notice period counted back from the last day of the current
 * term, so that the whole period runs within that term.
 */
export function renewalNoticeDeadline(input: RenewalNoticeInput): RenewalNoticeDeadline {
  const renewal = input.renewalTerm ?? input.initialTerm;
  const assumptions: string[] = [];
  if (!input.renewalTerm)
    assumptions.push(
      `The contract does not state a renewal term: each renewal is taken to last as long as the initial term (${describePeriod(input.initialTerm)}).`,
    );
  const today = requireIsoDate(input.today).getTime();
  requireIsoDate(input.effectiveDate);

  let index = 0;
  let renewalDate = termBoundary(input, renewal, index);
  while (requireIsoDate(renewalDate).getTime() < today) {
    if (++index > MAX_TERMS) throw new RangeError("The renewal is too far from today to compute.");
    renewalDate = termBoundary(input, renewal, index);
  }
  const noticeFor = (renewsOn: IsoDate) => {
    const termEnds = addCalendarDays(renewsOn, -1);
    const shifted = shiftByPeriod(termEnds, input.notice, -1);
    return { termEnds, date: shifted.date, assumptions: shifted.assumptions };
  };
  const notice = noticeFor(renewalDate);
  const isPassed = requireIsoDate(notice.date).getTime() < today;
  const noticeName = input.noticeName ?? "notice not to renew";
  let explanation =
    `The current term ends on ${formatLongDate(notice.termEnds)} and the agreement renews on ${formatLongDate(renewalDate)}. ` +
    `Send ${noticeName} by ${formatLongDate(notice.date)}, at least ${describePeriod(input.notice)} before the term ends.`;
  const result: RenewalNoticeDeadline = {
    date: notice.date,
    renewalDate,
    termEnds: notice.termEnds,
    isPassed,
    explanation,
    assumptions: [...notice.assumptions, ...assumptions],
  };
  if (isPassed) {
    const following = termBoundary(input, renewal, index + 1);
    const next = noticeFor(following);
    result.nextChance = { date: next.date, renewalDate: following };
    explanation += ` That day has passed, so the agreement renews on ${formatLongDate(renewalDate)}; the next chance is by ${formatLongDate(next.date)}, before the renewal on ${formatLongDate(following)}.`;
    result.explanation = explanation;
  }
  return result;
}
