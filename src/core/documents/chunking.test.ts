import { describe, expect, it } from "vitest";
import { chunkClauses, sentenceEnds, splitText } from "./chunking";
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
    expect(first.clauseNumbers.slice(0, 3)).toEqual(["1.1", "1.2", "1.3"]);
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
