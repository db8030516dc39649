import { contractVocabulary } from "./contract-vocabulary";
import { withoutProductLines } from "./fact-answer";
import type { QuestionKind } from "./question-kinds";
import { isSureRoute, readQuestion } from "./question-routing";
import { followUpTopic, questionTopic, synonymsOf, type QuestionTopic } from "./question-topic";
import { containsStems } from "./relevance";
import { remembered } from "../../shared/remembered";
import { adjectiveRoot, contentWords, stem, tokenize } from "./text";
import { asksForValue } from "./value-question";

/** One search term: a word or phrase, weighted by where it came from. */
export interface QueryTerm {
  text: string;
  weight: number;
  source: "question" | "expansion" | "context";
  /** The form the matched text must have: see wordFormPattern. */
  wordForm?: RegExp;
}

export interface AnalyzedQuery {
  /** The question with case, quotes and dashes unified and spaces collapsed. */
  normalized: string;
  terms: QueryTerm[];
  /** The question leans on the conversation ("what about for Medicaid?"). */
  isFollowUp: boolean;
  /** The question is about the document itself — its name, parties or date — which contracts state at the very start. */
  isAboutOpening: boolean;
  /** The question asks when, or for a date: its answer is written as a date. */
  asksForDate: boolean;
  /** What the question is about, to judge whether a passage answers it. */
  topic: QuestionTopic;
  /** The kind of term it asks about (timely filing, governing law…), when its words — or, for a follow-up, the question before — say so clearly. */
  kind?: QuestionKind;
  /** The kind was routed surely: its answer needs no confirmation by the question's own words. */
  isKindSure: boolean;
  /** For a kind the fact sheet reads: the question asks for its value, not something the value does not settle ("Who decides our appeal?"). */
  asksForValue: boolean;
  /** For a kind routed unsurely: the kind the router found next likeliest, read too in case the first is the wrong one; for no route, the likeliest kind. */
  alternativeKind?: QuestionKind;
}

export const EXPANSION_WEIGHT = 0.25;
/**
 * The words of the kind a question is routed to count this much in its search: for a sure route
 * more than the question's own words, since they name what the answering clause is about however
 * the question was worded; for an unsure route, which is wrong about one time in three, less.
 */
export const SURE_KIND_WEIGHT = 2;
export const UNSURE_KIND_WEIGHT = 0.5;
/** A follow-up routed this surely on its own words is about what it names, not what came before… */
const CONFIDENT_ROUTE = 0.6;
/**
 * …when it names something: words that only say what form the answer takes — a duration, an
 * amount, a date — name nothing, and a follow-up of only these ("and for how long?") asks about
 * what came before, however surely its words alone route.
 */
const answerFormWords = new Set("long much many often soon when time times day days week weeks month months year years date".split(" "));
export const CONTEXT_WEIGHT = 0.45;

const openingQuestion =
  /\b(?:(?:name|title|called)\b.*\b(?:contract|agreement|document)|(?:contract|agreement|document)\b.*\b(?:name|title|called)|who\b.*\bpart(?:y|ies)|part(?:y|ies)\b.*\b(?:to|of|signed)\b.*\b(?:contract|agreement)|(?:date|dated|signed|effective)\b.*\b(?:contract|agreement)|(?:contract|agreement)\b.*\b(?:date|dated|signed|effective))\b/;

const dateQuestion = /\b(?:when|date|dated)\b/;

const followUpOpeners = /^(?:and|but|also|what about|how about|what if|same for|and for|or|then)\b/;
const pronounReference = /\b(?:it|that|this|those|these|they|them|there|same)\b/;

