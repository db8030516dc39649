import { describe, expect, it } from "vitest";
import type { DocumentPageText, OcrWordBox } from "../../../shared/contracts/documents";
import { layOutWords } from "../../../../tests/support/documents/word-layout";
import { locateQuoteOnPicture, quoteBoxes } from "./quote-boxes";

/** Line 1 at top 0.10–0.14, line 2 at 0.20–0.24; each word 0.1 wide with 0.02 between words. */
const text = "Provider shall submit claims\nwithin ninety days.";
const words = layOutWords(text);
const range = (start: number, end: number) => ({ item: 0, start, end });
const at = (phrase: string) => range(text.indexOf(phrase), text.indexOf(phrase) + phrase.length);

/** Rounded, so float noise does not hide the geometry. */
const rounded = (boxes: ReturnType<typeof quoteBoxes>) =>
  boxes.map(({ left, top, width, height }) => [left, top, width, height].map((value) => Math.round(value * 1000) / 1000));

describe("quoteBoxes", () => {
  it.each([
    ["one word", [at("shall")], [[0.22, 0.1, 0.1, 0.04]]],
    ["words on one line join into one rectangle, spaces included", [at("shall submit claims")], [[0.22, 0.1, 0.34, 0.04]]],
    [
      "a quote across a line break: one rectangle per line",
      [at("claims\nwithin ninety")],
      [
        [0.46, 0.1, 0.1, 0.04],
        [0.1, 0.2, 0.22, 0.04],
      ],
    ],
    ["part of a word marks the whole word", [range(text.indexOf("ubmi"), text.indexOf("ubmi") + 4)], [[0.34, 0.1, 0.1, 0.04]]],
    [
      "a quote with a gap (an ellipsis) starts a new rectangle after it",
      [at("Provider"), at("submit")],
      [
        [0.1, 0.1, 0.1, 0.04],
        [0.34, 0.1, 0.1, 0.04],
      ],
    ],
    ["nothing quoted, nothing drawn", [], []],
  ])("%s", (_name, ranges, expected) => {
    expect(rounded(quoteBoxes(words, ranges))).toEqual(expected);
  });

  it("a word lower on the page that overlaps its neighbour only a little starts a new line", () => {
    const boxes: OcrWordBox[] = [
      { start: 0, end: 4, box: [0.1, 0.1, 0.2, 0.14] },
      { start: 5, end: 9, box: [0.3, 0.13, 0.4, 0.17] },
    ];
    expect(quoteBoxes(boxes, [range(0, 9)])).toHaveLength(2);
  });

  it("a next word further left (a new column or line) starts a new rectangle", () => {
    const boxes: OcrWordBox[] = [
      { start: 0, end: 4, box: [0.6, 0.1, 0.7, 0.14] },
      { start: 5, end: 9, box: [0.1, 0.1, 0.2, 0.14] },
    ];
    expect(quoteBoxes(boxes, [range(0, 9)])).toHaveLength(2);
  });
});

describe("locateQuoteOnPicture", () => {
  const page: DocumentPageText = { pageNumber: 1, text, method: "ocr", isUnreadable: false, wordBoxes: words };

  it("finds the quote in the page's text however it is spaced, and gives its words' rectangles", () => {
    expect(rounded(locateQuoteOnPicture(page, "claims within   ninety"))).toEqual([
      [0.46, 0.1, 0.1, 0.04],
      [0.1, 0.2, 0.22, 0.04],
    ]);
  });

  it("gives nothing for a quote the page does not have, or a page without boxes", () => {
    expect(locateQuoteOnPicture(page, "terminate this Agreement")).toEqual([]);
    expect(locateQuoteOnPicture({ ...page, wordBoxes: undefined }, "shall submit")).toEqual([]);
    expect(locateQuoteOnPicture({ ...page, method: "text", wordBoxes: undefined }, "shall submit")).toEqual([]);
  });
});
