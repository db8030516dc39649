import { describe, expect, it } from "vitest";
import { chunkClauses, searchableHeadings, sentenceEnds, splitText } from "./chunking";
import { structureDocument } from "./structure";

describe("sentenceEnds", () => {
  it.each([
    ["One. Two.", [4, 9]],
    ["Acme Inc. shall pay. Then stop.", [20, 31]],
    ["See Sec. 4.2 for details. Next", [25, 30]],
    ['It is "final." Next one', [14, 23]],
    ["Pay (a) now; and (b) later.", [12, 27]],
  ])("%s", (text, expected) => {
    expect(sentenceEnds(text)).toEqual(expected);
  });
});

describe("splitText", () => {
  it("keeps pieces within the limit and cuts at sentence ends", () => {
    const text = Array.from({ length: 30 }, (_, index) => `Sentence number ${index} says something about claims.`).join(" ");
    const pieces = splitText(text, 200);
    expect(pieces.every(([from, to]) => to - from <= 200)).toBe(true);
    expect(pieces.every(([, to]) => to === text.length || text[to - 1] === ".")).toBe(true);
    expect(pieces.map(([from, to]) => text.slice(from, to)).join(" ")).toBe(text);
  });

  it("falls back to spaces when a sentence is longer than the limit", () => {
    const text = "word ".repeat(100).trim();
    expect(splitText(text, 50).every(([from, to]) => to - from <= 50)).toBe(true);
  });
});

describe("chunkClauses", () => {
  const definitions = Array.from({ length: 8 }, (_, index) => `1.${index + 1} "Term ${index + 1}" means the thing number ${index + 1}.`);
  const longClause = `2.1 Payment. ${"Payer shall pay each Clean Claim promptly and in full. ".repeat(40).trim()}`;
  const pages = [
    { pageNumber: 1, text: ["ARTICLE I - DEFINITIONS", ...definitions].join("\n") },
    { pageNumber: 2, text: ["ARTICLE II - PAYMENT", longClause, "2.2 Audit. Payer may audit records once a year."].join("\n") },
  ];
  const clauses = structureDocument(pages);
  const chunks = chunkClauses(clauses, { maxChars: 600, minChars: 200 });

  it("merges short sibling clauses and names every clause they cover", () => {
    const first = chunks[0]!;
    expect(first.clauseNumbers.slice(0, 4)).toEqual(["Article I", "1.1", "1.2", "1.3"]);
    expect(first.headingPath).toEqual(["Article I DEFINITIONS"]);
    expect(first.text).toContain('1.2 "Term 2" means');
  });

  it("splits a long clause into chunks that all cite it, within the size limit", () => {
    const payment = chunks.filter((chunk) => chunk.clauseNumber === "2.1");
    expect(payment.length).toBeGreaterThan(2);
    expect(payment.every((chunk) => chunk.text.length <= 600 && chunk.headingPath.at(-1) === "2.1 Payment")).toBe(true);
  });

  it("records pages and offsets that point at the chunk's first words in the page text", () => {
    for (const chunk of chunks) {
      const page = pages.find((candidate) => candidate.pageNumber === chunk.start.pageNumber)!;
      const firstWord = chunk.text.replace(/^[\d.]+\s+(\S+\s)?/, "").split(/\s+/)[0]!;
      expect(page.text.slice(chunk.start.offset)).toContain(firstWord);
      expect(chunk.pageEnd).toBeGreaterThanOrEqual(chunk.pageStart);
    }
  });

  it("numbers chunks in document order", () => {
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
    expect(chunks.at(-1)!.clauseNumber).toBe("2.2");
  });
});

describe("passages keep the page's words and where each clause starts", () => {
  const pages = [
    {
      pageNumber: 1,
      text: [
        "TABLE OF CONTENTS",
        "1. Definitions . . . . . . . 1",
        "2. Payment . . . . . . . . . 2",
        "",
        "ARTICLE 1 DEFINITIONS",
        '1.1 "Claim" means a bill for Covered Services.',
        '1.2 "Clean Claim" means a Claim with everything needed to pay it.',
        "ARTICLE 2 PAYMENT",
        "2.1 Payment. Payer shall pay Clean Claims:",
        "(a) within thirty (30) days by EFT; or",
        "(b) within forty-five (45) days by check.",
      ].join("\n"),
    },
  ];
  const chunks = chunkClauses(structureDocument(pages));
  const holding = (words: string) => chunks.find((chunk) => chunk.text.includes(words))!;

  it("prints clause numbers and titles as the page does, never rewritten", () => {
    const payment = holding("within thirty");
    expect(payment.text).toBe(
      "ARTICLE 2 PAYMENT\n\n2.1 Payment. Payer shall pay Clean Claims:\n\n(a) within thirty (30) days by EFT; or\n\n(b) within forty-five (45) days by check.",
    );
    expect(payment.text).not.toContain("2.1(a)");
  });

  it("keeps a title and a list's lead-in with the text they introduce", () => {
    expect(holding("within thirty").clauses.map((clause) => clause.number)).toEqual(["Article 2", "2.1", "2.1(a)", "2.1(b)"]);
    expect(holding('"Claim" means').text.startsWith("ARTICLE 1 DEFINITIONS")).toBe(true);
  });

  it("records where each clause and its own words start", () => {
    const payment = holding("within thirty");
    const [, clause, item] = payment.clauses;
    expect(payment.text.slice(clause!.at, clause!.textAt)).toBe("2.1 Payment. ");
    expect(payment.text.slice(item!.at, item!.textAt)).toBe("(a) ");
    expect(payment.text.slice(item!.textAt)).toMatch(/^within thirty/);
  });

  it.each([
    ["contents", "Definitions . . ."],
    ["definitions", '"Clean Claim" means'],
    ["body", "within thirty"],
  ])("tells a %s passage by its text", (kind, words) => {
    expect(holding(words).kind).toBe(kind);
  });

  it("tells a title block from running text", () => {
    const [cover] = chunkClauses(
      structureDocument([{ pageNumber: 1, text: "PROVIDER AGREEMENT\n\nACME HEALTH PLAN\n\nBy: ____________ Title: ____________" }]),
    );
    expect(cover!.kind).toBe("title");
  });

  it("makes every clause heading it covers searchable", () => {
    expect(searchableHeadings(holding("within thirty"))).toBe("Article 2 PAYMENT 2.1 Payment 2.1(a) 2.1(b)");
  });
});
