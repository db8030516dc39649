import {
  payerNameOf,
  type CalendarEvent,
  type ContractRow,
  type PortfolioFilter,
  type PortfolioSort,
  type PortfolioView,
  type TermCell,
} from "./contracts/portfolio";
import { addCalendarDays, addCalendarMonths, type IsoDate } from "./calendar-dates";

// The portfolio's filters, orders and calendar over rows already computed: pure, so the web's
// library and the server's list and exports agree.

export const RENEWS_WITHIN_DAYS = 90;
export const SHORT_TIMELY_FILING_DAYS = 120;
export const CALENDAR_MONTHS = 12;

const isWithin = (date: IsoDate | null, from: IsoDate, days: number) => date !== null && date >= from && date <= addCalendarDays(from, days);

/**
 * Whether a person checked each key value the portfolio shows for an agreement (ADR 033): the
 * payer, product lines, effective date, renewal, non-renewal notice, termination without cause,
 * timely filing, appeal window, lesser-of, reimbursement basis and governing law — every value of
 * each, as read or as a person corrected it. A value counts as checked once a person confirmed or
 * corrected it on the fact sheet; the payer also once a person named it. "Not stated" is no value.
 */
export function shownValuesChecked(row: ContractRow): boolean[] {
  const { terms } = row;
  const cells = [
    terms.productLines,
    [terms.effective],
    [terms.renewal],
    terms.nonRenewalNotice,
    terms.terminationWithoutCause,
    terms.timelyFiling,
    terms.appealWindow,
    terms.lesserOf,
    terms.reimbursementBasis,
    terms.governingLaw,
  ].flat();
  const payer = row.payerCorrection !== null ? [true] : terms.payer ? [terms.payer.review !== null] : [];
  return [...payer, ...cells.filter((cell): cell is TermCell => cell !== null).map((cell) => cell.review !== null)];
}

const filterTests: Record<PortfolioFilter, (row: ContractRow, today: IsoDate) => boolean> = {
  "renews-90-days": (row, today) => isWithin(row.terms.renewalDate, today, RENEWS_WITHIN_DAYS),
  "timely-filing-under-120": (row) => row.terms.timelyFilingDays !== null && row.terms.timelyFilingDays < SHORT_TIMELY_FILING_DAYS,
  "lesser-of": (row) => row.terms.hasLesserOf,
  // An agreement that shows no value at all has nothing confirmed: it is in neither.
  "all-values-confirmed": (row) => {
    const checked = shownValuesChecked(row);
    return checked.length > 0 && checked.every(Boolean);
  },
  "has-unconfirmed-values": (row) => shownValuesChecked(row).includes(false),
};

export function matchesFilters(row: ContractRow, filters: readonly PortfolioFilter[], today: IsoDate): boolean {
  return filters.every((filter) => filterTests[filter](row, today));
}

type SortKey = string | number | null;

const sortKeys: Record<PortfolioSort, (row: ContractRow) => SortKey> = {
  payer: (row) => payerNameOf(row)?.toLowerCase() ?? null,
  name: (row) => row.documentName.toLowerCase(),
  effective: (row) => row.terms.effectiveDate,
  renewal: (row) => row.terms.renewalDate,
  "notice-by": (row) => row.terms.noticeByDate,
  "timely-filing": (row) => row.terms.timelyFilingDays,
};

/** Rows in the view's order; a row without the value sorts last either way, ties by document name. */
export function sortRows(rows: readonly ContractRow[], sort: PortfolioSort, order: "asc" | "desc"): ContractRow[] {
  const keyOf = sortKeys[sort];
  const direction = order === "asc" ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: keyOf(row) }));
  keyed.sort((left, right) => {
    if (left.key === null || right.key === null) {
      if (left.key !== right.key) return left.key === null ? 1 : -1;
    } else if (left.key !== right.key) return (left.key < right.key ? -1 : 1) * direction;
    return left.row.documentName.localeCompare(right.row.documentName);
  });
  return keyed.map(({ row }) => row);
}

export function applyView(rows: readonly ContractRow[], view: PortfolioView, today: IsoDate): ContractRow[] {
  return sortRows(
    rows.filter((row) => matchesFilters(row, view.filters, today)),
    view.sort,
    view.order,
  );
}

/** The last day the calendar shows: 12 months from today. */
export function calendarEnd(today: IsoDate): IsoDate {
  return addCalendarMonths(today, CALENDAR_MONTHS);
}

/** Notice-by and renewal dates from today through the calendar's end, soonest first. */
export function calendarEvents(rows: readonly ContractRow[], today: IsoDate): CalendarEvent[] {
  const end = calendarEnd(today);
  const inRange = (date: IsoDate | null): date is IsoDate => date !== null && date >= today && date <= end;
  const events = rows.flatMap((row) => {
    const base = { documentId: row.documentId, documentName: row.documentName, payer: payerNameOf(row) };
    const noticePage = row.terms.nonRenewalNotice[0]?.page ?? null;
    return [
      ...(inRange(row.terms.noticeByDate) ? [{ ...base, date: row.terms.noticeByDate, kind: "notice-by" as const, page: noticePage }] : []),
      ...(inRange(row.terms.renewalDate) ? [{ ...base, date: row.terms.renewalDate, kind: "renewal" as const, page: row.terms.renewal?.page ?? null }] : []),
    ];
  });
  return events.sort((left, right) => left.date.localeCompare(right.date) || left.documentName.localeCompare(right.documentName));
}

/** Notice-by dates from today through `days` ahead: what the weekly digest lists. */
export function noticeByWithin(rows: readonly ContractRow[], today: IsoDate, days: number): CalendarEvent[] {
  return calendarEvents(rows, today).filter((event) => event.kind === "notice-by" && event.date <= addCalendarDays(today, days));
}
