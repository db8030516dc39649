import type { Citation } from "../../shared/chat";
import { findQuote } from "../documents/quote-match";
import type { PassageClause } from "../documents/chunking";

// Citation checking: a quote is shown only as the page's own words, found on the page it cites,
// with the clause it belongs to. The chat's answers and the fact sheets both cite this way.

/** A passage given to the answerer, numbered as the sources of the answer. */
export interface SourcePassage {
  number: number;
  chunkId: string;
  clauseNumber: string | null;
  /** Every clause the passage covers, in order (small clauses share a passage). */
  clauseNumbers: string[];
  heading: string;
  /** Headings from the top of the outline down to the passage's clause. */
  headingPath: string[];
  pageStart: number;
  pageEnd: number;
  /** The page's own words. */
  text: string;
  /** Where each clause starts in `text`; empty for documents processed before passages kept it. */
  clauses: PassageClause[];
}

/** The document's page texts by page number: what every quote is checked against. */
export type PageTexts = ReadonlyMap<number, string>;

const MIN_QUOTE_CHARS = 12;

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A quote as found on its page: the page's own words, and where they are. */
export interface LocatedQuote {
  page: number;
  /** The page text itself, spaces collapsed: what is shown is always verbatim. */
  quote: string;
  startOffset: number;
  endOffset: number;
}

/** The page's words from `start` to `end`, as one line; a word hyphenated at a line end reads as one word, as the structured text has it. */
function pageWords(text: string, start: number, end: number): string {
  return collapseSpaces(text.slice(start, end).replace(/([a-z])-[ \t]*\r?\n\s*([a-z])/g, "$1$2"));
}

function located(page: number, text: string, start: number, end: number): LocatedQuote {
  return { page, quote: pageWords(text, start, end), startOffset: start, endOffset: end };
}

const ELLIPSIS = /\s*(?:…|\.{3,})\s*/;

/**
 * A quote with an ellipsis ("Provider shall submit … within ninety (90) days"): each part found in
 * order on the page and shown in the page's words, still joined by the ellipsis; its offsets span them all.
 */
function locateParts(parts: readonly string[], text: string): { quote: string; start: number; end: number } | undefined {
  const shown: string[] = [];
  let cursor = 0;
  let start = -1;
  for (const part of parts) {
    const ranges = findQuote([text.slice(cursor)], part, { exact: true, wordsOnly: true });
    if (!ranges) return undefined;
    const from = cursor + ranges[0]!.start;
    const to = withClosingPunctuation(part, text, cursor + ranges.at(-1)!.end);
    if (start < 0) start = from;
    shown.push(pageWords(text, from, to));
    cursor = to;
  }
  return { quote: shown.join(" … "), start, end: cursor };
}

/** Letters and digits are what a quote is matched by; the punctuation that ends it ("…notice.") is kept when the page has it too. */
function withClosingPunctuation(quote: string, text: string, end: number): number {
  const closing = /[.,;:!?)\]"”’']+$/.exec(quote.trimEnd())?.[0] ?? "";
  let extended = end;
  for (const character of closing) {
    if (text[extended] !== character) break;
    extended++;
  }
  return extended;
}

/**
 * Finds `quote` on one of the pages from `pageStart` to `pageEnd`, word for word (letters and
 * digits in order; spacing, case and punctuation aside) and answers with the page's own text. A
 * quote running over a page break is cut to the part on its first page, so the viewer can
 * highlight it there. Undefined when the words are not there.
 */
export function locateQuote(quote: string, pages: PageTexts, pageStart: number, pageEnd: number): LocatedQuote | undefined {
  const parts = quote.split(ELLIPSIS).filter((part) => /[\p{L}\p{N}]/u.test(part));
  // A "quote" with no letters or digits (a row of asterisks, a rule) is nothing to cite.
  if (parts.length === 0) return undefined;
  for (let page = pageStart; page <= pageEnd; page++) {
    const text = pages.get(page);
    const found = text === undefined ? undefined : locateParts(parts, text);
    if (found) return { page, quote: found.quote, startOffset: found.start, endOffset: found.end };
  }
  for (let page = pageStart; page < pageEnd; page++) {
    const first = pages.get(page);
    const next = pages.get(page + 1);
    if (first === undefined || next === undefined) continue;
    const parts = splitOverPageBreak(quote, first, next);
    if (!parts) continue;
    // Cited on the page that holds more of it, so the viewer highlights the most of the quote.
    const [opening, rest] = parts;
    const isRestLonger = rest.end - rest.start > opening.end - opening.start;
    const cited = isRestLonger
      ? located(page + 1, next, rest.start, withClosingPunctuation(quote, next, rest.end))
      : located(page, first, opening.start, opening.end);
    if (cited.endOffset - cited.startOffset >= MIN_QUOTE_CHARS) return cited;
  }
  return undefined;
}

