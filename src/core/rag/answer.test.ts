import { describe, expect, it } from "vitest";
import { citeQuote, clauseAt, clauseOpening, formatAnswer, locateQuote } from "./answer";
import { CLOSEST_IN_MEANING, composeExtractiveAnswer, nothingFoundPoints, quoteFrom } from "./extractive-answer";
import { verifyModelAnswer, splitPoints } from "./model-answer";
import { analyzeQuery } from "./query-analysis";

const pages = new Map([
  [
    6,
    "ARTICLE 12 TERM AND TERMINATION\n12.1 Term. This Agreement begins on the Effective Date and continues for three (3) years.\n12.2 Termination Without Cause. Either party may termi-\nnate this Agreement without cause upon ninety (90) days’ prior written notice to the other party.",
  ],
  [7, "12.3 Termination for Cause. A party may terminate this Agreement immediately if the other party loses its license.\nPage 7"],
  [8, "ARTICLE 5 COMPENSATION\n5.1 Payment. Plan shall pay Provider the lesser of billed charges or the Fee Schedule in Exhibit A within thirty (30) days of a clean claim."],
  [9, "5.2 Timely Filing. Provider shall submit claims within one hundred twenty (120) days of the date of service. Claims submitted after"],
  [10, "that deadline will be denied."],
]);

const termination = { number: 1, chunkId: "chunk-12", clauseNumber: "12.2", clauseNumbers: ["12.2", "12.3"], heading: "Termination Without Cause", pageStart: 6, pageEnd: 7, text: "12.2 Termination Without Cause. Either party may terminate this Agreement without cause upon ninety (90) days’ prior written notice to the other party. 12.3 Termination for Cause. A party may terminate this Agreement immediately if the other party loses its license." };
const payment = { number: 2, chunkId: "chunk-5", clauseNumber: "5.1", clauseNumbers: ["5.1"], heading: "Payment", pageStart: 8, pageEnd: 8, text: "5.1 Payment. Plan shall pay Provider the lesser of billed charges or the Fee Schedule in Exhibit A within thirty (30) days of a clean claim." };
const filing = { number: 3, chunkId: "chunk-6", clauseNumber: "5.2", clauseNumbers: ["5.2"], heading: "Timely Filing", pageStart: 9, pageEnd: 10, text: "5.2 Timely Filing. Provider shall submit claims within one hundred twenty (120) days of the date of service. Claims submitted after that deadline will be denied." };

describe("locateQuote", () => {
  it.each([
    { name: "a quote on its page, across a hyphenated line break", quote: "Either party may terminate this Agreement without cause", page: 6 },
    { name: "curly and straight apostrophes alike", quote: "ninety (90) days' prior written notice", page: 6 },
    { name: "punctuation the structured text lost", quote: "12.2 Termination Without Cause Either party", page: 6 },
    { name: "on the second page of the span", quote: "loses its license", page: 7 },
    { name: "an ellipsis joining two parts of one page", quote: "Either party … written notice", page: 6 },
  ])("finds $name", ({ quote, page }) => {
    expect(locateQuote(quote, pages, 6, 7)?.page).toBe(page);
  });

  it.each([
    { name: "words the page does not have", quote: "Either party may terminate this Agreement at any time" },
    { name: "a quote from a page outside the span", quote: "lesser of billed charges" },
    { name: "a reworded middle", quote: "Either party may terminate the contract upon ninety (90) days’ prior written notice to the other party." },
  ])("rejects $name", ({ quote }) => {
    expect(locateQuote(quote, pages, 6, 7)).toBeUndefined();
  });

  it("answers with the page's own words, a hyphenated line end joined", () => {
    expect(locateQuote("12.2 Termination Without Cause Either party may terminate", pages, 6, 6)?.quote).toBe("12.2 Termination Without Cause. Either party may terminate");
  });

  it("cuts a quote running over a page break to the part on its first page, with that page's offsets", () => {
    const found = locateQuote("Claims submitted after that deadline will be denied.", pages, 9, 10);
    expect(found).toMatchObject({ page: 9, quote: "Claims submitted after" });
    expect(pages.get(9)!.slice(found!.startOffset, found!.endOffset)).toBe("Claims submitted after");
  });
});

describe("clauseOpening", () => {
  it.each([
    ["2.2 Medicaid Members. For Medicaid members, Provider shall", { clauseNumber: "2.2", heading: "Medicaid Members" }],
    ["Section 4.3 Term and Termination: This Agreement", { clauseNumber: "4.3", heading: "Term and Termination" }],
    ["7(a) Audit Rights. Plan may audit", { clauseNumber: "7(a)", heading: "Audit Rights" }],
    ["1. The Provider shall comply with all laws. It", undefined],
    ["Provider shall submit claims.", undefined],
  ])("%j", (text, expected) => {
    const opening = clauseOpening(text);
    if (expected) expect(opening).toMatchObject(expected);
    else expect(opening).toBeUndefined();
  });
});

