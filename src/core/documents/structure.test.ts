import { describe, expect, it } from "vitest";
import { chunkClauses } from "./chunking";
import { headingOf, outlineOf, positionOf, spelledNumber, structureDocument } from "./structure";

const contract = [
  {
    pageNumber: 1,
    text: [
      "ACME HEALTH PLAN PROVIDER AGREEMENT",
      "",
      "This Agreement is entered into by Acme Health Plan (\"Payer\") and Main Street Clinic (\"Provider\").",
      "",
      "ARTICLE I - DEFINITIONS",
      "1.1 \"Clean Claim\" means a claim with all information needed for adjudica-",
      "tion without further information.",
      "1.2 \"Covered Services\" means services covered under a Member's plan.",
      "ARTICLE II - CLAIMS",
      "2.1 Timely Filing. Provider shall submit claims within ninety (90) days",
      "after the date of service.",
      "Source: ACME HEALTH PLAN, 10-K, 1/1/2026",
      "Page 1 of 3",
    ].join("\n"),
  },
  {
    pageNumber: 2,
    text: [
      "2.2 Payment. Payer shall pay Clean Claims within thirty (30) days:",
      "(a) electronically, by EFT; or",
      "(b) by paper check when EFT is not available.",
      "ARTICLE III - TERM AND TERMINATION",
      "3.1 Termination without Cause. Either party may terminate this Agreement",
      "on ninety (90) days' prior written notice.",
      "Source: ACME HEALTH PLAN, 10-K, 1/1/2026",
      "Page 2 of 3",
    ].join("\n"),
  },
  {
    pageNumber: 3,
    text: ["EXHIBIT A - FEE SCHEDULE", "Office visits are paid at 110% of the Medicare fee schedule.", "Source: ACME HEALTH PLAN, 10-K, 1/1/2026", "Page 3 of 3"].join("\n"),
  },
];

describe("structureDocument", () => {
  const clauses = structureDocument(contract);
  const byNumber = (number: string) => clauses.find((clause) => clause.number === number)!;

  it("recognises the outline in order", () => {
    expect(clauses.map(headingOf)).toEqual([
      "ACME HEALTH PLAN PROVIDER AGREEMENT",
      "Article I DEFINITIONS",
      "1.1",
      "1.2",
      "Article II CLAIMS",
      "2.1 Timely Filing",
      "2.2 Payment",
      "2.2(a)",
      "2.2(b)",
      "Article III TERM AND TERMINATION",
      "3.1 Termination without Cause",
      "Exhibit A FEE SCHEDULE",
    ]);
  });

  it("nests clauses under their article and lettered items under their clause", () => {
    expect(byNumber("2.2(a)").path).toEqual(["Article II CLAIMS", "2.2 Payment", "2.2(a)"]);
    expect(byNumber("3.1").path).toEqual(["Article III TERM AND TERMINATION", "3.1 Termination without Cause"]);
    expect(byNumber("Exhibit A").parentIndex).toBeNull();
  });

  it("joins wrapped lines and hyphenated words, and drops running footers and page numbers", () => {
    expect(byNumber("1.1").body.text).toBe("\"Clean Claim\" means a claim with all information needed for adjudication without further information.");
    expect(byNumber("2.1").body.text).toBe("Provider shall submit claims within ninety (90) days after the date of service.");
    expect(clauses.some((clause) => /Source:|Page \d/.test(clause.body.text))).toBe(false);
  });

  it("keeps the page span and maps text back to page offsets", () => {
    const termination = byNumber("3.1");
    expect([termination.pageStart, termination.pageEnd]).toEqual([2, 2]);
    const at = termination.body.text.indexOf("ninety");
    const position = positionOf(termination.body, at)!;
    expect(position.pageNumber).toBe(2);
    expect(contract[1]!.text.slice(position.offset, position.offset + "ninety".length)).toBe("ninety");
  });

  it("keeps the preamble as its own unnumbered clause", () => {
    expect(clauses[0]!.body.text).toContain("This Agreement is entered into by Acme Health Plan");
  });

  it("does not start a clause at a wrapped line that merely begins with a number", () => {
    const pages = [{ pageNumber: 1, text: "1. Payment. Payer shall pay within\n30 days after receipt of a Clean Claim.\n2. Audit. Payer may audit records." }];
    expect(structureDocument(pages).map(headingOf)).toEqual(["1 Payment", "2 Audit"]);
  });

  it("does not start a clause at a figure restating a spelled number wrapped onto the next line", () => {
    const pages = [{ pageNumber: 1, text: "19.1 Either Party may terminate this Agreement, without cause, by giving two\n(2) years written notice.\n19.2 Notices. Notices shall be in writing." }];
    const clauses = structureDocument(pages);
    expect(clauses.map(headingOf)).toEqual(["19.1", "19.2 Notices"]);
    expect(clauses[0]!.body.text).toBe("Either Party may terminate this Agreement, without cause, by giving two (2) years written notice.");
  });

  it("still starts numbered items after a line that ends in an unrelated number word", () => {
    const pages = [{ pageNumber: 1, text: "4.1 Provider shall maintain the following, as applicable to one:\n(1) a license;\n(2) insurance." }];
    expect(structureDocument(pages).map((clause) => clause.number)).toEqual(["4.1", "4.1(1)", "4.1(2)"]);
  });
});

describe("spelledNumber", () => {
  it.each([
    ["two", 2],
    ["Thirty", 30],
    ["ninety", 90],
    ["thirty-five", 35],
    ["nineteen", 19],
    ["twenty-zero", undefined],
    ["hundred", undefined],
    ["years", undefined],
    ["forty-five-six", undefined],
  ])("%s → %s", (word, value) => {
    expect(spelledNumber(word)).toBe(value);
  });
});

describe("outlineOf", () => {
  it("lists every clause with its page, including the short ones merged into one passage", () => {
    const clauses = structureDocument(contract);
    const outline = outlineOf(clauses);
    expect(chunkClauses(clauses).map((chunk) => chunk.clauseNumber)).not.toContain("1.2");
    expect(outline.map((entry) => [entry.clauseNumber, entry.heading, entry.page])).toEqual(
      clauses.map((clause) => [clause.number, headingOf(clause), clause.pageStart]),
    );
    expect(outline).toContainEqual({ clauseNumber: "1.2", heading: "1.2", path: ["Article I DEFINITIONS", "1.2"], page: 1 });
    expect(outline).toContainEqual(expect.objectContaining({ clauseNumber: "Exhibit A", heading: "Exhibit A FEE SCHEDULE", page: 3 }));
  });
});