type PageRange = { start: number; end: number };

/**
 * A quote that runs over a page break: its longest opening found on the first page, and the rest,
 * which follows on the next page (running footers and headers sit between them on the pages).
 */
function splitOverPageBreak(quote: string, first: string, next: string): [PageRange, PageRange] | undefined {
  const words = quote.split(/\s+/).filter(Boolean);
  for (let cut = words.length - 1; cut > 0; cut--) {
    const opening = findQuote([first], words.slice(0, cut).join(" "), { exact: true, wordsOnly: true });
    const rest = opening && findQuote([next], words.slice(cut).join(" "), { exact: true, wordsOnly: true });
    if (opening && rest)
      return [
        { start: opening[0]!.start, end: opening.at(-1)!.end },
        { start: rest[0]!.start, end: rest.at(-1)!.end },
      ];
  }
  return undefined;
}

const CONNECTORS = new Set(["of", "and", "the", "for", "to", "in", "on", "or", "with", "without", "by", "a", "an", "&"]);
const CLAUSE_OPENING = /^(?:(?:section|article)\s+)?(\d+(?:\.\d+)*(?:\([a-z0-9]+\))*)\.?\s+([A-Z][^.:;]{1,70}?)[.:]\s+(?=\S)/i;

/** "2.2 Medicaid Members. For Medicaid…" → clause 2.2, heading "Medicaid Members", and where its text starts. */
export function clauseOpening(text: string): { clauseNumber: string; heading: string; length: number } | undefined {
  const match = CLAUSE_OPENING.exec(text);
  if (!match) return undefined;
  const words = match[2]!.trim().split(/\s+/);
  const isTitle = words.every((word, index) => /^[A-Z0-9(]/.test(word) || (index > 0 && CONNECTORS.has(word.toLowerCase())));
  return isTitle ? { clauseNumber: match[1]!, heading: words.join(" "), length: match[0].length } : undefined;
}

/**
 * The clause of a passage that holds the text at `position`: the last clause starting before it.
 * Passages of documents processed before clauses were kept name their first clause.
 */
export function clauseAt(
  source: Pick<SourcePassage, "clauses" | "clauseNumber" | "heading">,
  position: number,
): { clauseNumber: string | null; heading: string } {
  const clause = source.clauses.filter((candidate) => candidate.at <= position).at(-1);
  return clause ? { clauseNumber: clause.number, heading: clause.heading } : { clauseNumber: source.clauseNumber, heading: source.heading };
}

/**
 * A citation of `quote` from `source`, verified on its pages, with the clause it belongs to; a
 * quote that opens with its clause's number and heading is cited by them and quoted without them.
 */
export function citeQuote(source: SourcePassage, quote: string, pages: PageTexts): Omit<Citation, "index"> | undefined {
  const found = locateQuote(quote, pages, source.pageStart, source.pageEnd);
  if (!found) return undefined;
  const pageText = pages.get(found.page)!;
  const opening = clauseOpening(pageText.slice(found.startOffset, found.endOffset));
  if (opening && found.endOffset - found.startOffset - opening.length >= MIN_QUOTE_CHARS) {
    const trimmed = located(found.page, pageText, found.startOffset + opening.length, found.endOffset);
    return { chunkId: source.chunkId, clauseNumber: opening.clauseNumber, heading: opening.heading, ...trimmed };
  }
  const position = findQuote([source.text], quote, { exact: true, wordsOnly: true })?.[0]?.start ?? 0;
  return { chunkId: source.chunkId, ...clauseAt(source, position), ...found };
}

/** Adds a citation unless the same quote is already cited; answers its index. */
export function addCitation(citations: Citation[], citation: Omit<Citation, "index">): number {
  const existing = citations.find((candidate) => candidate.chunkId === citation.chunkId && candidate.quote === citation.quote);
  if (existing) return existing.index;
  const index = citations.length + 1;
  citations.push({ index, ...citation });
  return index;
}

export function clauseLabel(source: { clauseNumber: string | null; heading: string }): string {
  const label = [source.clauseNumber, source.heading].filter(Boolean).join(" ").trim();
  return label || "Untitled passage";
}
