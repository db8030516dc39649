import { describe, expect, it } from "vitest";
import type { FactField, FactValue } from "../../shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../shared/fact-sheet";
import { agreementTypeOf, contractTermsOf, nextDeadlineOf, payerOfParties, periodInDays, splitParties, termDates } from "./contract-terms";

function value(text: string, options: Partial<Pick<FactValue, "amount" | "unit" | "productLine">> & { page?: number; quote?: string } = {}): FactValue {
  return {
    value: text,
    amount: options.amount ?? null,
    unit: options.unit ?? null,
    from: null,
    productLine: options.productLine ?? "all",
    source: { chunkId: "c", clauseNumber: null, heading: "", page: options.page ?? 1, quote: options.quote ?? text, startOffset: 0, endOffset: text.length },
  };
}

const sheet = (values: Partial<Record<FactFieldKey, FactValue[]>>): FactField[] =>
  Object.entries(values).map(([key, list]) => ({ key, values: list }) as FactField);
const days = (amount: number) => value(`${amount} days`, { amount, unit: "days" });
const years = (amount: number) => value(`${amount} years`, { amount, unit: "years" });
const months = (amount: number) => value(`${amount} months`, { amount, unit: "months" });

describe("notice-by date: renewal date − non-renewal notice, counted back from the last day of the term", () => {
  const cases: Array<{ name: string; fields: FactField[]; today: string; expected: ReturnType<typeof termDates> }> = [
    {
      name: "three-year initial term, one-year renewals, 90 days' notice, first renewal ahead",
      fields: sheet({ effective_date: [value("March 1, 2025")], initial_term: [years(3)], auto_renewal: [years(1)], non_renewal_notice: [days(90)] }),
      today: "2026-11-28",
      expected: { termEnds: "2028-02-29", renewalDate: "2028-03-01", noticeByDate: "2027-12-01", noticeForRenewal: "2028-03-01" },
    },
    {
      name: "past the first renewal: the next term's boundary",
      fields: sheet({ effective_date: [value("January 1, 2020")], initial_term: [years(1)], auto_renewal: [years(1)], non_renewal_notice: [days(60)] }),
      today: "2026-06-15",
      expected: { termEnds: "2026-12-31", renewalDate: "2027-01-01", noticeByDate: "2026-11-01", noticeForRenewal: "2027-01-01" },
    },
    {
      name: "this term's notice day has passed: the notice-by date is the next renewal's",
      fields: sheet({ effective_date: [value("January 1, 2020")], initial_term: [years(1)], auto_renewal: [years(1)], non_renewal_notice: [days(60)] }),
      today: "2026-11-15",
      expected: { termEnds: "2026-12-31", renewalDate: "2027-01-01", noticeByDate: "2027-11-01", noticeForRenewal: "2028-01-01" },
    },
    {
      name: "notice in months",
      fields: sheet({ effective_date: [value("July 1, 2024")], initial_term: [years(2)], auto_renewal: [years(1)], non_renewal_notice: [months(6)] }),
      today: "2026-01-10",
      expected: { termEnds: "2026-06-30", renewalDate: "2026-07-01", noticeByDate: "2026-12-30", noticeForRenewal: "2027-07-01" },
    },
    {
      name: "no renewal term stated: each renewal as long as the initial term",
      fields: sheet({ effective_date: [value("2025-04-01")], initial_term: [years(2)], auto_renewal: [value("Yes")], non_renewal_notice: [days(30)] }),
      today: "2026-11-28",
      expected: { termEnds: "2027-03-31", renewalDate: "2027-04-01", noticeByDate: "2027-03-01", noticeForRenewal: "2027-04-01" },
    },
    {
      name: "an expiration date instead of an initial term",
      fields: sheet({ expiration_date: [value("December 31, 2026")], auto_renewal: [years(1)], non_renewal_notice: [days(90)] }),
      today: "2026-11-28",
      expected: { termEnds: "2026-12-31", renewalDate: "2027-01-01", noticeByDate: "2027-10-02", noticeForRenewal: "2028-01-01" },
    },
    {
      name: "no automatic renewal: a term end and nothing to give notice for",
      fields: sheet({ effective_date: [value("March 1, 2025")], initial_term: [years(3)], non_renewal_notice: [days(90)] }),
      today: "2026-11-28",
      expected: { termEnds: "2028-02-29", renewalDate: null, noticeByDate: null, noticeForRenewal: null },
    },
    {
      name: "a stated No (its renewal clause struck through): a term end and nothing to give notice for",
      fields: sheet({
        effective_date: [value("March 1, 2025")],
        initial_term: [years(3)],
        auto_renewal: [value("No — the clause is struck through")],
        non_renewal_notice: [days(90)],
      }),
      today: "2026-11-28",
      expected: { termEnds: "2028-02-29", renewalDate: null, noticeByDate: null, noticeForRenewal: null },
    },
    {
      name: "renews without a stated notice: a renewal and no notice-by date",
      fields: sheet({ effective_date: [value("March 1, 2025")], initial_term: [years(1)], auto_renewal: [years(1)] }),
      today: "2026-11-28",
      expected: { termEnds: "2027-02-28", renewalDate: "2027-03-01", noticeByDate: null, noticeForRenewal: null },
    },
    {
      name: "no effective date and no expiration: nothing to count from",
      fields: sheet({ initial_term: [years(1)], auto_renewal: [years(1)], non_renewal_notice: [days(90)] }),
      today: "2026-11-28",
      expected: { termEnds: null, renewalDate: null, noticeByDate: null, noticeForRenewal: null },
    },
  ];
  it.each(cases)("$name", ({ fields, today, expected }) => {
    expect(termDates(fields, today)).toEqual(expected);
  });
});

