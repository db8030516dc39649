import type { Citation } from "../../shared/chat";
import type { AnswerPoint, ComposedAnswer } from "./answer";
import { addCitation, citeQuote, clauseAt, clauseLabel, type PageTexts, type SourcePassage } from "./citations";
import { answerLead, type AnswerLead } from "./answer-lead";
import { statesFact } from "./facts";
import { judgedSentencesOf } from "./passage-judgement";
import { quoteOf, type PassageSentence } from "./passage-sentences";
import type { AnalyzedQuery, QueryTerm } from "./query-analysis";
import { markdownText } from "./markdown";
import { notAddressedStatement } from "./question-topic";
import { containsStems, isJudgedQuestion, type WindowJudgement } from "./relevance";
import { stem, tokenize } from "./text";

export const MAX_POINTS = 4;
export const MAX_POINTS_PER_PASSAGE = 2;
/** Sections shown beside "does not appear to address": enough to check, too few to read as an answer. */
export const MAX_RELATED = 2;
/** Answering sentences covering this much less of the question than the best one are left out. */
const COVERAGE_MARGIN = 0.25;
/** Without a topic to judge by, sentences scoring below this share of the best one are noise. */
const TERM_SCORE_SHARE = 0.35;

/** A sentence of one of the answer's sources, judged against the question. */
export interface Candidate extends PassageSentence {
  passage: SourcePassage;
  /** The source's place in retrieval's ranking, from 0. */
  rank: number;
  judgement: WindowJudgement;
  /** How strongly it uses the question's search terms (and their contract vocabulary). */
  termScore: number;
  matchedQuestionTerms: number;
  matchedExpansions: number;
}

/** Scores sentences by the question's search terms, rarer terms counting more; earlier-ranked sources are likelier to hold the answer. */
function scoreTerms(candidates: Omit<Candidate, "termScore" | "matchedQuestionTerms" | "matchedExpansions">[], terms: readonly QueryTerm[]): Candidate[] {
  const stemsOf = candidates.map((candidate) => tokenize(candidate.text).map(stem));
  const termStems = terms.map((term) => ({ term, stems: tokenize(term.text).map(stem) })).filter((entry) => entry.stems.length > 0);
  const frequency = termStems.map(({ stems }) => stemsOf.filter((sentence) => containsStems(sentence, stems)).length);
  return candidates.map((candidate, index) => {
    let termScore = 0;
    let matchedQuestionTerms = 0;
    let matchedExpansions = 0;
    termStems.forEach(({ term, stems }, termIndex) => {
      if (!containsStems(stemsOf[index]!, stems)) return;
      termScore += term.weight * Math.log(1 + candidates.length / frequency[termIndex]!) * stems.length;
      if (term.source === "expansion") matchedExpansions++;
      else matchedQuestionTerms++;
    });
    return { ...candidate, termScore: termScore * (1 + 0.5 / (1 + candidate.rank)), matchedQuestionTerms, matchedExpansions };
  });
}

/** Every sentence of the sources, judged: its clause's headings count as its context. */
function judgeSentences(query: AnalyzedQuery, passages: readonly SourcePassage[], weights: readonly (readonly number[])[]): Candidate[] {
  const candidates = passages.flatMap((passage, rank) => judgedSentencesOf(passage, query.topic, weights).map((sentence) => ({ ...sentence, passage, rank })));
  return scoreTerms(candidates, query.terms);
}

const byStrength = (a: Candidate, b: Candidate) =>
  b.judgement.coverage - a.judgement.coverage || b.termScore - a.termScore || a.rank - b.rank || a.start - b.start;

/** Up to `limit` candidates, at most `perPassage` from one source and never the same words twice. */
function pick(candidates: readonly Candidate[], limit: number, perPassage: number): Candidate[] {
  const picked: Candidate[] = [];
  const perSource = new Map<string, number>();
  for (const candidate of candidates) {
    if (picked.length >= limit) break;
    const used = perSource.get(candidate.passage.chunkId) ?? 0;
    if (used >= perPassage || picked.some((other) => other.text === candidate.text)) continue;
    picked.push(candidate);
    perSource.set(candidate.passage.chunkId, used + 1);
  }
  return picked;
}

