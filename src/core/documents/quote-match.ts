import { remembered } from "../../shared/remembered";

/** A matched stretch inside one of the searched strings: [start, end) in that string's own offsets. */
export interface TextRange {
  item: number;
  start: number;
  end: number;
}

const equivalents: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "`": "'",
  "\u00b4": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "-": "",
  "\u2010": "",
  "\u2011": "",
  "\u2012": "",
  "\u2013": "",
  "\u2014": "",
  "\u2015": "",
  "\u2212": "",
  "\u00ad": "",
  "\ufb00": "ff",
  "\ufb01": "fi",
  "\ufb02": "fl",
  "\ufb03": "ffi",
  "\ufb04": "ffl",
  "\u2026": "...",
};

/**
 * One character as it is compared: quotes and ligatures unified, lower case, and whitespace
 * and dashes dropped entirely (PDF text runs split words and lines unpredictably, and a word
 * hyphenated at a line end is joined when the text is structured).
 */
function comparable(character: string, wordsOnly: boolean): string {
  return wordsOnly ? comparableWordsOnly(character) : comparableAsWritten(character);
}

// Remembered: every page a citation is checked against is read character by character.
const comparableAsWritten = remembered("quote-match.characters", 10_000, (character: string) => comparableOf(character, false));
const comparableWordsOnly = remembered("quote-match.word-characters", 10_000, (character: string) => comparableOf(character, true));

function comparableOf(character: string, wordsOnly: boolean): string {
  if (/\s/.test(character)) return "";
  const unified = (equivalents[character] ?? character).toLowerCase();
  return wordsOnly ? unified.replace(/[^\p{L}\p{N}]/gu, "") : unified;
}

export function normaliseForMatch(text: string, wordsOnly = false): string {
  let result = "";
  for (const character of text) result += comparable(character, wordsOnly);
  return result;
}

interface Indexed {
  text: string;
  /** For each character of `text`: which item it came from, and where in that item. */
  items: number[];
  offsets: number[];
}

function indexItems(items: readonly string[], wordsOnly: boolean): Indexed {
  if (items.length !== 1) return indexItemsNow(items, wordsOnly);
  return wordsOnly ? indexedWordsOnly(items[0]!) : indexedAsWritten(items[0]!);
}

// Remembered: an answer's quotes are each looked for on the same few pages.
const indexedAsWritten = remembered("quote-match.pages", 32, (text: string) => indexItemsNow([text], false));
const indexedWordsOnly = remembered("quote-match.page-words", 32, (text: string) => indexItemsNow([text], true));

function indexItemsNow(items: readonly string[], wordsOnly: boolean): Indexed {
  let text = "";
  const itemOf: number[] = [];
  const offsetOf: number[] = [];
  items.forEach((value, item) => {
    for (let offset = 0; offset < value.length; offset++) {
      const code = value.charCodeAt(offset);
      // Keep surrogate pairs together.
      const isPair = code >= 0xd800 && code <= 0xdbff && offset + 1 < value.length;
      const character = isPair ? value.slice(offset, offset + 2) : value[offset]!;
      for (const part of comparable(character, wordsOnly)) {
        text += part;
        itemOf.push(item);
        offsetOf.push(offset);
      }
      if (isPair) offset++;
    }
  });
  return { text, items: itemOf, offsets: offsetOf };
}

function toRanges(items: readonly string[], indexed: Indexed, from: number, to: number): TextRange[] {
  const first = { item: indexed.items[from]!, offset: indexed.offsets[from]! };
  const last = { item: indexed.items[to - 1]!, offset: indexed.offsets[to - 1]! };
  const lastCode = items[last.item]!.charCodeAt(last.offset);
  const lastEnd = last.offset + (lastCode >= 0xd800 && lastCode <= 0xdbff ? 2 : 1);
  const ranges: TextRange[] = [];
  for (let item = first.item; item <= last.item; item++) {
    const start = item === first.item ? first.offset : 0;
    const end = item === last.item ? lastEnd : items[item]!.length;
    if (end > start) ranges.push({ item, start, end });
  }
  return ranges;
}

const ELLIPSIS = /\u2026|\.{3,}|\[\s*\.\.\.\s*\]/;
const EDGE = 30;

/**
 * Where `quote` occurs across `items` (read in order as one text), comparing without
 * whitespace, case, dashes or quote styles — with `wordsOnly`, letters and digits alone. A quote
 * with an ellipsis matches its parts in order; unless `exact`, a long quote whose middle differs
 * matches by its first and last words (the viewer still finds a paraphrased citation;
 * verification passes `exact`). Undefined when it is not there.
 */
export function findQuote(items: readonly string[], quote: string, { exact = false, wordsOnly = false } = {}): TextRange[] | undefined {
  const indexed = indexItems(items, wordsOnly);
  const haystack = indexed.text;
  const parts = quote
    .split(ELLIPSIS)
    .map((part) => normaliseForMatch(part, wordsOnly))
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.join("").length < 2) return undefined;

  let from = -1;
  let cursor = 0;
  let matched = true;
  for (const part of parts) {
    const at = haystack.indexOf(part, cursor);
    if (at < 0) {
      matched = false;
      break;
    }
    if (from < 0) from = at;
    cursor = at + part.length;
  }
  if (matched) return toRanges(items, indexed, from, cursor);
  if (exact) return undefined;

  const whole = parts.join("");
  if (whole.length < EDGE * 2) return undefined;
  const head = haystack.indexOf(whole.slice(0, EDGE));
  if (head < 0) return undefined;
  const tail = haystack.indexOf(whole.slice(-EDGE), head + EDGE);
  if (tail < 0 || tail + EDGE - head > whole.length * 2) return undefined;
  return toRanges(items, indexed, head, tail + EDGE);
}

/** Splits one text into plain and marked segments for the given ranges of item 0. */
export function segmentText(text: string, ranges: readonly TextRange[] | undefined): { text: string; isMatch: boolean }[] {
  const own = (ranges ?? []).filter((range) => range.item === 0).sort((a, b) => a.start - b.start);
  const segments: { text: string; isMatch: boolean }[] = [];
  let at = 0;
  for (const range of own) {
    if (range.start > at) segments.push({ text: text.slice(at, range.start), isMatch: false });
    segments.push({ text: text.slice(Math.max(at, range.start), range.end), isMatch: true });
    at = Math.max(at, range.end);
  }
  if (at < text.length) segments.push({ text: text.slice(at), isMatch: false });
  return segments;
}
