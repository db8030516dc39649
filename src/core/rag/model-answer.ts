import type { Citation } from "../../shared/chat";
import { sentenceEnds } from "../documents/chunking";
import { asClosest, type AnswerPoint, type ComposedAnswer } from "./answer";
import { addCitation, citeQuote, type PageTexts, type SourcePassage } from "./citations";
import { findFacts } from "./facts";
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
export function bestSupportingSentence(sourceText: string, point: string): string | undefined {
  const wanted = new Set(contentStems(point));
  let best: { text: string; overlap: number } | undefined;
  let start = 0;
  for (const end of sentenceEnds(sourceText)) {
    const text = sourceText.slice(start, end).replace(/\s+/g, " ").trim();
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

/** The model's own "the document does not address this": the answer is then not an answer. */
const modelAbstention =
  /\b(?:does not|doesn't|do not) (?:appear to |seem to )?(?:address|mention|cover|say|state|contain|include)\b|\bnot addressed\b|\bno (?:clause|provision|section) (?:addresses|covers|about)\b/i;

/**
 * Checks a model's answer against its sources: each [n] must name a given source, and every
 * quotation in the point must be found word for word on that source's pages. A citation that
 * fails is dropped and its point says it could not be verified — never a silent drop.
 */
export function verifyModelAnswer(text: string, sources: readonly SourcePassage[], pages: PageTexts): ComposedAnswer {
  const citations: Citation[] = [];
  let droppedCitations = 0;
  const points: AnswerPoint[] = splitPoints(text).map((raw) => {
    const quotes = [...raw.matchAll(QUOTED)].map((match) => match[1]!);
    const indices: number[] = [];
    let failed = 0;
    for (const number of new Set(citedNumbers(raw))) {
      const source = sources.find((candidate) => candidate.number === number);
      const candidates = quotes.length > 0 ? quotes : [bestSupportingSentence(source?.text ?? "", raw)].filter((quote) => quote !== undefined);
      const citation = source && candidates.map((quote) => citeQuote(source, quote, pages)).find((found) => found !== undefined);
      const index = citation ? addCitation(citations, citation) : undefined;
      if (index === undefined) failed++;
      else if (!indices.includes(index)) indices.push(index);
    }
    droppedCitations += failed;
    const body = raw
      .replace(MARKERS, "")
      .replace(/\s+([.,;:])/g, "$1")
      .replace(/\s{2,}/g, " ")
      .trim();
    return { text: body, citations: indices, isUnverified: indices.length === 0 || failed > 0 };
  });
  if (modelAbstention.test(points[0]?.text ?? "")) return { outcome: "not-addressed", points, related: [], citations, droppedCitations };
  // A point that cites nothing it could verify, or states a figure its quotes do not, asserts what the contract may not say.
  const isSupported = (point: AnswerPoint) =>
    !point.isUnverified &&
    statedFigures(point.text).every((figure) => point.citations.some((index) => statedFigures(citations[index - 1]!.quote).includes(figure)));
  if (points.every(isSupported)) return { outcome: "answer", points, related: [], citations, droppedCitations };
  return { ...asClosest({ outcome: "answer", points, related: [], citations, droppedCitations }), droppedCitations };
}

/** The figures a text states, in plain form: lengths of time, dates, sums and percentages ("90 days", "$5,000", "110%"). */
function statedFigures(text: string): string[] {
  const kinds = ["duration", "date", "amount", "percentage"] as const;
  return kinds.flatMap((kind) => findFacts(text, kind).map((fact) => fact.plain.toLowerCase()));
}

/**
 * What is shown for a model's answer: itself, unless it could verify nothing it said. Then the
 * closest passages are those of the reply written without the model, from the same passages, so
 * "the closest clauses are:" is never followed by none; the citations the model lost stay counted.
 */
export function shownModelAnswer(written: ComposedAnswer, withoutModel: ComposedAnswer): ComposedAnswer {
  if (written.outcome !== "closest" || written.points.length > 0) return written;
  const closest = withoutModel.outcome === "closest" ? withoutModel : asClosest(withoutModel);
  return closest.points.length > 0 ? { ...closest, droppedCitations: written.droppedCitations } : written;
}
