// What is struck through on a page: a standard clause a template's user crossed out is not in
// force, and nothing may read or quote it as if it were (ADR 044).

/** Character ranges [start, end) of a page's text that are struck through on the page, in order, not overlapping. */
export type StruckRanges = readonly (readonly [number, number])[];

/** A document's struck ranges by page number. A page without an entry has nothing struck, as has a document read before strikes were kept. */
export type StruckPages = ReadonlyMap<number, StruckRanges>;

export const nothingStruck: StruckPages = new Map();

/** A stretch of one page's text: a citation, a quote, a sentence. */
export interface PageSpan {
  page: number;
  startOffset: number;
  endOffset: number;
}

/** More than this share of a span's characters struck, and the span is struck: a clause is struck as a whole, a stray word inside it is not. */
const STRUCK_SHARE = 0.5;

/** How many characters of [start, end) the ranges cover. */
function struckCharacters(ranges: StruckRanges, start: number, end: number): number {
  let covered = 0;
  for (const [from, to] of ranges) covered += Math.max(0, Math.min(to, end) - Math.max(from, start));
  return covered;
}

/**
 * Whether the span is (mostly) struck through on its page: such words are not what the agreement
 * says, so they are never read or quoted as in force.
 */
export function isStruck(span: PageSpan, struck: StruckPages): boolean {
  const ranges = struck.get(span.page);
  const length = span.endOffset - span.startOffset;
  if (!ranges?.length || length <= 0) return false;
  return struckCharacters(ranges, span.startOffset, span.endOffset) > STRUCK_SHARE * length;
}