const titleQuestion = /\b(?:name|title|called)\b/;
const partiesQuestion = /\bpart(?:y|ies)\b|\bwho\b/;
const documentWords = /\b(?:agreement|contract|amendment|addendum|policy|plan|terms|lease|licen[cs]e|order|attachment|schedule|memorandum)\b/i;
/**
 * A label that heads an attachment or a filing, not the contract: an EDGAR filing's exhibit number
 * ("EXHIBIT 10.14"), or "Schedule A: Fees" — an attachment's title is not the document's.
 */
const attachmentLabel = /^(?:exhibit|schedule|appendix|annex|attachment)\s+(?:[A-Z]|\d+(?:\.\d+)*)\b/i;
/** The document's title is on its first pages; a heading further in belongs to a part of it. */
const TITLE_PAGES = 2;
/**
 * An opening sentence that names the document: it starts with its title ("Reseller Agreement This
 * Agreement is made…"), or its preamble names it ("This Master Services Agreement (the
 * “Agreement”)…"). Title words are capitalised; "this agreement is made" names nothing.
 */
const capitalisedWords = String.raw`(?:(?!(?:THIS|This|THE|The)\s)[A-Z][\w&'’.,-]*\s+){1,8}`;
const documentName = String.raw`(?:AGREEMENT|Agreement|CONTRACT|Contract|AMENDMENT|Amendment|ADDENDUM|Addendum|LEASE|Lease|LICEN[CS]E|Licen[cs]e|POLICY|Policy|PLAN|Plan|MEMORANDUM|Memorandum)\b`;
const namingSentence = new RegExp(String.raw`^${capitalisedWords}${documentName}|\b(?:THIS|This)\s+${capitalisedWords}${documentName}`);
const partiesWording = /\b(?:between|among|by and|entered into|hereinafter)\b|\(["“][A-Z]/i;
const effectiveQuestion = /\beffective\b|\bcommence|\bstart\b|\bbegin/;
/** Words that say when something starts to apply. */
const takingEffect = String.raw`(?:\beffective\b|\bcommenc|\btakes? effect\b)`;
const effectiveWording = new RegExp(takingEffect, "i");
/** Said of the agreement itself ("This Agreement shall take effect…", "Signed and effective…"), not of a notice or a price change ("effective 10/1/99"). */
const effectiveOfDocument = new RegExp(
  String.raw`\b(?:agreement|contract|signed|executed)\b[^.;]{0,60}?${takingEffect}|${takingEffect}[^.;]{0,30}?\b(?:agreement|contract|signature|execution)\b`,
  "i",
);
/** The opening sentences that name the parties: the first of them and the one after, which often lists the second party. */
const MAX_PARTY_SENTENCES = 2;

/** The document's title: the first heading of its first pages that names a kind of document ("PROVIDER AGREEMENT"). */
function titleOf(openings: readonly SourcePassage[]): Candidate | undefined {
  const headings = openings
    .filter((passage) => passage.pageStart <= TITLE_PAGES)
    .flatMap((passage) =>
      passage.clauses
        .map((clause) => ({ clause, text: passage.text.slice(clause.at, clause.textAt).trim() }))
        .filter(({ text }) => text && !attachmentLabel.test(text))
        .map(({ clause, text }) => ({ start: clause.at, end: clause.at + text.length, text, clause, passage })),
    );
  const title = headings.find((heading) => documentWords.test(heading.text));
  return (
    title && {
      ...title,
      rank: 0,
      judgement: { coverage: 1, answers: true, coversEverySlot: true },
      termScore: 0,
      matchedQuestionTerms: 0,
      matchedExpansions: 0,
    }
  );
}

/** What the opening lines say to a question about the document itself: the sentence that answers it, if one does, and the first lines to show as closest. */
interface OpeningReading {
  answering: Candidate[];
  opening: Candidate[];
}

/**
 * A question about the document itself is answered by its opening lines, whose words rarely
 * repeat the question's: its title, the sentence naming the parties, or the first date it states.
 * When none of them says it (a filing's cover page, a confidentiality legend), the opening lines
 * are only the closest passages: nothing there is asserted as the answer.
 */
function readOpening(question: string, query: AnalyzedQuery, candidates: readonly Candidate[], passages: readonly SourcePassage[]): OpeningReading {
  const opening = candidates.filter((candidate) => candidate.rank <= 1);
  return { answering: openingAnswer(question, query, candidates, opening, passages), opening: opening.slice(0, 1) };
}

function openingAnswer(
  question: string,
  query: AnalyzedQuery,
  candidates: readonly Candidate[],
  opening: readonly Candidate[],
  passages: readonly SourcePassage[],
): Candidate[] {
  const asked = question.toLowerCase();
  const kind = query.kind?.id;
  if (kind === "document-name" || (!kind && titleQuestion.test(asked))) {
    // A title heading, else an opening sentence that names the agreement ("This Master Services Agreement…").
    const title =
      titleOf(passages.slice(0, 2)) ?? opening.find((candidate) => candidate.passage.pageStart <= TITLE_PAGES && namingSentence.test(candidate.text));
    return title ? [title] : [];
  }
  if (kind === "parties" || (!kind && partiesQuestion.test(asked))) {
    return opening.filter((candidate) => partiesWording.test(candidate.text)).slice(0, MAX_PARTY_SENTENCES);
  }
  // A date: the opening's, or — for when it takes effect — the clause that says so, wherever it is.
  const dated = (candidate: Candidate) => statesFact(candidate.text, "date");
  const effective =
    kind === "effective-date" || (!kind && effectiveQuestion.test(asked))
      ? [...candidates]
          .filter((candidate) => effectiveWording.test(candidate.text))
          .sort(
            (a, b) =>
              Number(dated(b)) - Number(dated(a)) ||
              Number(effectiveOfDocument.test(b.text)) - Number(effectiveOfDocument.test(a.text)) ||
              b.termScore - a.termScore,
          )[0]
      : undefined;
  const wanted = effective ?? opening.find(dated) ?? [...candidates].filter(dated).sort((a, b) => b.termScore - a.termScore)[0];
  return wanted ? [wanted] : [];
}

/** The sentences that answer: those the relevance judgement accepts, best first; for a question with no topic words, those sharing its terms. */
function answeringSentences(query: AnalyzedQuery, candidates: readonly Candidate[]): Candidate[] {
  if (isJudgedQuestion(query)) {
    const answering = candidates.filter((candidate) => candidate.judgement.answers).sort(byStrength);
    const best = answering[0]?.judgement.coverage ?? 0;
    return pick(
      answering.filter((candidate) => candidate.judgement.coverage >= best - COVERAGE_MARGIN),
      MAX_POINTS,
      MAX_POINTS_PER_PASSAGE,
    );
  }
  const relevant = candidates
    .filter((candidate) => candidate.termScore > 0 && (candidate.matchedQuestionTerms > 0 || candidate.matchedExpansions >= 2))
    .sort((a, b) => b.termScore - a.termScore);
  const best = relevant[0]?.termScore ?? 0;
  return pick(
    relevant.filter((candidate) => candidate.termScore >= best * TERM_SCORE_SHARE),
    MAX_POINTS,
    MAX_POINTS_PER_PASSAGE,
  );
}

/** A sentence to quote: its text, where it starts in its passage, and the passage. */
export type QuotedSentence = Pick<Candidate, "text" | "start" | "passage">;

/**
 * Writes points from sentences, each quoted from its start and cited to its clause and page; a
 * quote that cannot be found on its page says so. An answer's points name their clause in bold;
 * passages shown as closest or related name it plainly, so nothing but an answer reads as one.
 */
export function pointsFrom(
  sentences: readonly QuotedSentence[],
  pages: PageTexts,
  citations: Citation[],
  { lead, isAnswer = true }: { lead?: AnswerLead; isAnswer?: boolean } = {},
): { points: AnswerPoint[]; unverified: number } {
  let unverified = 0;
  const named = (label: string) => (isAnswer ? `**${label}**` : label);
  const points = sentences.map((sentence, index): AnswerPoint => {
    const isLead = index === 0 && lead !== undefined;
    const quote = quoteOf(sentence.text, isLead ? lead.focus : undefined);
    const cited = citeQuote(sentence.passage, quote, pages);
    if (!cited) {
      unverified++;
      return {
        text: `${named(markdownText(clauseLabel(clauseAt(sentence.passage, sentence.start))))}: “${markdownText(quote)}”`,
        citations: [],
        isUnverified: true,
      };
    }
    const label = markdownText(clauseLabel(cited));
    const where = isLead ? `**${markdownText(lead.text)}** (${label}, page ${cited.page})` : `${named(label)} (page ${cited.page})`;
    return { text: `${where}: “${markdownText(cited.quote)}”`, citations: [addCitation(citations, cited)], isUnverified: false };
  });
  return { points, unverified };
}

/** The reply when no sentence could be confirmed to answer: the passages nearest the question, said to be only that. */
export function closestAnswer(sentences: readonly QuotedSentence[], pages: PageTexts): ComposedAnswer {
  const citations: Citation[] = [];
  const { points, unverified } = pointsFrom(sentences, pages, citations, { isAnswer: false });
  return { outcome: "closest", points, related: [], citations, droppedCitations: unverified };
}

/** The closest sentences of a question the document does not address: one per source, most of the question covered first. */
function relatedSentences(candidates: readonly Candidate[], nearestInMeaning?: SourcePassage): Candidate[] {
  const partial = [...candidates].filter((candidate) => candidate.judgement.coverage > 0).sort(byStrength);
  const nearest = nearestInMeaning ? candidates.filter((candidate) => candidate.passage.chunkId === nearestInMeaning.chunkId).slice(0, 1) : [];
  return pick([...partial, ...nearest], MAX_RELATED, 1);
}

/**
 * The reply to a question the document does not address: it says so — of the kind of term asked
 * about when the question was recognised, else in the question's own words — then shows at most
 * two related sections apart, as related.
 */
export function notAddressedAnswer(question: string, related: readonly QuotedSentence[], pages: PageTexts, topic?: string): ComposedAnswer {
  const citations: Citation[] = [];
  const { points, unverified } = pointsFrom(related.slice(0, MAX_RELATED), pages, citations, { isAnswer: false });
  const statement = topic ? `This contract does not appear to address ${topic}.` : notAddressedStatement(question);
  return {
    outcome: "not-addressed",
    points: [{ text: markdownText(statement), citations: [], isUnverified: false }],
    related: points,
    citations,
    droppedCitations: unverified,
  };
}

/**
 * The embedded answerer: no model, so it answers with the contract's own words. It judges
 * whether the best passages address what the question is about; if they do, the first point
 * states the fact asked for (a duration, a date, an amount, yes or no) with the sentence that
 * states it, quoted from its start, then the other sentences that answer; if the best of them
 * matches only part of what was asked, they are the closest passages, not an answer; if none
 * does, it says so and shows the closest sections as related. Every quote is checked against its page.
 */
export function composeExtractiveAnswer(
  question: string,
  query: AnalyzedQuery,
  passages: readonly SourcePassage[],
  pages: PageTexts,
  weights: readonly (readonly number[])[],
  nearestInMeaning?: SourcePassage,
): ComposedAnswer {
  const { answering, related, isJudged } = readPassages(question, query, passages, weights, nearestInMeaning);
  if (answering.length === 0 && isJudged) return notAddressedAnswer(question, related, pages);
  if (answering.length === 0) {
    // Nothing at all: the chat then says what the document does cover (nothingFoundPoints).
    return related.length > 0 ? closestAnswer(related, pages) : { outcome: "not-addressed", points: [], related: [], citations: [], droppedCitations: 0 };
  }
  const [best, ...others] = answering as [Candidate, ...Candidate[]];
  const lead = answerLead(question, query, best.text);
  // A sentence with only the question's rarest words ("price" in a list of confidential documents), or
  // that settles no Yes or No to a yes-or-no question, is near it, not its answer.
  const settles = best.judgement.coversEverySlot && (query.topic.answerKind !== "yes-no" || lead !== undefined);
  if (isJudged && !settles) return closestAnswer(answering, pages);
  const ordered = [best, ...others.sort((a, b) => a.rank - b.rank || a.start - b.start)];
  const citations: Citation[] = [];
  const { points, unverified } = pointsFrom(ordered, pages, citations, { lead });
  return { outcome: "answer", points, related: [], citations, droppedCitations: unverified };
}

/** What the passages retrieval found say to a question: the sentences that answer it, best first, and the nearest ones when none does. */
export interface PassageReading {
  answering: Candidate[];
  related: Candidate[];
  /** The relevance judgement decided (a question with topic words, not about the document itself). */
  isJudged: boolean;
}

export function readPassages(
  question: string,
  query: AnalyzedQuery,
  passages: readonly SourcePassage[],
  weights: readonly (readonly number[])[],
  nearestInMeaning?: SourcePassage,
): PassageReading {
  const candidates = judgeSentences(query, passages, weights);
  if (query.isAboutOpening) {
    const { answering, opening } = readOpening(question, query, candidates, passages);
    return { answering, related: answering.length > 0 ? [] : opening, isJudged: false };
  }
  const answering = answeringSentences(query, candidates);
  const isJudged = isJudgedQuestion(query);
  if (answering.length > 0) return { answering, related: [], isJudged };
  if (isJudged) return { answering, related: relatedSentences(candidates, nearestInMeaning), isJudged };
  // No sentence shares the question's words, but vector search may have found a passage close in meaning.
  const nearest = nearestInMeaning
    ? candidates.filter((candidate) => candidate.passage.chunkId === nearestInMeaning.chunkId).slice(0, MAX_POINTS_PER_PASSAGE)
    : [];
  return { answering, related: nearest, isJudged };
}

/** What a model answers from, numbered afresh; or, for a question no source answers, the reply that says so. */
export type ModelSources = { given: SourcePassage[] } | { notAddressed: ComposedAnswer };

/**
 * The sources a model may answer from: for a judged question, only those with a sentence the
 * relevance judgement accepts, so a model never cites a passage the extractive answerer rejects;
 * when none does, the same "does not appear to address" reply, and the model is not asked.
 */
export function modelSources(
  question: string,
  query: AnalyzedQuery,
  sources: readonly SourcePassage[],
  pages: PageTexts,
  weights: readonly (readonly number[])[],
  nearestInMeaning?: SourcePassage,
): ModelSources {
  if (!isJudgedQuestion(query)) return { given: [...sources] };
  const candidates = judgeSentences(query, sources, weights);
  const answering = sources.filter((source) => candidates.some((candidate) => candidate.passage === source && candidate.judgement.answers));
  if (answering.length === 0) return { notAddressed: notAddressedAnswer(question, relatedSentences(candidates, nearestInMeaning), pages) };
  return { given: answering.map((source, index) => ({ ...source, number: index + 1 })) };
}

/** The honest reply when the document has nothing on the question, with what it does cover. */
export function nothingFoundPoints(question: string, topics: readonly string[]): AnswerPoint[] {
  const asked = markdownText(question.replace(/\s+/g, " ").trim());
  const points: AnswerPoint[] = [{ text: `I could not find anything in this document that answers “${asked}”.`, citations: [], isUnverified: false }];
  if (topics.length > 0) {
    points.push({
      text: `Try asking about one of its sections, for example: ${topics.slice(0, 5).map(markdownText).join("; ")}.`,
      citations: [],
      isUnverified: false,
    });
  } else {
    points.push({
      text: "Try rephrasing with words the contract would use, such as “termination”, “payment” or “timely filing”.",
      citations: [],
      isUnverified: false,
    });
  }
  return points;
}