export function normalizeQuestion(question: string): string {
  return question
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b`\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Words in "-ive" and in "-ion" from one root mean different things — exclusive dealing and an
 * exclusion from liability, an extensive review and an extension of the term — yet stemmers make
 * them one word. A single word of either form matches only text that has that form.
 */
export function wordFormPattern(word: string): RegExp | undefined {
  const adjective = adjectiveRoot(word);
  if (adjective) return new RegExp(`\\b${adjective}`, "i");
  const root = stem(word);
  if (/ions?$/.test(word) && root !== word) return new RegExp(`\\b${root}(?!iv)`, "i");
  return undefined;
}

/**
 * A question's terms by their stems: a term asked twice ("renewal", "renewals") is one, at its
 * greatest weight, in the form that weighs most — but a word the question itself uses stays as
 * asked (its form and source) when a later term weighs it more (as a sure route's kind words do).
 */
type TermsByStems = Map<string, QueryTerm>;

function addTerm(terms: TermsByStems, term: QueryTerm): void {
  if (!term.text.includes(" ")) {
    const wordForm = wordFormPattern(term.text);
    if (wordForm) term = { ...term, wordForm };
  }
  const key = term.text.split(" ").map(stem).join(" ");
  const existing = terms.get(key);
  if (!existing) terms.set(key, term);
  else if (existing.weight < term.weight) Object.assign(existing, existing.source === "question" ? { weight: term.weight } : term);
}

/** The vocabulary's triggers as stems, made once: every question is checked against all of them. */
let triggerStems: { terms: string[]; triggers: string[][] }[] | undefined;

function expansionsOf(text: string): string[] {
  const stems = tokenize(text).map(stem);
  triggerStems ??= contractVocabulary
    .filter((entry) => entry.related)
    .map((entry) => ({ terms: entry.related!, triggers: entry.words.map((word) => word.split(" ").map(stem)) }));
  return triggerStems.filter((group) => group.triggers.some((trigger) => containsStems(stems, trigger))).flatMap((group) => group.terms);
}

/** A question is a follow-up when it opens like one, or is short and points back ("what about for Medicaid?"). */
export function isFollowUpQuestion(normalized: string, contentWordCount: number): boolean {
  if (followUpOpeners.test(normalized)) return true;
  // "this agreement" names the document, not something said before.
  const withoutDocument = normalized.replace(/\b(?:this|that|the) (?:agreement|contract|document|deal)\b/g, "");
  return contentWordCount <= 3 && pronounReference.test(withoutDocument);
}

/** Questions analysed, remembered: people ask the same questions of many documents, and a search or chat reads its question once. */
const REMEMBERED_QUERIES = 2_000;

/**
 * The search terms for a question: its own content words, the contract vocabulary they imply,
 * and — for a follow-up — the earlier questions' words, weighted lower. The result is shared and
 * read-only.
 */
export const analyzeQuery: (question: string, previousQuestions?: readonly string[]) => AnalyzedQuery = remembered(
  "rag.analyzed-queries",
  REMEMBERED_QUERIES,
  (question: string, previousQuestions: readonly string[] = []) => analyzeQuestion(question, previousQuestions),
  // Only the two questions before it count (a follow-up reads them), so they are the whole key.
  (question: string, previousQuestions: readonly string[] = []) => JSON.stringify([question, ...previousQuestions.slice(-2)]),
);

function analyzeQuestion(question: string, previousQuestions: readonly string[]): AnalyzedQuery {
  const normalized = normalizeQuestion(question);
  const words = contentWords(normalized);
  const ownTopic = questionTopic(question);
  const terms: TermsByStems = new Map();
  for (const word of words) addTerm(terms, { text: word, weight: 1, source: "question" });
  for (const expansion of expansionsOf(normalized)) addTerm(terms, { text: expansion.toLowerCase(), weight: EXPANSION_WEIGHT, source: "expansion" });
  // The ways a contract says the question's topic words are searched for too.
  for (const phrase of synonymsOf(ownTopic)) addTerm(terms, { text: phrase.toLowerCase(), weight: EXPANSION_WEIGHT, source: "expansion" });

  const isFollowUp = previousQuestions.length > 0 && isFollowUpQuestion(normalized, words.length);
  if (isFollowUp) {
    const previous = previousQuestions.slice(-2).map(normalizeQuestion).join(" ");
    for (const word of contentWords(previous)) addTerm(terms, { text: word, weight: CONTEXT_WEIGHT, source: "context" });
    for (const expansion of expansionsOf(previous))
      addTerm(terms, { text: expansion.toLowerCase(), weight: CONTEXT_WEIGHT * EXPANSION_WEIGHT, source: "context" });
  }
  const topic = isFollowUp ? followUpTopic(ownTopic, questionTopic(previousQuestions.at(-1)!)) : ownTopic;
  // A follow-up ("and for Medicaid?", "for how long?") is about what the question before it asked, unless it clearly names a kind of its own.
  const own = readQuestion(question);
  // A product line names no kind either: the sheet keeps a term's values per line, so "and for Medicaid?" asks the question before for that line.
  const namingWords = contentWords(normalizeQuestion(withoutProductLines(question)));
  const namesItsOwnKind = own.routed !== undefined && own.routed.score >= CONFIDENT_ROUTE && namingWords.some((word) => !answerFormWords.has(word));
  const readText = isFollowUp && !namesItsOwnKind ? `${previousQuestions.at(-1)!} ${question}` : question;
  const reading = readText === question ? own : readQuestion(readText);
  const { routed } = reading;
  const kind = routed?.kind;
  // A question routed to the document's name, parties or date is about its opening however it is worded.
  const isAboutOpening = openingQuestion.test(normalized) || kind?.isAboutOpening === true;
  const asksForDate = dateQuestion.test(normalized) || kind?.id === "agreement-date" || kind?.id === "effective-date";
  // A routed question is also searched for in the kind's own words, so its passages do not depend on how it was asked.
  const isKindSure = routed !== undefined && isSureRoute(routed);
  if (kind) {
    const kindWeight = isKindSure ? SURE_KIND_WEIGHT : UNSURE_KIND_WEIGHT;
    const kindWords = normalizeQuestion(`${kind.names[0]} ${kind.topic}`);
    for (const word of contentWords(kindWords)) addTerm(terms, { text: word, weight: kindWeight, source: "expansion" });
    for (const expansion of expansionsOf(kindWords))
      addTerm(terms, { text: expansion.toLowerCase(), weight: kindWeight * EXPANSION_WEIGHT, source: "expansion" });
  }
  return {
    normalized,
    terms: [...terms.values()],
    isFollowUp,
    isAboutOpening,
    asksForDate,
    topic,
    kind,
    isKindSure,
    asksForValue: !kind?.factFields || asksForValue(readText, kind.id),
    alternativeKind: reading.runnerUp,
  };
}

/**
 * Builds what reading a question builds once in a process — the router's weight index, the kinds'
 * cues as stems, the vocabulary's triggers — by reading one question now: a web process calls it
 * once it listens, so the first question after a start does not wait for them (a quarter to half a
 * second of one core on this machine).
 */
export function prepareQuestionReading(): void {
  analyzeQuery("How much notice does either party need to end this agreement without cause?");
}
