import type { OcrWordBox } from "../../../shared/contracts/documents";
import { findQuote } from "../../../core/documents/quote-match";
import type { OcrWord } from "./types";

const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);

/** [start, end) does not cut a word of `text` in two (a one-letter word is not the "a" inside "claims"). */
function isWholeWord(text: string, start: number, end: number): boolean {
  const cutsStart = isWordCharacter(text[start - 1]) && isWordCharacter(text[start]);
  const cutsEnd = isWordCharacter(text[end - 1]) && isWordCharacter(text[end]);
  return !cutsStart && !cutsEnd;
}

/** `word` exactly as OCR read it, starting in [from, lastStart]. */
function findExactly(text: string, word: string, from: number, lastStart: number): { start: number; end: number } | undefined {
  for (let at = text.indexOf(word, from); at >= 0 && at <= lastStart; at = text.indexOf(word, at + 1)) {
    if (isWholeWord(text, at, at + word.length)) return { start: at, end: at + word.length };
  }
  return undefined;
}

/** `word`'s letters and digits (its punctuation, quotes, dashes or ligatures changed by cleaning), starting in [from, lastStart]. */
function findLoosely(text: string, word: string, from: number, lastStart: number): { start: number; end: number } | undefined {
  const window = text.slice(from, lastStart + word.length * 2);
  for (let offset = 0; offset <= lastStart - from;) {
    const ranges = findQuote([window.slice(offset)], word, { exact: true, wordsOnly: true });
    if (!ranges?.length) return undefined;
    const start = from + offset + ranges[0]!.start;
    const end = from + offset + ranges.at(-1)!.end;
    if (start > lastStart) return undefined;
    if (isWholeWord(text, start, end)) return { start, end };
    offset += ranges[0]!.start + 1;
  }
  return undefined;
}

/**
 * The last place the next word may start: OCR text is its words joined by spaces and line
 * breaks, so the next word follows the previous one with nothing but spaces and punctuation
 * between them, unless words in between could not be placed (changed by cleaning, but still
 * there): their letters and digits may be passed over, and no more.
 */
function lastStartAfter(text: string, cursor: number, passableCharacters: number): number {
  let passed = 0;
  for (let at = cursor; at < text.length; at++) {
    if (!isWordCharacter(text[at])) continue;
    if (passed === passableCharacters) return at;
    passed += 1;
  }
  return text.length;
}

const countWordCharacters = (word: string) => [...word].filter(isWordCharacter).length;

const round = (fraction: number) => Math.round(fraction * 10_000) / 10_000;

/**
 * Places the words OCR read (in its reading order) on the page's stored text: each word's
 * [start, end) in `text`, with its box. `text` is the OCR text after cleaning, which may have
 * changed or dropped words; those get no box, and placing goes on from the last word placed, so
 * one lost word never shifts the rest. Boxes are rounded to 1/10,000 of the picture (a quarter of
 * a pixel on the largest page image shown), which keeps the stored JSON small.
 */
export function placeWordBoxes(text: string, words: readonly OcrWord[]): OcrWordBox[] {
  const placed: OcrWordBox[] = [];
  let cursor = 0;
  let unplacedCharacters = 0;
  for (const word of words) {
    const token = word.text.trim();
    if (!token) continue;
    const lastStart = lastStartAfter(text, cursor, unplacedCharacters);
    const found = findExactly(text, token, cursor, lastStart) ?? findLoosely(text, token, cursor, lastStart);
    if (!found) {
      unplacedCharacters += countWordCharacters(token);
      continue;
    }
    const [left, top, right, bottom] = word.box;
    placed.push({ start: found.start, end: found.end, box: [round(left), round(top), round(right), round(bottom)] });
    cursor = found.end;
    unplacedCharacters = 0;
  }
  return placed;
}
