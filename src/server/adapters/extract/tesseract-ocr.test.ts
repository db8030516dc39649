import { describe, expect, it } from "vitest";
import { meanWordConfidence } from "./native-tesseract-ocr";
import { wordsFromTsv } from "./tesseract-ocr";

const row = (...cells: Array<string | number>) => cells.join("\t");

describe("wordsFromTsv", () => {
  it("reads the words with their boxes as fractions of the page row's size, in order", () => {
    const tsv = [
      row(1, 1, 0, 0, 0, 0, 0, 0, 1000, 500, -1, ""),
      row(2, 1, 1, 0, 0, 0, 100, 50, 600, 30, -1, ""),
      row(4, 1, 1, 1, 1, 0, 100, 50, 600, 30, -1, ""),
      row(5, 1, 1, 1, 1, 1, 100, 50, 200, 25, 96.1, "ARTICLE"),
      row(5, 1, 1, 1, 1, 2, 320, 50, 50, 25, 95.5, "3."),
      "",
    ].join("\n");
    expect(wordsFromTsv(tsv)).toEqual([
      { text: "ARTICLE", box: [0.1, 0.1, 0.3, 0.15] },
      { text: "3.", box: [0.32, 0.1, 0.37, 0.15] },
    ]);
  });

  it("skips a header line, empty words and rows it cannot read, and keeps boxes on the picture", () => {
    const tsv = [
      "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
      row(1, 1, 0, 0, 0, 0, 0, 0, 200, 100, -1, ""),
      row(5, 1, 1, 1, 1, 1, 10, 10, 20, 10, 90, " "),
      row(5, 1, 1, 1, 1, 2, "x", 10, 20, 10, 90, "broken"),
      row(5, 1, 1, 1, 1, 3),
      row(5, 1, 1, 1, 1, 4, 190, 95, 30, 10, 90, "edge"),
    ].join("\n");
    expect(wordsFromTsv(tsv)).toEqual([{ text: "edge", box: [0.95, 0.95, 1, 1] }]);
  });

  it("finds no words without the page row's size", () => {
    expect(wordsFromTsv(row(5, 1, 1, 1, 1, 1, 10, 10, 20, 10, 90, "orphan"))).toEqual([]);
    expect(wordsFromTsv("")).toEqual([]);
  });
});

describe("meanWordConfidence", () => {
  it.each([
    [
      "the mean of the words' confidences",
      [row(1, 1, 0, 0, 0, 0, 0, 0, 10, 10, -1, ""), row(5, 1, 1, 1, 1, 1, 0, 0, 1, 1, 90, "Term"), row(5, 1, 1, 1, 1, 2, 0, 0, 1, 1, 80, "ends")],
      85,
    ],
    [
      "rows above words and empty words left out",
      [row(4, 1, 1, 1, 1, 0, 0, 0, 1, 1, 10, ""), row(5, 1, 1, 1, 1, 1, 0, 0, 1, 1, 30, " "), row(5, 1, 1, 1, 1, 2, 0, 0, 1, 1, 70, "Payer")],
      70,
    ],
    ["no words: 0", [row("level", "page_num", "block_num", "par_num", "line_num", "word_num", "left", "top", "width", "height", "conf", "text")], 0],
  ])("%s", (_, rows, expected) => {
    expect(meanWordConfidence(rows.join("\n"))).toBe(expected);
  });
});