describe("clauseAt and citeQuote", () => {
  const merged = { number: 1, chunkId: "c", clauseNumber: "2.1", clauseNumbers: ["2.1", "2.2"], heading: "Timely Filing", pageStart: 9, pageEnd: 9, text: "2.1 Timely Filing Provider shall submit claims within one hundred twenty (120) days of the date of service.\n\n2.2 Late Claims Claims submitted after" };

  it.each([
    [0, "2.1"],
    [60, "2.1"],
    [merged.text.indexOf("Claims submitted"), "2.2"],
  ])("the text at %i belongs to clause %s", (position, clause) => {
    expect(clauseAt(merged, position)).toBe(clause);
  });

  it("cites a quote that opens with its clause by that clause, quoting the words after the heading", () => {
    const citation = citeQuote(termination, "12.3 Termination for Cause A party may terminate this Agreement immediately", pages);
    expect(citation).toMatchObject({ clauseNumber: "12.3", heading: "Termination for Cause", page: 7, quote: "A party may terminate this Agreement immediately" });
    expect(pages.get(7)!.slice(citation!.startOffset, citation!.endOffset)).toBe(citation!.quote);
  });
})

describe("composeExtractiveAnswer", () => {
  it.each([
    { question: "Can we terminate without cause?", cites: ["12.2"], quote: "Either party may terminate this Agreement without cause" },
    { question: "When do we get paid?", cites: ["5.1"], quote: "Plan shall pay Provider" },
    { question: "What is the timely filing limit?", cites: ["5.2"], quote: "within one hundred twenty (120) days" },
  ])("$question → quotes clause $cites", ({ question, cites, quote }) => {
    const answer = composeExtractiveAnswer(analyzeQuery(question), [termination, payment, filing], pages);
    expect(answer.citations.map((citation) => citation.clauseNumber)).toEqual(expect.arrayContaining(cites));
    expect(answer.citations[0]!.quote).toContain(quote);
    expect(answer.points.every((point) => point.citations.length === 1 && !point.isUnverified)).toBe(true);
    for (const citation of answer.citations) expect(locateQuote(citation.quote, pages, citation.page, citation.page)?.quote).toBe(citation.quote);
  });

  it("answers a question about the document itself with its opening lines", () => {
    const opening = { number: 1, chunkId: "chunk-0", clauseNumber: null, clauseNumbers: [], heading: "ARTICLE 12 TERM AND TERMINATION", pageStart: 6, pageEnd: 6, text: "ARTICLE 12 TERM AND TERMINATION 12.1 Term. This Agreement begins on the Effective Date and continues for three (3) years." };
    const answer = composeExtractiveAnswer(analyzeQuery("What is the name of this contract?"), [opening, payment], pages);
    expect(answer.citations[0]).toMatchObject({ chunkId: "chunk-0", page: 6 });
    expect(answer.citations[0]!.quote).toContain("ARTICLE 12 TERM AND TERMINATION");
  });

  it("answers nothing when no sentence matches the question's own words", () => {
    const answer = composeExtractiveAnswer(analyzeQuery("What is the malpractice insurance requirement?"), [termination, payment], pages);
    expect(answer.points).toEqual([]);
    expect(answer.citations).toEqual([]);
  });

  it("quotes the passage nearest in meaning, saying so, when no sentence shares the question's words", () => {
    const question = analyzeQuery("How do we walk away from this deal?");
    expect(composeExtractiveAnswer(question, [termination, payment], pages).points).toEqual([]);
    const answer = composeExtractiveAnswer(question, [termination, payment], pages, termination);
    expect(answer.points[0]!.text).toBe(CLOSEST_IN_MEANING);
    expect(answer.citations[0]!.clauseNumber).toBe("12.2");
    expect(answer.citations[0]!.quote).toContain("Either party may terminate this Agreement without cause");
  });

  it("prefers sentences that share the question's words over the passage nearest in meaning", () => {
    const answer = composeExtractiveAnswer(analyzeQuery("When do we get paid?"), [termination, payment], pages, termination);
    expect(answer.points.map((point) => point.text)).not.toContain(CLOSEST_IN_MEANING);
    expect(answer.citations[0]!.clauseNumber).toBe("5.1");
  });

  it("drops a sentence whose text is not on the cited pages", () => {
    const misplaced = { ...payment, pageStart: 6, pageEnd: 6 };
    const answer = composeExtractiveAnswer(analyzeQuery("When do we get paid?"), [misplaced], pages);
    expect(answer.citations).toEqual([]);
    expect(answer.droppedCitations).toBeGreaterThan(0);
  });
});

