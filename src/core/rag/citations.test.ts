import { describe, expect, it } from "vitest";
import { citeQuote, clauseAt, clauseOpening, locateQuote } from "./citations";
import { pages, sourceHolding, sources } from "./sample-contract.fixture";

describe("locateQuote", () => {
  it.each([
    { name: "a quote on its page, across a hyphenated line break", quote: "Either party may terminate this Agreement without cause", page: 3 },
    { name: "punctuation the structured text lost", quote: "3.2 Termination Without Cause Either party", page: 3 },
    { name: "an ellipsis joining two parts of one page", quote: "Either party … written notice", page: 3 },
  ])("finds $name", ({ quote, page }) => {
    expect(locateQuote(quote, pages, 2, 3)?.page).toBe(page);
  });

  it.each([
    { name: "words the page does not have", quote: "Either party may terminate this Agreement at any time" },
    { name: "a quote from a page outside the span", quote: "lesser of billed charges" },
    { name: "a reworded middle", quote: "Either party may end the contract on one hundred twenty (120) days prior written notice." },
  ])("rejects $name", ({ quote }) => {
    expect(locateQuote(quote, pages, 2, 3)).toBeUndefined();
  });

  it("answers with the page's own words, a hyphenated line end joined", () => {
    expect(locateQuote("Either party may terminate this Agreement", pages, 3, 3)?.quote).toBe("Either party may terminate this Agreement");
  });

  it("cites a quote running over a page break on the page holding more of it", () => {
    const found = locateQuote(
      "Claims submitted after that deadline will be denied after all appeals are exhausted.",
      new Map([
        [2, "Claims submitted after"],
        [3, "Footer\nthat deadline will be denied after all appeals are exhausted."],
      ]),
      2,
      3,
    );
    expect(found).toMatchObject({ page: 3, quote: "that deadline will be denied after all appeals are exhausted." });
  });

  it("finds a quote running over a page break past the running footer and header between, citing its page's own words", () => {
    const found = locateQuote("Claims submitted after that deadline will be denied.", pages, 2, 3);
    expect(found).toMatchObject({ page: 3, quote: "that deadline will be denied." });
    expect(pages.get(3)!.slice(found!.startOffset, found!.endOffset)).toBe("that deadline will be denied.");
  });
});

describe("clauseOpening", () => {
  it.each([
    ["2.2 Medicaid Members. For Medicaid members, Provider shall", { clauseNumber: "2.2", heading: "Medicaid Members" }],
    ["Section 4.3 Term and Termination: This Agreement", { clauseNumber: "4.3", heading: "Term and Termination" }],
    ["1. The Provider shall comply with all laws. It", undefined],
  ])("%j", (text, expected) => {
    const opening = clauseOpening(text);
    if (expected) expect(opening).toMatchObject(expected);
    else expect(opening).toBeUndefined();
  });
});

describe("labels: each citation names the clause its quote is in, once", () => {
  const termination = sourceHolding("without cause");

  it.each([
    ["Either party may terminate this Agreement without cause", "3.2", "Termination Without Cause"],
    ["Plan may terminate this Agreement immediately", "3.3", "Termination for Cause"],
    ["This Agreement begins on January 1, 2026", "3.1", "Term"],
  ])("%s → %s", (quote, clauseNumber, heading) => {
    const passage = sources.find((source) => source.text.includes(quote.split(" ").slice(-3).join(" ")))!;
    expect(citeQuote(passage, quote, pages)).toMatchObject({ clauseNumber, heading });
  });

  it("cites a quote that opens with its clause number and title by them, quoting only the words after", () => {
    const citation = citeQuote(termination, "3.3 Termination for Cause. Plan may terminate this Agreement immediately", pages);
    expect(citation).toMatchObject({ clauseNumber: "3.3", heading: "Termination for Cause", quote: "Plan may terminate this Agreement immediately" });
  });

  it("names a passage of a document processed before clauses were kept by its first clause", () => {
    expect(clauseAt({ clauses: [], clauseNumber: "7.1", heading: "Fees" }, 500)).toEqual({ clauseNumber: "7.1", heading: "Fees" });
  });
});
