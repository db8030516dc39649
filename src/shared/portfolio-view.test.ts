import { describe, expect, it } from "vitest";
import { unstatedContractTerms } from "../../tests/support/contract-rows";
import type { ContractRow, ContractTerms, PortfolioFilter, TermCell } from "./contracts/portfolio";
import { applyView, calendarEvents, matchesFilters, noticeByWithin, shownValuesChecked, sortRows } from "./portfolio-view";

const cell = (value: string, page = 1, review: TermCell["review"] = null): TermCell => ({ value, productLine: "all", page, quote: value, review });

function aRow(name: string, terms: Partial<ContractTerms> = {}, payerCorrection: string | null = null): ContractRow {
  return {
    documentId: `00000000-0000-4000-8000-${String(name.length).padStart(4, "0")}${name.charCodeAt(0).toString().padStart(8, "0")}`,
    documentName: name,
    ownerName: "Dana",
    isOwn: true,
    payerCorrection,
    nextDeadline: null,
    terms: { ...unstatedContractTerms, ...terms },
  };
}

const today = "2026-11-28";

describe("filters", () => {
  const cases: Array<[string, Partial<ContractTerms>, PortfolioFilter[], boolean]> = [
    ["renews today", { renewalDate: "2026-11-28" }, ["renews-90-days"], true],
    ["renews on the 90th day", { renewalDate: "2027-02-26" }, ["renews-90-days"], true],
    ["renews on the 91st day", { renewalDate: "2027-02-27" }, ["renews-90-days"], false],
    ["renewal unknown", { renewalDate: null }, ["renews-90-days"], false],
    ["timely filing 119 days", { timelyFilingDays: 119 }, ["timely-filing-under-120"], true],
    ["timely filing 120 days", { timelyFilingDays: 120 }, ["timely-filing-under-120"], false],
    ["timely filing not stated", { timelyFilingDays: null }, ["timely-filing-under-120"], false],
    ["a lesser-of clause", { hasLesserOf: true }, ["lesser-of"], true],
    ["no lesser-of clause", { hasLesserOf: false }, ["lesser-of"], false],
    [
      "every filter holds",
      { renewalDate: "2027-01-01", timelyFilingDays: 90, hasLesserOf: true },
      ["renews-90-days", "timely-filing-under-120", "lesser-of"],
      true,
    ],
    [
      "one filter of several fails",
      { renewalDate: "2027-01-01", timelyFilingDays: 180, hasLesserOf: true },
      ["renews-90-days", "timely-filing-under-120"],
      false,
    ],
    ["no filter", {}, [], true],
  ];
  it.each(cases)("%s", (_name, terms, filters, expected) => {
    expect(matchesFilters(aRow("A", terms), filters, today)).toBe(expected);
  });
});

