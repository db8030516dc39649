import { describe, expect, it } from "vitest";
import { buildPdf, fakeOcr, type PdfPageSpec } from "../../../../tests/support/documents/test-fixtures";
import { extractDocument } from "./extract";
import type { PositionedText } from "./pdf-layout";
import { struckTextRanges, type HorizontalLine } from "./pdf-strikes";

describe("struckTextRanges: which words a line strikes through", () => {
  // 20 characters of 12-point text, 6 points each: "renews" is 0–6 (x 72–108), "automatically" 7–20 (x 114–192).
  const run: PositionedText = { text: "renews automatically", x: 72, y: 700, width: 120, size: 12 };
  const line = (left: number, right: number, y: number, thickness = 0.8): HorizontalLine => ({ left, right, y, thickness });

  it.each<[string, HorizontalLine[], [number, number][]]>([
    [
      "a thin line through the middle of the run, across it",
      [line(72, 192, 696)],
      [
        [0, 6],
        [7, 20],
      ],
    ],
    [
      "a line a little past either end (a pen's stroke)",
      [line(66, 200, 695.5)],
      [
        [0, 6],
        [7, 20],
      ],
    ],
    ["across the first word only", [line(72, 108, 696)], [[0, 6]]],
    ["across less than half of a word", [line(72, 84, 696)], []],
    ["at the baseline: an underline", [line(72, 192, 700.5)], []],
    ["below the baseline: an underline", [line(72, 192, 702)], []],
    ["above the letters: an overline or the rule under the line before", [line(72, 192, 690)], []],
    ["a table rule through the text, reaching far beyond it", [line(30, 580, 696)], []],
    ["a line beside the text, at its height", [line(250, 400, 696)], []],
    ["a filled box behind the text: a highlight, not a strike", [line(72, 192, 696, 10)], []],
    ["a dash too short to strike anything", [line(100, 104, 696)], []],
  ])("%s", (_, lines, expected) => {
    expect(struckTextRanges([run], lines).get(run) ?? []).toEqual(expected);
  });

  it("a line across two runs of one line strikes both; the run below it is untouched", () => {
    const first: PositionedText = { text: "the lesser of", x: 72, y: 700, width: 78, size: 12 };
    const second: PositionedText = { text: "billed charges", x: 156, y: 700, width: 84, size: 12 };
    const below: PositionedText = { text: "or the fee schedule", x: 72, y: 714, width: 114, size: 12 };
    const struck = struckTextRanges([first, second, below], [line(72, 240, 696)]);
    expect([struck.get(first), struck.get(second), struck.get(below)]).toEqual([
      [
        [0, 3],
        [4, 10],
        [11, 13],
      ],
      [
        [0, 6],
        [7, 14],
      ],
      undefined,
    ]);
  });
});

const noOcr = fakeOcr(() => ({ text: "", confidence: 0 }));
const clause = "4.1 Renewal. This Agreement renews automatically each year.";
const nextClause = "4.2 Payment. Plan pays clean claims within thirty days.";
/** Two clauses in 12-point Helvetica at (72, 700) and (72, 680); `drawing` is added to the page's content after them. */
const page = (drawing: string, options: Partial<PdfPageSpec> = {}): PdfPageSpec => ({
  content: [`BT /F1 12 Tf 72 700 Td (${clause}) Tj ET`, `BT /F1 12 Tf 72 680 Td (${nextClause}) Tj ET`, drawing].join("\n"),
  ...options,
});
/** About as wide as `clause` in 12-point Helvetica. */
const clauseEnd = 400;

async function struckWords(spec: PdfPageSpec): Promise<{ text: string; struck: string[] }> {
  const [extracted] = (await extractDocument(buildPdf([spec]), "pdf", { ocr: noOcr })).pages;
  return { text: extracted!.text, struck: (extracted!.struckRanges ?? []).map(([start, end]) => extracted!.text.slice(start, end)) };
}

// Real PDFs read by pdf.js: seconds a test when another test worker shares the cores.
describe("PDF extraction carries the strike", { timeout: 20_000 }, () => {
  const unstruck = `${clause}\n${nextClause}`;

  it.each<[string, PdfPageSpec, string[]]>([
    ["a stroked line through the clause", page(`0.7 w 72 703.8 m ${clauseEnd} 703.8 l S`), [clause]],
    ["a thin filled rectangle through the clause", page(`72 703.4 ${clauseEnd - 72} 0.8 re f`), [clause]],
    [
      "a line drawn in a scaled and moved space (cm), then restored",
      page(`q 2 0 0 2 0 0 cm 0.4 w 36 351.9 m ${clauseEnd / 2} 351.9 l S Q 72 672 m 100 672 l S`),
      [clause],
    ],
    ["the thinnest line a device can draw (width 0)", page(`0 w 72 703.8 m ${clauseEnd} 703.8 l S`), [clause]],
    ["an underline at the baseline", page(`0.7 w 72 699 m ${clauseEnd} 699 l S`), []],
    ["a table rule between the rows", page(`0.7 w 40 692 m 570 692 l S`), []],
    ["a rule across the whole page through the text", page(`0.7 w 10 703.8 m 600 703.8 l S`), []],
    ["a thick bar behind the text (a highlight)", page(`72 698 ${clauseEnd - 72} 12 re f`), []],
    ["a filled rectangle with no height (it paints nothing)", page(`72 703.8 ${clauseEnd - 72} 0 re f`), []],
    ["a curve through the text", page(`72 703.8 m 200 720 300 690 ${clauseEnd} 703.8 c S`), []],
    [
      "a strike-out annotation over the second clause",
      page("", { annotations: ["<< /Type /Annot /Subtype /StrikeOut /Rect [70 676 380 692] /QuadPoints [70 691 380 691 70 677 380 677] /C [1 0 0] >>"] }),
      [nextClause],
    ],
    [
      "a line annotation through the first clause",
      page("", { annotations: [`<< /Type /Annot /Subtype /Line /Rect [70 700 ${clauseEnd} 708] /L [72 703.8 ${clauseEnd} 703.8] >>`] }),
      [clause],
    ],
  ])("%s", async (_, spec, expected) => {
    const { text, struck } = await struckWords(spec);
    expect(text).toBe(unstruck);
    expect(struck).toEqual(expected);
  });

  it("a page shown turned (/Rotate 90): the text and its strike are read as the page is shown", async () => {
    // Drawn running up the sheet; shown turned a quarter clockwise, it reads left to right.
    const content = [`BT /F1 12 Tf 0 1 -1 0 300 72 Tm (${clause}) Tj ET`, `0.7 w 296.2 72 m 296.2 ${clauseEnd} l S`].join("\n");
    const { text, struck } = await struckWords({ content, rotate: 90 });
    expect(text).toBe(clause);
    expect(struck).toEqual([clause]);
  });

  it("the page's text is the same with and without strikes, struck or not", async () => {
    const plain = await struckWords(page(""));
    const struck = await struckWords(page(`0.7 w 72 703.8 m ${clauseEnd} 703.8 l S 0.7 w 72 683.8 m 200 683.8 l S`));
    expect(struck.text).toBe(plain.text);
    expect(plain.struck).toEqual([]);
    // Struck stretches apart only by a line break are one.
    expect(struck.struck).toEqual([`${clause}\n4.2 Payment. Plan pays`]);
  });
});