describe("quoteFrom", () => {
  it.each([
    { name: "keeps a short sentence whole", text: "Claims are due in 90 days.", hits: [0], expected: "Claims are due in 90 days." },
    {
      name: "cuts a long sentence around its first match, on word boundaries",
      text: `${"lorem ".repeat(40)}termination requires notice ${"ipsum ".repeat(60)}`.trim(),
      hits: [40],
      expected: /^… (lorem ){6}termination requires notice (ipsum ?)+ …$/,
    },
  ])("$name", ({ text, hits, expected }) => {
    const quote = quoteFrom(text, hits, 120);
    if (typeof expected === "string") expect(quote).toBe(expected);
    else expect(quote).toMatch(expected);
    expect(quote.replace(/…/g, "").trim().length).toBeLessThanOrEqual(120);
  });
});

describe("verifyModelAnswer", () => {
  const sources = [termination, payment];
  it.each([
    {
      name: "a point quoting its source keeps the citation",
      text: '- Either side can end the contract with 90 days\' notice: "may terminate this Agreement without cause" [1]',
      citations: 1,
      unverified: [false],
    },
    {
      name: "a point with no quotation is cited with the source's best matching sentence",
      text: "- You are paid the lesser of billed charges or the fee schedule [2]",
      citations: 1,
      unverified: [false],
    },
    {
      name: "a made-up quotation is dropped and the point flagged",
      text: '- Payment is due "within fifteen (15) days of receipt" [2]',
      citations: 0,
      unverified: [true],
    },
    {
      name: "a source number that was never given is dropped",
      text: "- Claims must be filed in 90 days [7]",
      citations: 0,
      unverified: [true],
    },
    {
      name: "a point without any citation is flagged",
      text: "- This is a standard agreement.\n- Either party may end it [1]",
      citations: 1,
      unverified: [true, false],
    },
  ])("$name", ({ text, citations, unverified }) => {
    const answer = verifyModelAnswer(text, sources, pages);
    expect(answer.citations).toHaveLength(citations);
    expect(answer.points.map((point) => point.isUnverified)).toEqual(unverified);
    expect(answer.points.every((point) => !/\[\d+\]/.test(point.text))).toBe(true);
  });

  it("renumbers citations in order of first use and ignores a sources list the model wrote", () => {
    const answer = verifyModelAnswer('Answer:\n- Paid on the fee schedule [2]\n- Ends on notice "without cause upon ninety (90) days" [1]\n\nSources:\n[1] something', sources, pages);
    expect(answer.points).toHaveLength(2);
    expect(answer.citations.map((citation) => [citation.index, citation.clauseNumber])).toEqual([
      [1, "5.1"],
      [2, "12.2"],
    ]);
  });
});

describe("splitPoints", () => {
  it.each([
    ["- one\n- two", ["one", "two"]],
    ["1. one\n   continues\n2. two", ["one continues", "two"]],
    ["**Answer**\nA paragraph.\n\n**Citations**\n1. x", ["A paragraph."]],
  ])("%j", (text, expected) => expect(splitPoints(text)).toEqual(expected));
});

describe("formatAnswer", () => {
  it("writes an Answer section of bullets and a Citations section of links to the cited page and quote", () => {
    const answer = composeExtractiveAnswer(analyzeQuery("Can we terminate without cause?"), [termination], pages);
    const markdown = formatAnswer(answer, "doc-1");
    expect(markdown).toMatch(/^\*\*Answer\*\*\n\n- \*\*12\.2 Termination Without Cause\*\* \(page 6\): “.+” \[1\]/);
    expect(markdown).toContain("**Citations**\n\n1. [12.2 Termination Without Cause, page 6](/app/documents/doc-1?page=6&q=");
  });

  it("marks an unverified point and says when there are no citations", () => {
    const markdown = formatAnswer({ points: [{ text: "Something", citations: [], isUnverified: true }], citations: [] }, "doc-1");
    expect(markdown).toContain("- Something _(This point could not be verified against the document.)_");
    expect(markdown).toContain("None: no passage of the document supports an answer.");
  });

  it("says plainly when nothing was found, suggesting the document's sections", () => {
    const markdown = formatAnswer({ points: nothingFoundPoints("Is there a non-compete?", ["Term and Termination", "Compensation"]), citations: [] }, "d");
    expect(markdown).toContain("I could not find anything in this document that answers “Is there a non-compete?”.");
    expect(markdown).toContain("Term and Termination; Compensation");
  });
});
