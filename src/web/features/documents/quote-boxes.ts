import type { DocumentPageText, OcrWordBox } from "../../../shared/contracts/documents";
import { findQuote, type TextRange } from "../../../core/documents/quote-match";

/** A rectangle on a page picture, as fractions (0..1) of the picture's width and height. */
export interface QuoteBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

type Edges = [left: number, top: number, right: number, bottom: number];

/** Two word boxes are on one line when they overlap by at least half the shorter one's height. */
function isSameLine(a: Edges, b: Edges): boolean {
  const overlap = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return overlap >= Math.min(a[3] - a[1], b[3] - b[1]) / 2;
}

/**
 * The rectangles to draw over a page picture for the stretches `ranges` of its text: the boxes of
 * the words they touch, joined into one rectangle per line (so the spaces between words are
 * marked too). A word the quote skips (an ellipsis) starts a new rectangle.
 */
export function quoteBoxes(wordBoxes: readonly OcrWordBox[], ranges: readonly TextRange[]): QuoteBox[] {
  const lines: Edges[] = [];
  let previous: { index: number; box: Edges } | undefined;
  wordBoxes.forEach(({ start, end, box }, index) => {
    if (!ranges.some((range) => range.start < end && range.end > start)) return;
    const line = lines.at(-1);
    const continuesLine = line && previous?.index === index - 1 && isSameLine(previous.box, box) && box[0] >= previous.box[0];
    if (continuesLine) {
      lines[lines.length - 1] = [Math.min(line[0], box[0]), Math.min(line[1], box[1]), Math.max(line[2], box[2]), Math.max(line[3], box[3])];
    } else {
      lines.push([...box]);
    }
    previous = { index, box };
  });
  return lines.map(([left, top, right, bottom]) => ({ left, top, width: right - left, height: bottom - top }));
}

/** Where `quote` is on the page's picture: found in its OCR text, drawn with its words' boxes. None without boxes. */
export function locateQuoteOnPicture(page: DocumentPageText, quote: string): QuoteBox[] {
  if (!page.wordBoxes?.length) return [];
  const ranges = findQuote([page.text], quote);
  return ranges ? quoteBoxes(page.wordBoxes, ranges) : [];
}
