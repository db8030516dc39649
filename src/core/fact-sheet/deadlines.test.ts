import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  appealDeadline,
  BUSINESS_DAYS_ASSUMPTION,
  claimFilingDeadline,
  cleanClaimPaymentDate,
  describePeriod,
  federalHolidays,
  isBusinessDay,
  periodFromValue,
  readWrittenDate,
  renewalNoticeDeadline,
  type ContractPeriod,
} from "./deadlines";
import { formatLongDate } from "../../shared/calendar-dates";

const days = (amount: number, wording = `${amount} calendar days`): ContractPeriod => ({ amount, unit: "days", wording });
const businessDays = (amount: number): ContractPeriod => ({ amount, unit: "business-days" });
const months = (amount: number): ContractPeriod => ({ amount, unit: "months" });
const years = (amount: number): ContractPeriod => ({ amount, unit: "years" });
const SAID_DAYS = "The contract says “days” without saying calendar or business days: they are counted as calendar days.";

describe("readWrittenDate", () => {
  it.each([
    ["September 1, 2021", "2021-09-01"],
    ["1 September 2021", "2021-09-01"],
    ["the 1st day of September, 2021", "2021-09-01"],
    ["Sept. 1, 2021", "2021-09-01"],
    ["Effective as of January 15th, 2022", "2022-01-15"],
    ["09/01/2021", "2021-09-01"],
    ["1-15-2024", "2024-01-15"],
    ["01/01/24", "2024-01-01"],
    ["September 2021", undefined],
    ["2021-09-01", "2021-09-01"],
    ["February 30, 2021", undefined],
    ["upon signature by both parties", undefined],
    ["", undefined],
  ])("%s → %s", (text, expected) => {
    expect(readWrittenDate(text)).toBe(expected);
  });
});

