import { hasStrikeMarkers, markedIndex, readStrikeMarkers, visibleIndex, visibleLength, withoutStrikeMarkers } from "./struck-marks";
import type { ExtractedPage, OcrWord } from "./types";
import { placeWordBoxes } from "./word-boxes";

// C0 controls except \t and \n, DEL, C1 controls, and unpaired UTF-16 surrogates
// (PostgreSQL rejects NUL; lone surrogates turn into mojibake downstream).
const unwantedCharacters =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * HTML entities a web page left in a document converted from it: "&amp;", "&#8217;", "&nbsp;" —
 * and the garbled non-breaking spaces such conversions print ("&sbsp;", "&bbsp;"), which are
 * read as the space they were. Text like "AT&T" or "&c." is no entity and stays.
 */
export function decodeEntityDebris(text: string): string {
  return text
    .replace(/&[a-z]bsp;/gi, " ")
    .replace(/&(amp|lt|gt|quot|apos);/gi, (_, name: string) => namedEntities[name.toLowerCase()]!)
    .replace(/&#(\d{2,7});|&#x([0-9a-f]{2,6});/gi, (entity, decimal?: string, hex?: string) => {
      const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
      return code > 0x1f && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    });
}

/**
 * Normalises extracted text: entity debris decoded, "\n" line ends, no control characters
 * except "\n" and "\t", no trailing spaces, at most one blank line in a row, no leading or
 * trailing blank lines.
 */
export function cleanPageText(text: string): string {
  return decodeEntityDebris(text)
    .replace(/\r\n?|\f|\v|\u2028|\u2029/g, "\n")
    .replace(unwantedCharacters, "")
    .replace(/[ \t\u00A0]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+|\n+$/g, "");
}

/** Letters and digits on a page: what decides whether a page has "almost no" text. */
export function countMeaningfulCharacters(text: string): number {
  let count = 0;
  for (const character of text) if (/[\p{L}\p{N}]/u.test(character)) count += 1;
  return count;
}

/** Below these an OCR page is flagged unreadable: next to nothing found, or mostly guesses. */
export const minReadableCharacters = 20;
export const minReadableConfidence = 45;

/**
 * A page read from its text layer. Struck words in `text` are between strike markers: the page
 * keeps the text without them and their ranges in it, and keeps no ranges rather than text that
 * would read differently from the same page unmarked.
 */
export function textPage(pageNumber: number, text: string): ExtractedPage {
  if (!hasStrikeMarkers(text)) return { pageNumber, text: cleanPageText(text), method: "text", isUnreadable: false };
  const plain = cleanPageText(withoutStrikeMarkers(text));
  const marked = readStrikeMarkers(cleanPageText(text));
  const page: ExtractedPage = { pageNumber, text: plain, method: "text", isUnreadable: false };
  if (marked.text === plain && marked.struckRanges.length) page.struckRanges = marked.struckRanges;
  return page;
}

/** An OCR page; with the `words` OCR placed on the picture, each word's box keyed to its offsets in the stored (cleaned) text. */
export function ocrPage(pageNumber: number, text: string, confidence: number, words?: readonly OcrWord[]): ExtractedPage {
  const cleaned = cleanPageText(text);
  const ocrConfidence = Math.max(0, Math.min(100, Math.round(confidence * 10) / 10));
  const isUnreadable = countMeaningfulCharacters(cleaned) < minReadableCharacters || ocrConfidence < minReadableConfidence;
  const page: ExtractedPage = { pageNumber, text: cleaned, method: "ocr", ocrConfidence, isUnreadable };
  if (words) page.wordBoxes = placeWordBoxes(cleaned, words);
  return page;
}

/** A picture page that is blank (or only paper noise): no text, nothing unreadable, and no OCR was asked. */
export function blankImagePage(pageNumber: number): ExtractedPage {
  return { pageNumber, text: "", method: "ocr", isUnreadable: false, wordBoxes: [] };
}

/** Characters per estimated page: about one printed page of a single-spaced contract. */
export const estimatedPageCharacters = 3_000;

/**
 * Splits text that has no page boundaries into pages of about `target` characters, at
 * paragraph boundaries (blank lines) where possible, else at line ends, else between words.
 * Strike markers are not counted: the pages are the same as the unmarked text's.
 */
export function splitIntoEstimatedPages(text: string, target = estimatedPageCharacters): string[] {
  const paragraphs = text.split(/\n{2,}/).filter((paragraph) => paragraph.trim());
  const pieces = paragraphs.flatMap((paragraph) => (visibleLength(paragraph) > target ? splitLongParagraph(paragraph, target) : [paragraph]));
  const pages: string[] = [];
  let current = "";
  for (const piece of pieces) {
    if (current && visibleLength(current) + 2 + visibleLength(piece) > target) {
      pages.push(current);
      current = "";
    }
    current = current ? `${current}\n\n${piece}` : piece;
  }
  if (current) pages.push(current);
  return pages;
}

/** Cuts one over-long paragraph into page-sized pieces at line ends, or between words. */
function splitLongParagraph(paragraph: string, target: number): string[] {
  const pieces: string[] = [];
  let rest = paragraph;
  // Longer than a page while it has a character past the target (not its whole length each time: linear in the paragraph).
  while (markedIndex(rest, target) < rest.length) {
    const atTarget = markedIndex(rest, target);
    let cut = rest.lastIndexOf("\n", atTarget);
    if (visibleIndex(rest, cut) < target / 2) cut = rest.lastIndexOf(" ", atTarget);
    if (visibleIndex(rest, cut) < target / 2) cut = atTarget;
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^[ \n]+/, "");
  }
  if (rest) pieces.push(rest);
  return pieces;
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException("Extraction aborted", "AbortError");
}
