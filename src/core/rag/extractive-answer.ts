import type { Citation } from "../../shared/chat";
import { sentenceEnds } from "../documents/chunking";
import { addCitation, citeQuote, clauseLabel, type AnswerPoint, type ComposedAnswer, type PageTexts, type SourcePassage } from "./answer";
import type { AnalyzedQuery, QueryTerm } from "./query-analysis";
import { stem, tokenize } from "./text";

export const MAX_POINTS = 4;
export const MAX_POINTS_PER_PASSAGE = 2;
export const MAX_QUOTE_CHARS = 320;
const MIN_SENTENCE_CHARS = 20;
export const CLOSEST_IN_MEANING = "The contract does not use the words of your question; this is the passage closest to it in meaning:";
/** A "sentence" this short is a clause heading ("12.2 Termination."): it belongs with what follows. */
const HEADING_SENTENCE_CHARS = 60;

interface Sentence {
  passage: SourcePassage;
  rank: number;
  position: number;
  text: string;
  stems: string[];
}

/** Where a term's stems occur in order inside `stems`, if at all. */
function matchesAt(stems: readonly string[], term: readonly string[]): number[] {
  const found: number[] = [];
  for (let at = 0; at + term.length <= stems.length; at++) if (term.every((word, offset) => stems[at + offset] === word)) found.push(at);
  return found;
}

function sentencesOf(passage: SourcePassage, rank: number): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  for (const end of sentenceEnds(passage.text)) {
    const text = passage.text.slice(start, end).replace(/\s+/g, " ").trim();
    if (text.length < HEADING_SENTENCE_CHARS && end < passage.text.length) continue;
    if (text.length >= MIN_SENTENCE_CHARS) sentences.push({ passage, rank, position: start, text, stems: tokenize(text).map(stem) });
    start = end;
  }
  return sentences;
}

interface ScoredSentence extends Sentence {
  score: number;
  matchedQuestionTerms: number;
  matchedExpansions: number;
  /** Token positions of matched terms, to centre a long sentence's quote on them. */
  hits: number[];
}

function scoreSentences(sentences: Sentence[], terms: readonly QueryTerm[]): ScoredSentence[] {
  const termStems = terms.map((term) => ({ term, stems: tokenize(term.text).map(stem) })).filter((entry) => entry.stems.length > 0);
  const documentFrequency = termStems.map(({ stems }) => sentences.filter((sentence) => matchesAt(sentence.stems, stems).length > 0).length);
  return sentences.map((sentence) => {
    let score = 0;
    let matchedQuestionTerms = 0;
    let matchedExpansions = 0;
    const hits: number[] = [];
    termStems.forEach(({ term, stems }, index) => {
      const positions = matchesAt(sentence.stems, stems);
      if (positions.length === 0) return;
      const rarity = Math.log(1 + sentences.length / documentFrequency[index]!);
      score += term.weight * rarity * stems.length;
      if (term.source === "expansion") matchedExpansions++;
      else matchedQuestionTerms++;
      hits.push(...positions);
    });
    // Earlier-ranked passages are likelier to hold the answer.
    score *= 1 + 0.5 / (1 + sentence.rank);
    return { ...sentence, score, matchedQuestionTerms, matchedExpansions, hits };
  });
}

/** A long sentence cut to the stretch around its matches, on word boundaries, marked with ellipses. */
export function quoteFrom(text: string, hitTokens: readonly number[], maxChars = MAX_QUOTE_CHARS): string {
  if (text.length <= maxChars) return text;
  const words = text.split(" ");
  const tokenCounts = words.map((word) => tokenize(word).length);
  const firstHit = Math.min(...hitTokens, Number.MAX_SAFE_INTEGER);
  let tokensSeen = 0;
  let startWord = 0;
  for (let index = 0; index < words.length; index++) {
    if (tokensSeen + tokenCounts[index]! > firstHit) {
      startWord = index;
      break;
    }
    tokensSeen += tokenCounts[index]!;
  }
  // Keep a little lead-in before the first match.
  startWord = Math.max(0, startWord - 6);
  let quote = "";
  let endWord = startWord;
  while (endWord < words.length && (quote + " " + words[endWord]).trim().length <= maxChars) quote = (quote + " " + words[endWord++]).trim();
  return `${startWord > 0 ? "… " : ""}${quote}${endWord < words.length ? " …" : ""}`;
}

