import { citationHref, type Citation } from "../../shared/chat";
import { findQuote } from "../../shared/quote-match";

/** A passage given to the answerer, numbered as the sources of the answer. */
export interface SourcePassage {
  number: number;
  chunkId: string;
  clauseNumber: string | null;
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

function collapseSpaces(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Finds `quote` word for word (ignoring spacing, case, quote and dash styles) on one of the
 * pages from `pageStart` to `pageEnd`. A quote running over a page break is cut to the part on
 * its first page, so the viewer can highlight it there. Undefined when it is not in the text.
 */
export function verifyQuote(quote: string, pages: PageTexts, pageStart: number, pageEnd: number): Omit<Citation, "index" | "chunkId" | "clauseNumber" | "heading"> | undefined {
  for (let page = pageStart; page <= pageEnd; page++) {
    const text = pages.get(page);
    if (text === undefined) continue;
    const ranges = findQuote([text], quote, { exact: true });
    if (ranges) return { page, quote: collapseSpaces(quote), startOffset: ranges[0]!.start, endOffset: ranges.at(-1)!.end };
  }
  for (let page = pageStart; page < pageEnd; page++) {
    const first = pages.get(page);
    const next = pages.get(page + 1);
    if (first === undefined || next === undefined) continue;
    const ranges = findQuote([first, next], quote, { exact: true });
    const onFirstPage = ranges?.find((range) => range.item === 0);
    if (!onFirstPage) continue;
    const part = collapseSpaces(first.slice(onFirstPage.start, onFirstPage.end));
    if (part.length >= 12) return { page, quote: part, startOffset: onFirstPage.start, endOffset: onFirstPage.end };
  }
  return undefined;
}

export function clauseLabel(source: Pick<SourcePassage, "clauseNumber" | "heading">): string {
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
