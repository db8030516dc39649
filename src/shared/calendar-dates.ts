// Calendar dates as ISO yyyy-mm-dd strings with no time of day, shared by the contracts, the views and
// the exports of both sides. Arithmetic runs on UTC midnights, so the machine's time zone never
// shifts a day. Counting deadlines from them is core/fact-sheet/deadlines.ts.

export type IsoDate = string;

export const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** The UTC midnight of an ISO date, or undefined when it is not a real calendar date (2025-02-29). */
export function parseIsoDate(text: string): Date | undefined {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return utcDate(year, month - 1, day);
}

/** The UTC midnight of a calendar day, or undefined when there is no such day. */
export function utcDate(year: number, monthIndex: number, day: number): Date | undefined {
  const date = new Date(Date.UTC(year, monthIndex, day));
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear does not.
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === monthIndex && date.getUTCDate() === day ? date : undefined;
}

export function formatIsoDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

/** "March 3, 2026": the date as a sentence says it, never shifted by a time zone. */
export function formatLongDate(date: Date | IsoDate): string {
  const value = typeof date === "string" ? requireIsoDate(date) : date;
  return `${monthNames[value.getUTCMonth()]} ${value.getUTCDate()}, ${value.getUTCFullYear()}`;
}

/** The UTC midnight of an ISO date; a RangeError when the text is not one. */
export function requireIsoDate(text: string): Date {
  const date = parseIsoDate(text);
  if (!date) throw new RangeError(`Not a date: ${text}`);
  return date;
}

export function addCalendarDays(date: IsoDate, days: number): IsoDate {
  return formatIsoDate(new Date(requireIsoDate(date).getTime() + days * DAY_MS));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((requireIsoDate(to).getTime() - requireIsoDate(from).getTime()) / DAY_MS);
}

/** Month ends hold: January 31 plus one month is February 28, or 29 in a leap year. */
export function addCalendarMonths(date: IsoDate, months: number): IsoDate {
  const start = requireIsoDate(date);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return formatIsoDate(utcDate(year, month, Math.min(start.getUTCDate(), lastDay))!);
}

/** February 29 plus one year is February 28. */
export function addCalendarYears(date: IsoDate, years: number): IsoDate {
  return addCalendarMonths(date, years * 12);
}