describe("federalHolidays", () => {
  it("2026, by rule, on their observed days (July 4 is a Saturday)", () => {
    expect(federalHolidays(2026).map(({ date }) => date)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03",
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it.each([
    ["New Year's Day 2022 (a Saturday) is observed on December 31, 2021", 2021, "2021-12-31", true],
    ["…and so not in 2022", 2022, "2022-01-01", false],
    ["Christmas 2022 (a Sunday) is observed on Monday the 26th", 2022, "2022-12-26", true],
    ["Juneteenth is a holiday from 2021", 2021, "2021-06-18", true],
    ["…and not before", 2020, "2020-06-19", false],
    ["Thanksgiving 2027 is the fourth Thursday", 2027, "2027-11-25", true],
    ["Memorial Day 2027 is the last Monday of May", 2027, "2027-05-31", true],
  ])("%s", (_, year, date, included) => {
    expect(federalHolidays(year).some((holiday) => holiday.date === date)).toBe(included);
  });
});

describe("business days", () => {
  it.each([
    ["a Friday is one", "2026-03-06", true],
    ["a Saturday is not", "2026-03-07", false],
    ["a Sunday is not", "2026-03-08", false],
    ["Thanksgiving is not", "2026-11-26", false],
    ["an observed Independence Day is not", "2026-07-03", false],
  ])("%s", (_, date, expected) => {
    expect(isBusinessDay(date)).toBe(expected);
  });

  it.each([
    ["Friday plus one is Monday", "2026-03-06", 1, "2026-03-09"],
    ["a week of business days", "2026-03-02", 5, "2026-03-09"],
    ["over Thanksgiving", "2026-11-25", 1, "2026-11-27"],
    ["over Christmas and a weekend", "2026-12-24", 1, "2026-12-28"],
    ["over an observed Independence Day", "2026-07-02", 1, "2026-07-06"],
    ["ten, over Martin Luther King Jr. Day", "2026-01-09", 10, "2026-01-26"],
    ["counting from a Saturday", "2026-03-07", 1, "2026-03-09"],
    ["back one from a Monday", "2026-03-09", -1, "2026-03-06"],
  ])("%s: %s + %d → %s", (_, date, count, expected) => {
    expect(addBusinessDays(date, count)).toBe(expected);
  });
});

describe("describePeriod", () => {
  it.each([
    [days(90), "90 calendar days"],
    [days(1, "1 day"), "1 calendar day"],
    [{ amount: 10, unit: "days", wording: "ten (10) business days" } as ContractPeriod, "10 business days"],
    [businessDays(30), "30 business days"],
    [months(3), "3 months"],
    [years(1), "1 year"],
  ])("%j → %s", (period, expected) => {
    expect(describePeriod(period)).toBe(expected);
  });
});

describe("claimFilingDeadline", () => {
  it.each([
    ["calendar days, as the contract says", "2026-03-15", days(180), "the date of service", "2026-09-11", []],
    ["“days” alone are counted as calendar days, and said so", "2026-03-15", days(180, "180 days"), "the date of service", "2026-09-11", [SAID_DAYS]],
    ["business days skip weekends and holidays", "2026-01-09", businessDays(10), "the date of service", "2026-01-26", [BUSINESS_DAYS_ASSUMPTION]],
    ["a year", "2024-02-29", years(1), "the date of service", "2025-02-28", []],
    [
      "no starting point stated",
      "2026-03-15",
      days(90),
      null,
      "2026-06-13",
      ["The contract does not say what the filing period starts from: it is counted from the date of service."],
    ],
  ])("%s", (_, serviceDate, period, from, expected, assumptions) => {
    const deadline = claimFilingDeadline(serviceDate, period, from);
    expect(deadline.date).toBe(expected);
    expect(deadline.assumptions).toEqual(assumptions);
    expect(deadline.explanation).toContain(formatLongDate(expected));
  });

  it("says what it counted from", () => {
    expect(claimFilingDeadline("2026-03-15", days(95), "the date of discharge").explanation).toBe(
      "File the claim by June 18, 2026: 95 calendar days from March 15, 2026, counted from the date of discharge.",
    );
  });
});

describe("appealDeadline and cleanClaimPaymentDate", () => {
  it.each([
    ["appeal, calendar days", () => appealDeadline("2026-02-10", days(60), "the date of the remittance advice"), "2026-04-11"],
    ["appeal, months", () => appealDeadline("2025-08-31", months(6), "the denial"), "2026-02-28"],
    ["payment, business days over Thanksgiving", () => cleanClaimPaymentDate("2026-11-20", businessDays(5), "receipt"), "2026-11-30"],
    ["payment, calendar days", () => cleanClaimPaymentDate("2026-12-15", days(30), "receipt of a clean claim"), "2027-01-14"],
  ])("%s", (_, compute, expected) => {
    expect(compute().date).toBe(expected);
  });

  it("says the assumption when the start is not stated", () => {
    expect(appealDeadline("2026-02-10", days(60, "sixty (60) days"), null).assumptions).toEqual([
      SAID_DAYS,
      "The contract does not say what the appeal period starts from: it is counted from the date of the denial.",
    ]);
    expect(cleanClaimPaymentDate("2026-12-15", days(30), "").explanation).toBe(
      "Payment is due by January 14, 2027: 30 calendar days from December 15, 2026, counted from the day the payer received the clean claim.",
    );
  });
});

describe("renewalNoticeDeadline", () => {
  const base = { effectiveDate: "2024-01-01", initialTerm: years(1), renewalTerm: years(1), notice: days(90) };

  it.each([
    ["before this year's deadline", { ...base, today: "2026-05-01" }, "2027-01-01", "2026-12-31", "2026-10-02", false],
    ["on the deadline itself", { ...base, today: "2026-10-02" }, "2027-01-01", "2026-12-31", "2026-10-02", false],
    ["after the deadline: renews anyway", { ...base, today: "2026-11-01" }, "2027-01-01", "2026-12-31", "2026-10-02", true],
    ["on a renewal day, that renewal is the next one", { ...base, today: "2026-01-01" }, "2026-01-01", "2025-12-31", "2025-10-02", true],
    ["during the initial term", { ...base, today: "2024-03-01" }, "2025-01-01", "2024-12-31", "2024-10-02", false],
    [
      "a three-year initial term, then yearly, with six months' notice",
      { ...base, effectiveDate: "2023-07-01", initialTerm: years(3), notice: months(6), today: "2026-08-01" },
      "2027-07-01",
      "2027-06-30",
      "2026-12-30",
      false,
    ],
    [
      "monthly terms keep the month end: January 31 → February 29 → March 31",
      { ...base, effectiveDate: "2024-01-31", initialTerm: months(1), renewalTerm: months(1), notice: days(10), today: "2024-03-01" },
      "2024-03-31",
      "2024-03-30",
      "2024-03-20",
      false,
    ],
    [
      "business days of notice skip Thanksgiving and Christmas",
      { ...base, notice: businessDays(30), today: "2026-05-01" },
      "2027-01-01",
      "2026-12-31",
      "2026-11-17",
      false,
    ],
    [
      "a term in days",
      { ...base, effectiveDate: "2026-01-01", initialTerm: days(100), renewalTerm: days(100), notice: days(30), today: "2026-04-15" },
      "2026-07-20",
      "2026-07-19",
      "2026-06-19",
      false,
    ],
  ])("%s", (_, input, renewalDate, termEnds, noticeBy, isPassed) => {
    const deadline = renewalNoticeDeadline(input);
    expect({ renewalDate: deadline.renewalDate, termEnds: deadline.termEnds, date: deadline.date, isPassed: deadline.isPassed }).toEqual({
      renewalDate,
      termEnds,
      date: noticeBy,
      isPassed,
    });
  });

  it("when the deadline has passed, gives the next chance", () => {
    const deadline = renewalNoticeDeadline({ ...base, today: "2026-11-01" });
    expect(deadline.nextChance).toEqual({ date: "2027-10-02", renewalDate: "2028-01-01" });
    expect(deadline.explanation).toBe(
      "The current term ends on December 31, 2026 and the agreement renews on January 1, 2027. Send notice not to renew by October 2, 2026, at least 90 calendar days before the term ends. " +
        "That day has passed, so the agreement renews on January 1, 2027; the next chance is by October 2, 2027, before the renewal on January 1, 2028.",
    );
  });

  it("says when the renewal term is assumed and how the notice's days are counted", () => {
    const deadline = renewalNoticeDeadline({
      effectiveDate: "2024-01-01",
      initialTerm: years(2),
      notice: days(60, "sixty (60) days"),
      noticeName: "notice of termination",
      today: "2026-02-01",
    });
    expect(deadline.renewalDate).toBe("2028-01-01");
    expect(deadline.date).toBe("2027-11-01");
    expect(deadline.explanation).toContain("Send notice of termination by November 1, 2027");
    expect(deadline.assumptions).toEqual([
      SAID_DAYS,
      "The contract does not state a renewal term: each renewal is taken to last as long as the initial term (2 years).",
    ]);
  });

  it("refuses dates that are not dates", () => {
    expect(() => renewalNoticeDeadline({ ...base, today: "2026-02-30" })).toThrow(RangeError);
  });
});

describe("periodFromValue", () => {
  const source = { chunkId: "c1", clauseNumber: "4.2", heading: "Claims", page: 7, quote: "within ninety (90) calendar days", startOffset: 0, endOffset: 10 };
  it.each([
    [
      "calendar days",
      { value: "90 days", amount: 90, unit: "days" as const },
      { amount: 90, unit: "days", wording: "90 days\nwithin ninety (90) calendar days" },
    ],
    ["months", { value: "6 months", amount: 6, unit: "months" as const }, { amount: 6, unit: "months", wording: "6 months\nwithin ninety (90) calendar days" }],
    ["a percentage is not a period", { value: "110%", amount: 110, unit: "percent" as const }, undefined],
    ["no amount", { value: "Yes", amount: null, unit: null }, undefined],
    ["a fraction is not a whole period", { value: "1.5 years", amount: 1.5, unit: "years" as const }, undefined],
  ])("%s", (_, value, expected) => {
    expect(periodFromValue({ ...value, source })).toEqual(expected);
  });
});