describe("the payer and the agreement's name from the parties", () => {
  it.each([
    ['Evergreen Health Plan, Inc. ("Plan") and Lakeside Pediatrics, P.C. ("Provider")', "Evergreen Health Plan, Inc."],
    ['Dr. Ana Ruiz ("Provider") and Summit Care Network, LLC ("Company")', "Summit Care Network, LLC"],
    ["Northwind Medical Group and Bluewater Insurance Company", "Bluewater Insurance Company"],
    ["Alder Clinic and Birch Associates", undefined],
  ])("%s → %s", (parties, payer) => {
    expect(payerOfParties(parties)).toBe(payer);
  });

  it("splits the parties without their defined terms", () => {
    expect(splitParties('Evergreen Health Plan, Inc. ("Plan") and Lakeside Pediatrics, P.C. ("Provider")')).toEqual([
      "Evergreen Health Plan, Inc.",
      "Lakeside Pediatrics, P.C.",
    ]);
  });

  it.each([
    ['This Provider Services Agreement is made between Evergreen Health Plan, Inc. ("Plan") and…', "Provider Services Agreement"],
    ["THIS PARTICIPATING PHYSICIAN AGREEMENT is entered into by and between", "PARTICIPATING PHYSICIAN AGREEMENT"],
    ["This Agreement is made between A and B", "Agreement"],
    ["made between A and B", undefined],
  ])("%s → %s", (quote, name) => {
    expect(agreementTypeOf(quote)).toBe(name);
  });
});

describe("periods in days, for filters", () => {
  it.each([
    [{ amount: 90, unit: "days" }, 90],
    [{ amount: 10, unit: "business-days" }, 14],
    [{ amount: 6, unit: "months" }, 180],
    [{ amount: 1, unit: "years" }, 365],
    [{ amount: 110, unit: "percent" }, undefined],
    [{ amount: null, unit: null }, undefined],
  ] as const)("%o → %s", (period, expected) => {
    expect(periodInDays(period)).toBe(expected);
  });
});

describe("a contract's terms", () => {
  const fields = sheet({
    parties: [
      value('Evergreen Health Plan, Inc. ("Plan") and Lakeside Pediatrics ("Provider")', {
        quote: "This Provider Services Agreement is made between Evergreen Health Plan…",
        page: 1,
      }),
    ],
    product_lines: [value("Commercial", { productLine: "commercial" }), value("Medicaid", { productLine: "medicaid", page: 4 })],
    effective_date: [value("March 1, 2025")],
    initial_term: [years(3)],
    auto_renewal: [years(1)],
    non_renewal_notice: [days(90)],
    timely_filing: [
      value("180 days", { amount: 180, unit: "days", page: 2 }),
      value("90 days", { amount: 90, unit: "days", productLine: "medicaid", page: 4 }),
    ],
    lesser_of: [value("Yes", { page: 2 })],
    governing_law: [value("Oregon", { page: 3 })],
  });

  it("cites each value's page and reads the dates", () => {
    const terms = contractTermsOf(fields, "2026-11-28");
    expect(terms).toMatchObject({
      payer: { value: "Evergreen Health Plan, Inc.", page: 1 },
      agreementType: { value: "Provider Services Agreement" },
      productLineNames: ["Commercial", "Medicaid"],
      effectiveDate: "2025-03-01",
      renewalDate: "2028-03-01",
      noticeByDate: "2027-12-01",
      timelyFilingDays: 90,
      hasLesserOf: true,
      governingLaw: [{ value: "Oregon", page: 3 }],
    });
    expect(terms.timelyFiling.map((cell) => [cell.value, cell.page])).toEqual([
      ["180 days", 2],
      ["90 days", 4],
    ]);
  });

  it("tells which values a person confirmed or corrected, and which are as read", () => {
    const review = (kind: "confirmed" | "corrected") => ({
      id: "r",
      kind,
      by: "Dana Lee",
      at: "2026-11-27T10:00:00.000Z",
      note: null,
      page: 2,
      read: { value: "180 days", productLine: "all" as const, page: 2 },
    });
    const terms = contractTermsOf(
      sheet({ timely_filing: [{ ...days(180), review: review("confirmed") }, { ...days(120), review: review("corrected") }, days(365)] }),
      "2026-11-28",
    );
    expect(terms.timelyFiling.map((cell) => [cell.value, cell.review])).toEqual([
      ["180 days", "confirmed"],
      ["120 days", "corrected"],
      ["365 days", null],
    ]);
  });

  it("says a lesser-of clause the sheet reads as No is not one", () => {
    expect(contractTermsOf(sheet({ lesser_of: [value("No")] }), "2026-11-28").hasLesserOf).toBe(false);
  });

  it.each([
    [
      { noticeByDate: "2027-01-10", termEnds: "2027-03-31", renewalDate: "2027-04-01" },
      { label: "Notice not to renew by", date: "2027-01-10" },
    ],
    [
      { noticeByDate: null, termEnds: "2027-03-31", renewalDate: null },
      { label: "Term ends", date: "2027-03-31" },
    ],
    [{ noticeByDate: null, termEnds: "2026-03-31", renewalDate: null }, null],
    [{ noticeByDate: null, termEnds: "2027-03-31", renewalDate: "2027-04-01" }, null],
  ])("next deadline of %o", (terms, expected) => {
    expect(nextDeadlineOf(terms, "2026-11-28")).toEqual(expected);
  });
});