function pickSentences(scored: ScoredSentence[]): ScoredSentence[] {
  // Relevant: it uses the question's own words, or clearly the same vocabulary (two related terms).
  const relevant = scored.filter((sentence) => sentence.score > 0 && (sentence.matchedQuestionTerms > 0 || sentence.matchedExpansions >= 2)).sort((a, b) => b.score - a.score);
  if (relevant.length === 0) return [];
  const best = relevant[0]!.score;
  const picked: ScoredSentence[] = [];
  const perPassage = new Map<string, number>();
  for (const sentence of relevant) {
    if (picked.length >= MAX_POINTS) break;
    // Weak matches after a strong one are noise, not more answer.
    if (sentence.score < best * 0.35) break;
    const used = perPassage.get(sentence.passage.chunkId) ?? 0;
    if (used >= MAX_POINTS_PER_PASSAGE) continue;
    if (picked.some((other) => other.text === sentence.text)) continue;
    picked.push(sentence);
    perPassage.set(sentence.passage.chunkId, used + 1);
  }
  return picked.sort((a, b) => a.rank - b.rank || a.position - b.position);
}

/**
 * The embedded answerer: no model, so it answers with the contract's own words — the sentences
 * of the best passages that match the question, each quoted with its clause and page — and says
 * so plainly when nothing matches. Every quote is verified against its page before it is used.
 */
export function composeExtractiveAnswer(query: AnalyzedQuery, passages: readonly SourcePassage[], pages: PageTexts, nearestInMeaning?: SourcePassage): ComposedAnswer {
  const sentences = passages.flatMap((passage, rank) => sentencesOf(passage, rank));
  const scored = scoreSentences(sentences, query.terms);
  // A question about the document itself (its name, parties, date) is answered by its opening
  // lines, whose words rarely repeat the question's ("What is this contract called?").
  const opening = query.isAboutOpening ? scored.find((sentence) => sentence.rank === 0) : undefined;
  if (opening) opening.score = Math.max(opening.score, ...scored.map((sentence) => sentence.score), 1);
  if (opening) opening.matchedQuestionTerms = Math.max(opening.matchedQuestionTerms, 1);
  const byWords = pickSentences(scored);
  // No sentence shares the question's words, but vector search found a passage close in meaning:
  // quote its opening sentences, and say that is what they are.
  const byMeaning = byWords.length === 0 && nearestInMeaning ? scored.filter((sentence) => sentence.passage.chunkId === nearestInMeaning.chunkId).slice(0, MAX_POINTS_PER_PASSAGE) : [];
  const picked = byWords.length > 0 ? byWords : byMeaning;
  const points: AnswerPoint[] = byMeaning.length > 0 ? [{ text: CLOSEST_IN_MEANING, citations: [], isUnverified: false }] : [];
  const citations: Citation[] = [];
  let droppedCitations = 0;
  for (const sentence of picked) {
    const cited = citeQuote(sentence.passage, quoteFrom(sentence.text, sentence.hits), pages);
    if (!cited) {
      droppedCitations++;
      continue;
    }
    const index = addCitation(citations, cited);
    if (points.some((point) => point.citations.includes(index))) continue;
    points.push({ text: `**${clauseLabel(cited)}** (page ${cited.page}): “${cited.quote}”`, citations: [index], isUnverified: false });
  }
  if (points.length === 1 && byMeaning.length > 0) points.length = 0;
  return { points, citations, droppedCitations };
}

/** The honest reply when the document has nothing on the question, with what it does cover. */
export function nothingFoundPoints(question: string, topics: readonly string[]): AnswerPoint[] {
  const asked = question.replace(/\s+/g, " ").trim();
  const points: AnswerPoint[] = [
    { text: `I could not find anything in this document that answers “${asked}”.`, citations: [], isUnverified: false },
  ];
  if (topics.length > 0) {
    points.push({ text: `Try asking about one of its sections, for example: ${topics.slice(0, 5).join("; ")}.`, citations: [], isUnverified: false });
  } else {
    points.push({ text: "Try rephrasing with words the contract would use, such as “termination”, “payment” or “timely filing”.", citations: [], isUnverified: false });
  }
  return points;
}
