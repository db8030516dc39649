import { describe, expect, it } from "vitest";
import { chunkClauses } from "./chunking";
import { headingOf, outlineOf, ownTextOf, positionOf, spelledNumber, structureDocument } from "./structure";

const contract = [
  {
    pageNumber: 1,
    text: [
      "ACME HEALTH PLAN PROVIDER AGREEMENT",
      "",
      'This Agreement is entered into by Acme Health Plan ("Payer") and Main Street Clinic ("Provider").',
      "",
      "ARTICLE I - DEFINITIONS",
      '1.1 "Clean Claim" means a claim with all information needed for adjudica-',
      "tion without further information.",
      '1.2 "Covered Services" means services covered under a Member\'s plan.',
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
      "3.1 Termination without Cause. Either party may end this Agreement",
      "on ninety (90) days' prior written notice.",
      "Source: ACME HEALTH PLAN, 10-K, 1/1/2026",
      "Page 2 of 3",
    ].join("\n"),
  },
  {
    pageNumber: 3,
    text: [
      "EXHIBIT A - FEE SCHEDULE",
      "Office visits are paid at 110% of the Medicare fee schedule.",
      "Source: ACME HEALTH PLAN, 10-K, 1/1/2026",
      "Page 3 of 3",
    ].join("\n"),
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
    expect(ownTextOf(byNumber("1.1"))).toBe('"Clean Claim" means a claim with all information needed for adjudication without further information.');
    expect(ownTextOf(byNumber("2.1"))).toBe("Provider shall submit claims within ninety (90) days after the date of service.");
    expect(byNumber("2.1").body.text).toBe("2.1 Timely Filing. Provider shall submit claims within ninety (90) days after the date of service.");
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
    const pages = [
      {
        pageNumber: 1,
        text: "19.1 Without cause, either Party may bring this Agreement to an end by notice in writing given two\n(2) years ahead.\n19.2 Notices. Notices shall be in writing.",
      },
    ];
    const clauses = structureDocument(pages);
    expect(clauses.map(headingOf)).toEqual(["19.1", "19.2 Notices"]);
    expect(ownTextOf(clauses[0]!)).toBe("Without cause, either Party may bring this Agreement to an end by notice in writing given two (2) years ahead.");
  });

  it("starts a clause after a page number printed mid-page (a printed page break inside a PDF page)", () => {
    const pages = [
      {
        pageNumber: 1,
        text: [
          "1. DEFINITIONS.",
          '1.1 "Claim" means a bill for services',
          "rendered to a Member",
          "",
          "7",
          "",
          "8",
          "2. GRANT OF RIGHTS.",
          "2.1 License. Payer grants Provider a license.",
          "2.2 Term. The license lasts while this Agreement does.",
          "2.3 Fees. No fee is due for the license.",
          "2.4 Records. Provider keeps its records.",
          "2.5 Notices. Notices are given in writing.",
        ].join("\n"),
      },
    ];
    expect(structureDocument(pages).map(headingOf)).toEqual([
      "1 DEFINITIONS",
      "1.1",
      "2 GRANT OF RIGHTS",
      "2.1 License",
      "2.2 Term",
      "2.3 Fees",
      "2.4 Records",
      "2.5 Notices",
    ]);
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
    ["sixtyfive", 65],
    ["forty five", 45],
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

describe("which lines head a clause", () => {
  const headingsOf = (lines: string[]) =>
    structureDocument([{ pageNumber: 1, text: lines.join("\n") }])
      .filter((clause) => clause.heading)
      .map((clause) => clause.heading);
  const liabilityCap = [
    "SAVE FOR CLAIMS UNDER SECTION 8 OF THIS AGREEMENT, NEITHER PARTY WILL",
    "OWE THE OTHER MORE, IN TOTAL, THAN THE FEES PROVIDER PAID UNDER IT IN",
    "THE TWELVE (12) MONTHS BEFORE THE EVENT THAT GAVE RISE TO THE CLAIM.",
  ];

  it.each<[string, string[], string[]]>([
    ["a numbered title over a capitalised paragraph", ["9. LIMITATION OF LIABILITY.", "", ...liabilityCap], ["LIMITATION OF LIABILITY"]],
    ["a capitalised paragraph with no title of its own", ["1. Fees. Payer pays monthly.", "", ...liabilityCap], ["Fees"]],
    [
      "a short title standing apart above a capitalised paragraph",
      [
        "WARRANTY DISCLAIMER",
        "THE SERVICES ARE PROVIDED AS IS AND PROVIDER DISCLAIMS ALL OTHER WARRANTIES,",
        "EXPRESS OR IMPLIED, INCLUDING ANY WARRANTY OF MERCHANTABILITY.",
      ],
      ["WARRANTY DISCLAIMER"],
    ],
    [
      "a title over two lines",
      ["PARTICIPATION ATTACHMENT TO THE", "PROVIDER AGREEMENT", "This attachment applies to Medicaid members."],
      ["PARTICIPATION ATTACHMENT TO THE PROVIDER AGREEMENT"],
    ],
    ["a capitalised line that runs on into the next", ["THE PARTIES AGREE THAT THE", "Provider shall be paid monthly."], []],
    [
      "a cover page: its connecting words are not titles",
      ["MASTER SERVICES AGREEMENT", "", "BETWEEN", "", "ACME HEALTH PLAN", "", "AND", "", "MAIN STREET CLINIC"],
      ["MASTER SERVICES AGREEMENT", "ACME HEALTH PLAN", "MAIN STREET CLINIC"],
    ],
  ])("%s", (_name, lines, headings) => {
    expect(headingsOf(lines)).toEqual(headings);
  });

  it("keeps a capitalised paragraph as the text of its clause", () => {
    const [cap] = structureDocument([{ pageNumber: 1, text: ["9. LIMITATION OF LIABILITY.", "", ...liabilityCap].join("\n") }]);
    expect(cap!.number).toBe("9");
    expect(ownTextOf(cap!)).toMatch(/^SAVE FOR CLAIMS UNDER SECTION 8 OF THIS AGREEMENT, NEITHER PARTY WILL OWE THE OTHER MORE/);
    expect(cap!.body.text.slice(0, cap!.textAt)).toBe("9. LIMITATION OF LIABILITY.");
  });
});

describe("contents pages", () => {
  const withLeaders = [
    "TABLE OF CONTENTS",
    "",
    "ARTICLE PAGE",
    "I. DEFINITIONS . . . . . . . . . . . . . 1",
    "II. TERM AND RENEWAL . . . . . . . . . . 3",
    "III. COMPENSATION AND CLAIMS",
    "SUBMISSION . . . . . . . . . . . . . . . 4",
    "",
    "1. Definitions. Words have these meanings.",
    "2. Term. This Agreement lasts one year.",
  ];
  const withoutLeaders = [
    "Definitions 1",
    "Term and Renewal 3",
    "Compensation 4",
    "Claims 6",
    "Appeals 9",
    "Termination 11",
    "",
    "1. Definitions. Words have these meanings.",
  ];

  it.each([
    ["a titled contents page with dot leaders", withLeaders, "TABLE OF CONTENTS", 6],
    ["entries whose page numbers never go down", withoutLeaders, "Contents", 6],
  ])("%s is kept whole as one passage of its own, not read as clauses", (_name, lines, heading, contentsLines) => {
    const clauses = structureDocument([{ pageNumber: 1, text: lines.join("\n") }]);
    const contents = clauses.filter((clause) => clause.isContents);
    expect(contents.map((clause) => clause.heading)).toEqual([heading]);
    expect(contents[0]!.body.text.split("\n").filter(Boolean)).toHaveLength(contentsLines);
    expect(clauses.filter((clause) => clause.number).map((clause) => clause.number)).toEqual(
      clauses.some((clause) => clause.number === "2") ? ["1", "2"] : ["1"],
    );
  });

  it("does not take running text with numbers at its line ends for a contents page", () => {
    const lines = ["1. Payment. Payer pays claims within 30", "days; interest accrues after 45", "days at a rate of 12", "percent a year."];
    expect(structureDocument([{ pageNumber: 1, text: lines.join("\n") }]).some((clause) => clause.isContents)).toBe(false);
  });
});
