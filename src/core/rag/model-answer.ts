import type { Citation } from "../../shared/chat";
import { sentenceEnds } from "../documents/chunking";
import { verifyQuote, type AnswerPoint, type ComposedAnswer, type PageTexts, type SourcePassage } from "./answer";
import { contentStems } from "./text";

const MARKERS = /\[(\d+(?:\s*[,;]\s*\d+)*)\]/g;
const QUOTED = /[“"]([^“”"]{12,}?)[”"]/g;
const SECTION_TITLE = /^\s*(?:#+\s*|\*\*)?(answer|citations?|sources?|references?)(?:\*\*)?\s*:?\s*$/i;
const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/** The model's points: its bullets (or paragraphs), without any sources list it wrote itself. */
export function splitPoints(text: string): string[] {
  const points: string[] = [];
  for (const line of text.split("\n")) {
    const title = line.match(SECTION_TITLE)?.[1]?.toLowerCase();
    if (title && title !== "answer") break;
    if (title || !line.trim()) continue;
    if (BULLET.test(line) || points.length === 0) points.push(line.replace(BULLET, "").trim());
    else points[points.length - 1] += ` ${line.trim()}`;
  }
  return points.filter(Boolean);
}

/** The sentence of a source that shares the most words with a point, for a point that quoted nothing. */
export function bestSupportingSentence(source: SourcePassage, point: string): string | undefined {
  const wanted = new Set(contentStems(point));
  let best: { text: string; overlap: number } | undefined;
  let start = 0;
  for (const end of sentenceEnds(source.text)) {
    const text = source.text.slice(start, end).replace(/\s+/g, " ").trim();
    start = end;
    if (text.length < 20) continue;
    const overlap = new Set(contentStems(text).filter((word) => wanted.has(word))).size;
    if (!best || overlap > best.overlap) best = { text: text.length > 320 ? `${text.slice(0, text.lastIndexOf(" ", 317))} …` : text, overlap };
  }
  return best && best.overlap > 0 ? best.text : undefined;
}

function citedNumbers(point: string): number[] {
  return [...point.matchAll(MARKERS)].flatMap((match) => match[1]!.split(/[,;]/).map((value) => Number.parseInt(value.trim(), 10)));
}

/**
 * Checks a model's answer against its sources: each [n] must name a given source, and every
 * quotation in the point must be found word for word on that source's pages. Citations that fail
 * are dropped; a point left without a verified citation says it could not be verified.
 */
export function verifyModelAnswer(text: string, sources: readonly SourcePassage[], pages: PageTexts): ComposedAnswer {
  const citations: Citation[] = [];
  let droppedCitations = 0;
  const addCitation = (source: SourcePassage, quote: string): number | undefined => {
    const verified = verifyQuote(quote, pages, source.pageStart, source.pageEnd);
    if (!verified) return undefined;
    const existing = citations.find((citation) => citation.chunkId === source.chunkId && citation.quote === verified.quote);
    if (existing) return existing.index;
    const citation: Citation = { index: citations.length + 1, chunkId: source.chunkId, clauseNumber: source.clauseNumber, heading: source.heading, ...verified };
    citations.push(citation);
    return citation.index;
  };

  const points: AnswerPoint[] = splitPoints(text).map((raw) => {
    const quotes = [...raw.matchAll(QUOTED)].map((match) => match[1]!);
    const cited: number[] = [];
    for (const number of new Set(citedNumbers(raw))) {
      const source = sources.find((candidate) => candidate.number === number);
      const quote = source && (quotes.find((candidate) => verifyQuote(candidate, pages, source.pageStart, source.pageEnd)) ?? (quotes.length === 0 ? bestSupportingSentence(source, raw) : undefined));
      const index = source && quote ? addCitation(source, quote) : undefined;
      if (index === undefined) droppedCitations++;
      else if (!cited.includes(index)) cited.push(index);
    }
    const body = raw.replace(MARKERS, "").replace(/\s+([.,;:])/g, "$1").replace(/\s{2,}/g, " ").trim();
    return { text: body, citations: cited, isUnverified: cited.length === 0 };
  });
  return { points, citations, droppedCitations };
}
