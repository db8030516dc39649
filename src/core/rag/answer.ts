import { citationHref, type Citation } from "../../shared/chat";
import { findQuote } from "../../shared/quote-match";

/** A passage given to the answerer, numbered as the sources of the answer. */
export interface SourcePassage {
  number: number;
  chunkId: string;
  clauseNumber: string | null;
  /** Every clause the passage covers, in order (small clauses share a passage). */
  clauseNumbers: string[];
  heading: string;
  pageStart: number;
  pageEnd: number;
  text: string;
}

/** The document's page texts by page number: what every quote is checked against. */
export type PageTexts = ReadonlyMap<number, string>;

export interface AnswerPoint {
  text: string;
  /** Indices into the answer's citations (their `index`). */
  citations: number[];
  /** The point relied on a citation that failed verification (or had none). */
  isUnverified: boolean;
}

export interface ComposedAnswer {
  points: AnswerPoint[];
  citations: Citation[];
  /** Citations the answerer gave that did not verify and were dropped. */
  droppedCitations: number;
}

export const UNVERIFIED_NOTE = "_(This point could not be verified against the document.)_";
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

function located(page: number, text: string, start: number, end: number): LocatedQuote {
  // A word hyphenated at a line end reads as one word, as the structured text has it.
  const quote = collapseSpaces(text.slice(start, end).replace(/([a-z])-[ \t]*\r?\n\s*([a-z])/g, "$1$2"));
  return { page, quote, startOffset: start, endOffset: end };
}

/**
 * Finds `quote` on one of the pages from `pageStart` to `pageEnd`, word for word (letters and
 * digits in order; spacing, case and punctuation aside) and answers with the page's own text. A
 * quote running over a page break is cut to the part on its first page, so the viewer can
 * highlight it there. Undefined when the words are not there.
 */
export function locateQuote(quote: string, pages: PageTexts, pageStart: number, pageEnd: number): LocatedQuote | undefined {
  for (let page = pageStart; page <= pageEnd; page++) {
    const text = pages.get(page);
    const ranges = text === undefined ? undefined : findQuote([text], quote, { exact: true, wordsOnly: true });
    if (text !== undefined && ranges) return located(page, text, ranges[0]!.start, ranges.at(-1)!.end);
  }
  for (let page = pageStart; page < pageEnd; page++) {
    const first = pages.get(page);
    const next = pages.get(page + 1);
    if (first === undefined || next === undefined) continue;
    const onFirstPage = findQuote([first, next], quote, { exact: true, wordsOnly: true })?.find((range) => range.item === 0);
    if (onFirstPage && onFirstPage.end - onFirstPage.start >= MIN_QUOTE_CHARS) return located(page, first, onFirstPage.start, onFirstPage.end);
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

/** The clause of a passage that holds the text at `position`: the last clause number opening a paragraph before it. */
export function clauseAt(source: Pick<SourcePassage, "text" | "clauseNumber" | "clauseNumbers">, position: number): string | null {
  let clause = source.clauseNumber;
  for (const number of source.clauseNumbers) {
    const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const opening = new RegExp(`(?:^|\\n\\n)${escaped}\\s`).exec(source.text);
    if (opening && opening.index <= position) clause = number;
  }
  return clause;
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
  const clauseNumber = clauseAt(source, position);
  const heading = clauseNumber === source.clauseNumber ? source.heading : "";
  return { chunkId: source.chunkId, clauseNumber, heading, ...found };
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

function citationLine(documentId: string, citation: Citation): string {
  const label = `${clauseLabel(citation)}, page ${citation.page}`.replace(/[[\]]/g, "");
  return `${citation.index}. [${label}](${citationHref(documentId, citation)}): “${citation.quote}”`;
}

/** The reply as the chat shows it: an Answer section of bullet points, then the Citations. */
export function formatAnswer(answer: Pick<ComposedAnswer, "points" | "citations">, documentId: string): string {
  const bullets = answer.points.map((point) => {
    const markers = point.citations.map((index) => ` [${index}]`).join("");
    return `- ${point.text}${markers}${point.isUnverified ? ` ${UNVERIFIED_NOTE}` : ""}`;
  });
  const citations = answer.citations.length
    ? answer.citations.map((citation) => citationLine(documentId, citation))
    : ["None: no passage of the document supports an answer."];
  return ["**Answer**", "", ...bullets, "", "**Citations**", "", ...citations].join("\n");
}