describe("confirmed and unconfirmed values", () => {
  const confirmed = (value: string) => cell(value, 1, "confirmed");
  const corrected = (value: string) => cell(value, 1, "corrected");
  const cases: Array<[string, Partial<ContractTerms>, string | null, boolean, boolean]> = [
    // name, terms, payer a person named, "All values confirmed", "Has unconfirmed values"
    ["every value confirmed", { payer: confirmed("Acme Plan"), timelyFiling: [confirmed("90 days")], governingLaw: [confirmed("Oregon")] }, null, true, false],
    ["a corrected value counts as checked", { payer: confirmed("Acme Plan"), timelyFiling: [corrected("120 days")] }, null, true, false],
    ["one of a term's values unconfirmed", { timelyFiling: [confirmed("90 days"), cell("365 days")] }, null, false, true],
    ["the payer read but not checked", { payer: cell("Acme Plan"), timelyFiling: [confirmed("90 days")] }, null, false, true],
    ["the payer named by a person", { payer: cell("Acme Plan"), timelyFiling: [confirmed("90 days")] }, "Acme Health", true, false],
    ["an unconfirmed date cell", { effective: cell("January 1, 2026"), renewal: confirmed("1 year") }, null, false, true],
    ["an unconfirmed notice", { renewal: confirmed("1 year"), nonRenewalNotice: [cell("90 days")] }, null, false, true],
    ["no value shown at all", {}, null, false, false],
    ["only the payer, named by a person", {}, "Acme Health", true, false],
  ];
  it.each(cases)("%s", (_name, terms, payerCorrection, isAllConfirmed, hasUnconfirmed) => {
    const row = aRow("A", terms, payerCorrection);
    expect(matchesFilters(row, ["all-values-confirmed"], today)).toBe(isAllConfirmed);
    expect(matchesFilters(row, ["has-unconfirmed-values"], today)).toBe(hasUnconfirmed);
  });

  it("reads every value of every key term the portfolio shows, and not the agreement type", () => {
    const row = aRow("A", {
      payer: cell("Acme Plan"),
      agreementType: cell("Provider Agreement"),
      productLines: [cell("Medicaid"), cell("Medicare")],
      effective: cell("January 1, 2026"),
      renewal: cell("1 year"),
      nonRenewalNotice: [cell("90 days")],
      terminationWithoutCause: [cell("90 days")],
      timelyFiling: [cell("90 days"), cell("365 days")],
      appealWindow: [cell("60 days")],
      lesserOf: [cell("Yes")],
      reimbursementBasis: [cell("Fee schedule")],
      governingLaw: [cell("Oregon")],
    });
    expect(shownValuesChecked(row)).toEqual(Array.from({ length: 13 }, () => false));
  });
});

describe("sorting", () => {
  const rows = [
    aRow("b.pdf", { renewalDate: "2027-05-01", payer: cell("Zenith Health") }),
    aRow("a.pdf", { renewalDate: null, payer: cell("Acme Plan") }),
    aRow("c.pdf", { renewalDate: "2027-01-01", payer: null }, "Midway Care"),
  ];
  it.each([
    ["renewal", "asc", ["c.pdf", "b.pdf", "a.pdf"]],
    ["renewal", "desc", ["b.pdf", "c.pdf", "a.pdf"]],
    ["payer", "asc", ["a.pdf", "c.pdf", "b.pdf"]],
    ["name", "desc", ["c.pdf", "b.pdf", "a.pdf"]],
  ] as const)("by %s %s, rows without the value last", (sort, order, expected) => {
    expect(sortRows(rows, sort, order).map((row) => row.documentName)).toEqual(expected);
  });

  it("filters, then sorts", () => {
    const view = applyView(rows, { filters: ["renews-90-days"], sort: "name", order: "asc" }, today);
    expect(view.map((row) => row.documentName)).toEqual(["c.pdf"]);
  });
});

describe("calendar", () => {
  const rows = [
    aRow("a.pdf", { noticeByDate: "2027-03-01", renewalDate: "2027-06-01", nonRenewalNotice: [cell("90 days", 3)], renewal: cell("1 year", 2) }),
    aRow("b.pdf", { noticeByDate: "2026-12-15", renewalDate: "2028-01-01", nonRenewalNotice: [cell("30 days", 5)] }),
    aRow("c.pdf", { noticeByDate: "2026-11-27", renewalDate: null }),
  ];

  it("lists the next 12 months' notice-by and renewal dates, soonest first, with the page each is read from", () => {
    expect(calendarEvents(rows, today).map((event) => [event.date, event.kind, event.documentName, event.page])).toEqual([
      ["2026-12-15", "notice-by", "b.pdf", 5],
      ["2027-03-01", "notice-by", "a.pdf", 3],
      ["2027-06-01", "renewal", "a.pdf", 2],
    ]);
  });

  it("gives the digest the notice-by dates of the next 60 days only", () => {
    expect(noticeByWithin(rows, today, 60).map((event) => event.date)).toEqual(["2026-12-15"]);
    expect(noticeByWithin(rows, today, 120).map((event) => event.date)).toEqual(["2026-12-15", "2027-03-01"]);
  });
});
