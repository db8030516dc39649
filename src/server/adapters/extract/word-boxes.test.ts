import { describe, expect, it } from "vitest";
import { ocrPage } from "./text";
import type { OcrWord } from "./types";
import { placeWordBoxes } from "./word-boxes";

/** Words on one line, each 0.1 wide, in order: box i spans [i/10, (i+1)/10). */
const onOneLine = (...texts: string[]): OcrWord[] => texts.map((text, index) => ({ text, box: [index / 10, 0.2, (index + 1) / 10, 0.25] }));

/** The text each placed word covers, and which OCR word (by its left edge) it came from. */
function placedWords(text: string, words: OcrWord[]): Array<[string, number]> {
  return placeWordBoxes(text, words).map(({ start, end, box }) => [text.slice(start, end), Math.round(box[0] * 10)]);
}

describe("placeWordBoxes", () => {
  it.each<[string, string, string[], Array<[string, number]>]>([
    [
      "words joined by spaces and line breaks",
      "ARTICLE 3.\n\n3.1 Provider shall",
      ["ARTICLE", "3.", "3.1", "Provider", "shall"],
      [
        ["ARTICLE", 0],
        ["3.", 1],
        ["3.1", 2],
        ["Provider", 3],
        ["shall", 4],
      ],
    ],
    [
      "a word the cleaning dropped gets no box; the rest keep theirs",
      "Payer shall pay clean claims",
      ["Payer", "\u0007", "shall", "&sbsp;", "pay", "clean", "claims"],
      [
        ["Payer", 0],
        ["shall", 2],
        ["pay", 4],
        ["clean", 5],
        ["claims", 6],
      ],
    ],
    [
      "a word the cleaning changed is found by its letters and digits",
      "within ninety (90) days\u2014of the date",
      ["within", "ninety", "(90)", "days--of", "the", "date"],
      [
        ["within", 0],
        ["ninety", 1],
        ["(90)", 2],
        ["days\u2014of", 3],
        ["the", 4],
        ["date", 5],
      ],
    ],
    [
      "a one-letter word is never the letter inside a later word",
      "claims within a year",
      ["claims", "i", "within", "a", "year"],
      [
        ["claims", 0],
        ["within", 2],
        ["a", 3],
        ["year", 4],
      ],
    ],
    [
      "a lost common word does not pull the rest onto a later occurrence of it",
      "the Payer shall pay the Provider",
      ["the", "Payer", "shal1", "pay", "the", "Provider"],
      [
        ["the", 0],
        ["Payer", 1],
        ["pay", 3],
        ["the", 4],
        ["Provider", 5],
      ],
    ],
    [
      "a lost word is not taken from further on, past words not yet placed",
      "Payer shall pay the Provider",
      ["Payer", "the", "shall", "pay", "the", "Provider"],
      [
        ["Payer", 0],
        ["shall", 2],
        ["pay", 3],
        ["the", 4],
        ["Provider", 5],
      ],
    ],
    [
      "a word cleaning split is passed over, and the words after it placed",
      "the Agreement shall pay",
      ["the", "Agreement&sbsp;shall", "pay"],
      [
        ["the", 0],
        ["pay", 2],
      ],
    ],
    [
      "words OCR read that the text does not have at all are skipped",
      "Term of agreement",
      ["~~~", "Term", "of", "xyzzy", "agreement"],
      [
        ["Term", 1],
        ["of", 2],
        ["agreement", 4],
      ],
    ],
    ["no words, no boxes", "Some text", [], []],
    ["no text, no boxes", "", ["Ghost"], []],
  ])("%s", (_name, text, words, expected) => {
    expect(placedWords(text, onOneLine(...words))).toEqual(expected);
  });

  it("keeps the placed words in reading order and never reuses a stretch of text", () => {
    const text = "the the the";
    const boxes = placeWordBoxes(text, onOneLine("the", "the", "the"));
    expect(boxes.map(({ start, end }) => [start, end])).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
    ]);
  });

  it("does not search the rest of a long page for a word it lost", () => {
    const text = `Payer ${"shall ".repeat(20)}Provider`;
    // "Provider" is far beyond any word OCR placed: it is not taken from the end of the page.
    expect(placedWords(text, onOneLine("Payer", "Provider"))).toEqual([["Payer", 0]]);
  });

  it("rounds boxes to 1/10,000 of the picture", () => {
    const [placed] = placeWordBoxes("Payer", [{ text: "Payer", box: [0.123456, 0.5, 0.2345678, 0.55555] }]);
    expect(placed?.box).toEqual([0.1235, 0.5, 0.2346, 0.5556]);
  });
});

describe("ocrPage with OCR's words", () => {
  it("keys each word's box to its offsets in the cleaned text", () => {
    const page = ocrPage(1, "Payer   \r\n\r\n\r\nshall pay\f", 90, onOneLine("Payer", "shall", "pay"));
    expect(page.text).toBe("Payer\n\nshall pay");
    expect(page.wordBoxes?.map(({ start, end }) => page.text.slice(start, end))).toEqual(["Payer", "shall", "pay"]);
  });

  it("has no boxes when the engine gave no positions", () => {
    expect(ocrPage(1, "Payer shall pay", 90).wordBoxes).toBeUndefined();
  });
});
