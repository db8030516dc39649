import { markStruck } from "./struck-marks";

/** A run of text on a page in device space: x to the right, y (the baseline) downwards. */
export interface PositionedText {
  text: string;
  x: number;
  y: number;
  /** Advance width along the baseline. */
  width: number;
  /** Font size (height of the em square). */
  size: number;
  /** Ranges of `text` struck through on the page: laid out between strike markers. */
  struck?: readonly (readonly [number, number])[];
}

interface Line {
  y: number;
  size: number;
  items: PositionedText[];
}

/** A word gap is wider than this share of the font size (letter spacing stays well below it). */
const wordGapRatio = 0.15;
/** Items whose baselines differ by less than this share of the larger font size share a line (superscripts do). */
const sameLineRatio = 0.45;
/** A vertical gap this many times the page's usual line spacing separates paragraphs. */
const paragraphGapRatio = 1.5;

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function groupIntoLines(items: PositionedText[]): Line[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  const lines: Line[] = [];
  let current: Line | undefined;
  for (const item of sorted) {
    if (current && Math.abs(item.y - current.y) <= sameLineRatio * Math.max(item.size, current.size)) {
      current.items.push(item);
      // The line's size and baseline follow its largest text, so a raised footnote marker
      // that opened the line does not decide where the line sits.
      if (item.size > current.size) {
        current.size = item.size;
        current.y = item.y;
      }
    } else {
      current = { y: item.y, size: item.size, items: [item] };
      lines.push(current);
    }
  }
  return lines;
}

function lineText(line: Line): string {
  const items = [...line.items].sort((a, b) => a.x - b.x);
  let text = "";
  let previous: PositionedText | undefined;
  for (const item of items) {
    if (previous) {
      // Some generators draw text twice, slightly offset, to fake bold: keep one copy.
      if (item.text === previous.text && Math.abs(item.x - previous.x) < 0.2 * item.size) continue;
      const gap = item.x - (previous.x + previous.width);
      const needsSpace = gap > wordGapRatio * Math.min(item.size, previous.size);
      if (needsSpace && !/\s$/.test(text) && !/^\s/.test(item.text)) text += " ";
    }
    text += item.struck?.length ? markStruck(item.text, item.struck) : item.text;
    previous = item;
  }
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Lays out a page's text runs as printed: runs grouped into lines by baseline and ordered left
 * to right, lines top to bottom, and a blank line where the vertical gap is clearly larger than
 * the page's usual line spacing. Words split by a hyphen at a line end stay as printed. Struck
 * words are between strike markers, which change nothing else of the text.
 */
export function layoutPageText(items: PositionedText[]): string {
  const usable = items.filter((item) => item.text.trim() && Number.isFinite(item.x) && Number.isFinite(item.y) && item.size > 0);
  const lines = groupIntoLines(usable)
    .map((line) => ({ ...line, text: lineText(line) }))
    .filter((line) => line.text);
  if (lines.length === 0) return "";

  const gaps: number[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const gap = lines[index]!.y - lines[index - 1]!.y;
    if (gap > 0 && gap < 2.5 * lines[index]!.size) gaps.push(gap);
  }
  const usualGap = median(gaps);

  let text = lines[0]!.text;
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    const gap = line.y - lines[index - 1]!.y;
    const spacing = usualGap ?? 1.2 * line.size;
    text += gap > paragraphGapRatio * spacing && gap > 1.2 * line.size ? "\n\n" : "\n";
    text += line.text;
  }
  return text;
}
