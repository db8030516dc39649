import { describe, expect, it } from "vitest";
import { answerKindOf, findFacts, statesFact, type FactKind } from "./facts";

describe("answerKindOf", () => {
  it.each<[string, FactKind | undefined]>([
    ["How long do we have to file a claim?", "duration"],
    ["How much notice is required to terminate?", "duration"],
    ["How many days do we have to appeal?", "duration"],
    ["What is the timely filing limit?", "duration"],
    ["What is the notice period for non-renewal?", "duration"],
    ["When does it renew?", "date"],
    ["What is the date of this agreement?", "date"],
    ["What percentage of the Medicare fee schedule are we paid?", "percentage"],
    ["How much is the late fee?", "amount"],
    ["What are the fees?", "amount"],
    ["Can we terminate without cause?", "yes-no"],
    ["Is there a cap or limit on liability, or a time limit for bringing claims?", "yes-no"],
    ["Does any party have a right of first refusal?", "yes-no"],
    ["What are the termination clauses?", undefined],
    ["Which state's law governs?", undefined],
  ])("%s → %s", (question, kind) => {
    expect(answerKindOf(question)).toBe(kind);
  });
});

describe("findFacts", () => {
  it.each<[string, FactKind, string[]]>([
    ["Provider shall submit claims within ninety (90) days after the date of service.", "duration", ["90 days"]],
    ["within one hundred eighty (180) days", "duration", ["180 days"]],
    ["for a term of one (1) year, renewing for successive one-year terms", "duration", ["1 year", "1 year"]],
    ["no later than 30 calendar days and at least 60 business days", "duration", ["30 calendar days", "60 business days"]],
    ["a 12-month warranty period", "duration", ["12 months"]],
    ["for twenty-four months", "duration", ["24 months"]],
    ["for twentyfour months, or three hundred and sixtyfive (365) calendar days", "duration", ["24 months", "365 calendar days"]],
    ["paid at sixtyfive percent of billed charges", "percentage", ["65%"]],
    ["Section 12.1.10 applies to the 3 parties", "duration", []],
    ["effective as of January 1, 1998 and dated the 1st day of March, 2020", "date", ["January 1, 1998", "1st day of March, 2020"]],
    ["made the 20 March day of 1998", "date", ["20 March day of 1998"]],
    ["signed 01/31/2026", "date", ["01/31/2026"]],
    ["work starts on the 3rd of May, 2027 and ends on August 9,2027", "date", ["3rd of May, 2027", "August 9,2027"]],
    ["clause 12.1.10", "date", []],
    ["a fee of $2,000,000 or 5,000 dollars", "amount", ["$2,000,000", "5,000 dollars"]],
    ["paid at 110% of the Medicare fee schedule, or five percent (5%) of revenue", "percentage", ["110%", "5%"]],
    ["eighty percent of charges", "percentage", ["80%"]],
  ])("%s (%s) → %j", (text, kind, plain) => {
    expect(findFacts(text, kind).map((fact) => fact.plain)).toEqual(plain);
  });

  it("gives where each fact is in the text", () => {
    const text = "Claims are due within ninety (90) days.";
    const [fact] = findFacts(text, "duration");
    expect(text.slice(fact!.start, fact!.end)).toBe("ninety (90) days");
  });

  it("finds no yes or no written as an expression; any sentence may state one", () => {
    expect(findFacts("Either party may terminate.", "yes-no")).toEqual([]);
    expect(statesFact("Either party may terminate.", "yes-no")).toBe(true);
    expect(statesFact("Either party may terminate.", "duration")).toBe(false);
  });
});

describe("statesFact: dates, not clause numbers", () => {
  it.each([
    ["This Agreement shall commence on 1 January 1998.", true],
    ["dated as of January 1, 2020", true],
    ["made this 1st day of March, 2020", true],
    ["effective Sept. 30, 2019", true],
    ["effective March 2020", true],
    ["signed on 01/31/2026", true],
    ["12-31-99", true],
    ["within thirty (30) days", false],
    ["under Section 12.1.10", false],
    ["May 5 items", false],
  ])("%j → %s", (text, expected) => expect(statesFact(text, "date")).toBe(expected));
});
