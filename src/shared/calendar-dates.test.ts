import { describe, expect, it } from "vitest";
import { addCalendarDays, addCalendarMonths, addCalendarYears, formatLongDate, parseIsoDate } from "./calendar-dates";

describe("parseIsoDate", () => {
  it.each([
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2026-13-01", false],
    ["2026-04-31", false],
    ["2026-4-1", false],
    ["0099-01-01", true],
    ["yesterday", false],
  ])("%s → valid %s", (text, valid) => {
    expect(parseIsoDate(text) !== undefined).toBe(valid);
  });
});

describe("formatLongDate", () => {
  it.each([
    ["2026-03-03", "March 3, 2026"],
    ["2024-12-31", "December 31, 2024"],
    ["2025-01-01", "January 1, 2025"],
  ])("%s → %s whatever the machine's time zone", (date, expected) => {
    expect(formatLongDate(date)).toBe(expected);
  });
});

describe("addCalendarDays", () => {
  it.each([
    ["leap year: through February 29", "2024-01-01", 90, "2024-03-31"],
    ["common year", "2025-01-01", 90, "2025-04-01"],
    ["180 days across months", "2026-03-15", 180, "2026-09-11"],
    ["a year of days in a year without February 29", "2025-06-30", 365, "2026-06-30"],
    ["from a month end", "2026-01-31", 60, "2026-04-01"],
    ["back across a year end", "2026-01-10", -20, "2025-12-21"],
    ["zero", "2026-05-05", 0, "2026-05-05"],
  ])("%s: %s + %d → %s", (_, date, count, expected) => {
    expect(addCalendarDays(date, count)).toBe(expected);
  });
});

describe("addCalendarMonths and addCalendarYears", () => {
  it.each([
    ["January 31 to February 29 in a leap year", "2024-01-31", 1, "2024-02-29"],
    ["January 31 to February 28 in a common year", "2025-01-31", 1, "2025-02-28"],
    ["March 31 to April 30", "2025-03-31", 1, "2025-04-30"],
    ["across a year end", "2025-12-15", 1, "2026-01-15"],
    ["back six months to a short month", "2025-08-31", -6, "2025-02-28"],
    ["twelve months", "2025-05-20", 12, "2026-05-20"],
  ])("months, %s: %s + %d → %s", (_, date, count, expected) => {
    expect(addCalendarMonths(date, count)).toBe(expected);
  });

  it.each([
    ["February 29 plus one year is February 28", "2024-02-29", 1, "2025-02-28"],
    ["February 29 plus four years is February 29", "2024-02-29", 4, "2028-02-29"],
    ["an ordinary day", "2021-09-01", 3, "2024-09-01"],
  ])("years, %s", (_, date, count, expected) => {
    expect(addCalendarYears(date, count)).toBe(expected);
  });
});
