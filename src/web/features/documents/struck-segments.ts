/** A piece of a page's text as the text view shows it: marked when it is the quote, struck when it is struck through on the page. */
export interface PageTextSegment {
  text: string;
  isMatch: boolean;
  isStruck: boolean;
}

/**
 * `segments` (the page's text in order, the quote marked) cut again where struck ranges of the
 * page's text ([start, end), ADR 044) begin and end, so struck words show struck through.
 */
export function withStruckRanges(
  segments: readonly { text: string; isMatch: boolean }[],
  struckRanges: readonly (readonly [number, number])[] = [],
): PageTextSegment[] {
  const pieces: PageTextSegment[] = [];
  let at = 0;
  for (const segment of segments) {
    const end = at + segment.text.length;
    const cuts = new Set([at, end]);
    for (const [start, stop] of struckRanges) for (const cut of [start, stop]) if (cut > at && cut < end) cuts.add(cut);
    const sorted = [...cuts].sort((a, b) => a - b);
    for (let index = 1; index < sorted.length; index += 1) {
      const [from, to] = [sorted[index - 1]!, sorted[index]!];
      const isStruck = struckRanges.some(([start, stop]) => start <= from && to <= stop);
      pieces.push({ text: segment.text.slice(from - at, to - at), isMatch: segment.isMatch, isStruck });
    }
    at = end;
  }
  return pieces;
}
