import { readClauseMarker } from "./clause-markers";

export interface PageText {
  pageNumber: number;
  text: string;
}

/** One printed line, with where it sits in its page's text. */
export interface PageLine {
  pageNumber: number;
  start: number;
  end: number;
  text: string;
}

export function splitPageLines(page: PageText): PageLine[] {
  const lines: PageLine[] = [];
  let start = 0;
  for (const raw of page.text.split("\n")) {
    const leading = raw.length - raw.trimStart().length;
    const text = raw.trim();
    lines.push({ pageNumber: page.pageNumber, start: start + leading, end: start + leading + text.length, text });
    start += raw.length + 1;
  }
  return lines;
}

const pageNumberPatterns = [/^(page\s+)?\d{1,4}(\s+(of|\/)\s+\d{1,4})?$/i, /^[-–—]\s*\d{1,4}\s*[-–—]$/, /^[ivxlc]{1,6}$/i, /^\d{1,4}\s*$/];

/** A line that is only a page number ("7", "Page 3 of 9", "- 4 -", "iv"). */
export function isPageNumber(text: string): boolean {
  return pageNumberPatterns.some((pattern) => pattern.test(text));
}

/** Digits vary between pages of a running header ("Page 3", dates); compare lines without them. */
function lineShape(text: string): string {
  return text.toLowerCase().replace(/\d+/g, "#").replace(/\s+/g, " ").trim();
}

const EDGE_LINES = 4;

function edgeLines(lines: PageLine[]): PageLine[] {
  const nonEmpty = lines.filter((line) => line.text);
  return [...nonEmpty.slice(0, EDGE_LINES), ...nonEmpty.slice(-EDGE_LINES)];
}

/** A line this long (in letters) repeating at the page edges on a few pages is a running header or footer, not text. */
const LONG_FURNITURE_LETTERS = 20;
const LONG_FURNITURE_PAGES = 3;

function letterCount(text: string): number {
  return text.replace(/[^\p{L}]/gu, "").length;
}

/**
 * Drops running headers, footers and page numbers: lines at the top or bottom of a page that
 * repeat (digits aside) on at least half the pages, or — long ones that are not clause titles,
 * such as each attachment's own footer — on three pages; and bare page numbers there.
 */
export function removePageFurniture(pages: PageLine[][]): PageLine[][] {
  const pagesByShape = new Map<string, Set<number>>();
  for (const lines of pages) {
    for (const line of edgeLines(lines)) {
      const shape = lineShape(line.text);
      if (!pagesByShape.has(shape)) pagesByShape.set(shape, new Set());
      pagesByShape.get(shape)!.add(line.pageNumber);
    }
  }
  const repeatThreshold = Math.max(3, Math.ceil(pages.length / 2));
  const isRepeated = (line: PageLine) => {
    const pagesWithLine = pagesByShape.get(lineShape(line.text))?.size ?? 0;
    if (pagesWithLine >= repeatThreshold) return true;
    return pagesWithLine >= LONG_FURNITURE_PAGES && letterCount(line.text) >= LONG_FURNITURE_LETTERS && readClauseMarker(line.text, 0) === undefined;
  };
  return pages.map((lines) => {
    const edges = new Set(edgeLines(lines));
    return lines.filter((line) => !(edges.has(line) && (isPageNumber(line.text) || isRepeated(line))));
  });
}
