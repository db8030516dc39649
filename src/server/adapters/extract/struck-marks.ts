// Struck words travel through layout and cleaning inside the text, between two noncharacters that
// no document's text holds and no cleaning step touches; the page's text is what remains without
// them, and the struck ranges are where they stood (ADR 044).

/** Opens a struck stretch (U+FDD0, a Unicode noncharacter). */
export const STRIKE_START = "\uFDD0";
/** Closes it (U+FDD1). */
export const STRIKE_END = "\uFDD1";

const anyMarker = /[\uFDD0\uFDD1]/;
const allMarkers = /[\uFDD0\uFDD1]/g;

export function hasStrikeMarkers(text: string): boolean {
  return anyMarker.test(text);
}

export function withoutStrikeMarkers(text: string): string {
  return text.replace(allMarkers, "");
}

/**
 * `text` with each range of it ([start, end) over its characters) between markers, trimmed to
 * the range's first and last non-space character: a marker always touches a word on its inner
 * side, so collapsing, trimming and splitting at spaces treat the text as they would without it.
 */
export function markStruck(text: string, ranges: readonly (readonly [number, number])[]): string {
  let marked = "";
  let at = 0;
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const stretch = text.slice(Math.max(from, at), to);
    const start = Math.max(from, at) + stretch.search(/\S|$/);
    const end = Math.max(start, Math.max(from, at) + stretch.trimEnd().length);
    if (end <= start) continue;
    marked += `${text.slice(at, start)}${STRIKE_START}${text.slice(start, end)}${STRIKE_END}`;
    at = end;
  }
  return marked + text.slice(at);
}

/**
 * The text without its markers, and the ranges they marked; ranges apart only by spaces or line
 * breaks are one. A stretch opened and not closed runs to the end (the rest of it went to the next
 * estimated page), one closed and not opened from the start.
 */
export function readStrikeMarkers(marked: string): { text: string; struckRanges: [number, number][] } {
  const ranges: [number, number][] = [];
  let text = "";
  let openedAt: number | undefined;
  let isFirstMarker = true;
  const close = (end: number) => {
    // Only the page's first marker may close a stretch opened on the page before.
    const start = openedAt ?? (isFirstMarker ? 0 : end);
    openedAt = undefined;
    if (end <= start) return;
    const previous = ranges.at(-1);
    if (previous && !text.slice(previous[1], start).trim()) previous[1] = end;
    else ranges.push([start, end]);
  };
  for (const character of marked) {
    if (character === STRIKE_START) openedAt ??= text.length;
    else if (character === STRIKE_END) close(text.length);
    else {
      text += character;
      continue;
    }
    isFirstMarker = false;
  }
  if (openedAt !== undefined) close(text.length);
  return { text, struckRanges: ranges };
}

/**
 * Where the `visible`-th character that is not a marker stands in `marked` (its length when there
 * is none): after the markers that close before it, before those that open at it. Reads no
 * further than that character, so cutting a long text into pages stays linear.
 */
export function markedIndex(marked: string, visible: number): number {
  let seen = 0;
  for (let index = 0; index < marked.length; index += 1) {
    const character = marked[index];
    if (character === STRIKE_END) continue;
    if (seen === visible) return index;
    if (character !== STRIKE_START) seen += 1;
  }
  return marked.length;
}

/** The length of `marked` as its text reads, markers not counted. */
export function visibleLength(marked: string): number {
  return hasStrikeMarkers(marked) ? withoutStrikeMarkers(marked).length : marked.length;
}

/** How many characters that are not markers stand before `index` of `marked` (-1 stays -1: not found). */
export function visibleIndex(marked: string, index: number): number {
  return index < 0 ? index : withoutStrikeMarkers(marked.slice(0, index)).length;
}
