import { findFacts, findRedactedDurations, statesFact, type FactKind } from "./facts";
import { confining } from "./polarity";
import type { AnalyzedQuery } from "./query-analysis";
import type { Phrase, QuestionTopic, TopicOption, TopicSlot } from "./question-topic";

/** Words before which an "-ive" adjective means its opposite: "non-exclusive" is not "exclusive" (a "non-compete" still is about competing). */
const negations = new Set(["non", "not"]);

/**
 * Where each stem of a text is, made once per stems array: a question's topic checks every phrase
 * of every slot and synonym against each candidate sentence, and a lookup of the phrase's first
 * word replaces a scan of the sentence per phrase (the search route's hottest JavaScript under load).
 * The arrays are the remembered stems of sentences and passages, so an index lives as long as they do.
 */
const stemPositions = new WeakMap<readonly string[], Map<string, number[]>>();

function positionsOfStems(stems: readonly string[]): Map<string, number[]> {
  const known = stemPositions.get(stems);
  if (known) return known;
  const positions = new Map<string, number[]>();
  stems.forEach((word, at) => {
    const found = positions.get(word);
    if (found) found.push(at);
    else positions.set(word, [at]);
  });
  stemPositions.set(stems, positions);
  return positions;
}

/** Where `phrase` (a stem sequence) starts in `stems`, in order. */
export function phrasePositions(stems: readonly string[], phrase: readonly string[]): number[] {
  const first = phrase[0]!;
  const isNegatable = first.endsWith("iv");
  const found: number[] = [];
  for (const at of positionsOfStems(stems).get(first) ?? []) {
    if (at + phrase.length > stems.length) break;
    if (isNegatable && at > 0 && negations.has(stems[at - 1]!)) continue;
    let offset = 1;
    while (offset < phrase.length && stems[at + offset] === phrase[offset]) offset++;
    if (offset === phrase.length) found.push(at);
  }
  return found;
}

export function containsStems(stems: readonly string[], phrase: readonly string[]): boolean {
  return phrasePositions(stems, phrase).length > 0;
}

/** Words a phrase's words may have between them, in the question's order ("right of first refusal") or, fewer, the other way ("fee upon termination"). */
const PHRASE_GAP = 2;
const REVERSED_PHRASE_GAP = 1;

function isCloseAfter(previous: number, next: number): boolean {
  return (next > previous && next - previous - 1 <= PHRASE_GAP) || (next < previous && previous - next - 1 <= REVERSED_PHRASE_GAP);
}

function matchesOption(stems: readonly string[], option: TopicOption, ownWordsOnly = false): boolean {
  // Each word's own form comes first among its phrases; the rest are its contract synonyms.
  const positions = option.words.map((word) => (ownWordsOnly ? word.slice(0, 1) : word).flatMap((phrase: Phrase) => phrasePositions(stems, phrase.stems)));
  if (positions.some((found) => found.length === 0)) return false;
  if (!option.isPhrase) return true;
  const chainFrom = (word: number, at: number): boolean =>
    word === positions.length || positions[word]!.some((next) => isCloseAfter(at, next) && chainFrom(word + 1, next));
  return positions[0]!.some((at) => chainFrom(1, at));
}

export function matchesSlot(stems: readonly string[], slot: TopicSlot): boolean {
  return slot.options.some((option) => matchesOption(stems, option));
}

/** A slot found only through synonyms is weaker evidence than the question's own words: it covers this share of its weight. */
export const SYNONYM_SHARE = 0.6;

/** How much of a slot a text covers: all of it in the question's own words, part of it in synonyms, or none. */
export function slotCoverage(stems: readonly string[], slot: TopicSlot): number {
  if (slot.options.some((option) => matchesOption(stems, option, true))) return 1;
  return matchesSlot(stems, slot) ? SYNONYM_SHARE : 0;
}

/** How telling a slot is in this document: rare slots weigh more, absent ones the most (IDF over passages); never below 1. */
export function slotWeight(slot: TopicSlot, passagesWithSlot: number, passages: number): number {
  return Math.max(1, Math.log((passages + 1) / (passagesWithSlot + 0.5))) * (slot.isDetail ? 0.5 : 1);
}

/** The share of the question's weight a text covers (0 to 1), for one alternative's slots. */
export function coverage(stems: readonly string[], slots: readonly TopicSlot[], weights: readonly number[]): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return 0;
  const covered = slots.reduce((sum, slot, index) => sum + slotCoverage(stems, slot) * weights[index]!, 0);
  return covered / total;
}

/** How many of the document's passages each slot of each alternative occurs in, of how many. */
export interface TopicCounts {
  passages: number;
  slots: number[][];
}

export function topicWeights(topic: QuestionTopic, counts: TopicCounts): number[][] {
  return topic.alternatives.map((slots, alternative) => slots.map((slot, index) => slotWeight(slot, counts.slots[alternative]?.[index] ?? 0, counts.passages)));
}

/** The share of the question's weight a window must cover to answer it. */
export const MIN_ANSWER_COVERAGE = 0.5;

export interface WindowJudgement {
  /** The share of the question's weight the window covers (its best alternative). */
  coverage: number;
  /** It covers enough, including the question's most telling slot, and states the kind of fact asked for. */
  answers: boolean;
  /** It matches every slot of the alternative that is not a detail: all of what was asked, not only its rarest words. */
  coversEverySlot: boolean;
}

/** Fact kinds an answer cannot do without: "How long…" is not answered by a sentence with no length of time. */
const requiredFacts = new Set<FactKind>(["duration", "amount", "percentage"]);

/** What follows a length of time that places something relative to an event: "30 days prior to the expiration", "sixty (60) days after termination". */
const relativeToEvent = /^[’'s]*\s*(?:\w+\s+){0,2}?(?:prior to|before|after|following|from)\b/i;

/** Whether a text states a length of time that is not only a window around an event ("within 60 days after termination"): a term's length says when it ends. */
function statesLength(text: string): boolean {
  return findFacts(text, "duration").some((fact) => !relativeToEvent.test(text.slice(fact.end)) && !/\bwithin\s*$/i.test(text.slice(0, fact.start)));
}

/** Whether a text states what the question asks for: "when" is answered by a date or a length of time ("for a period of two (2) years"). */
function statesAsked(text: string, kind: FactKind | undefined): boolean {
  if (kind === "date") return statesFact(text, "date") || statesLength(text);
  if (kind === "duration") return statesFact(text, kind) || findRedactedDurations(text).length > 0;
  return !kind || !requiredFacts.has(kind) || statesFact(text, kind);
}

/** How a sentence restricts: a negated duty or permission ("shall not", "may not", "do not have the right"), or words that confine. */
const negating = /\b(?:not|no|nor|neither|never|cannot|without)\b|n't\b|\bnon-?\w+/i;
const restricting = (text: string) => negating.test(text) || confining.test(text);

/** Whether a text states the fact the question asks for (and, asked about a restriction, restricts): an answer cannot do without it. */
function statesAskedFact(text: string, topic: QuestionTopic): boolean {
  return statesAsked(text, topic.answerKind) && (!topic.asksRestriction || restricting(text));
}

/** The alternative's slot with the most weight that is not a detail: an answer must match it (-1 when every slot is a detail). */
function mostTellingSlot(slots: readonly TopicSlot[], slotWeights: readonly number[]): number {
  return slots.reduce((heaviest, slot, index) => (!slot.isDetail && (heaviest < 0 || slotWeights[index]! > slotWeights[heaviest]!) ? index : heaviest), -1);
}

/**
 * The answering rule for one alternative wording of a text that states the asked fact: it matches
 * the alternative's most telling slot and covers enough of its weight. The slot is checked first,
 * so a text that misses it is never weighed; `share` is the coverage when it is already known.
 */
function alternativeAnswers(
  stems: readonly string[],
  slots: readonly TopicSlot[],
  slotWeights: readonly number[],
  share = () => coverage(stems, slots, slotWeights),
): boolean {
  const mostTelling = mostTellingSlot(slots, slotWeights);
  if (mostTelling >= 0 && !matchesSlot(stems, slots[mostTelling]!)) return false;
  return share() >= MIN_ANSWER_COVERAGE;
}

/** How much of one alternative wording of the question the stems cover, and whether that answers it. */
function judgeAlternative(stems: readonly string[], slots: readonly TopicSlot[], slotWeights: readonly number[], statesFact: boolean): WindowJudgement {
  const share = coverage(stems, slots, slotWeights);
  return {
    coverage: share,
    answers: statesFact && alternativeAnswers(stems, slots, slotWeights, () => share),
    coversEverySlot: slots.every((slot) => slot.isDetail || matchesSlot(stems, slot)),
  };
}

/** Whether `text` (a sentence with its clause's headings, as stems) answers what the question is about, and how much of it it covers. */
export function judgeWindow(stems: readonly string[], text: string, topic: QuestionTopic, weights: readonly (readonly number[])[]): WindowJudgement {
  const statesFact = statesAskedFact(text, topic);
  let best: WindowJudgement = { coverage: 0, answers: false, coversEverySlot: false };
  topic.alternatives.forEach((slots, alternative) => {
    const judged = judgeAlternative(stems, slots, weights[alternative] ?? [], statesFact);
    if ((judged.answers && !best.answers) || (judged.answers === best.answers && judged.coverage > best.coverage)) best = judged;
  });
  return best;
}

/**
 * `judgeWindow(…).answers` without weighing what cannot answer: a text that does not state the asked
 * fact is not read further (its stems are not even asked for), an alternative whose most telling
 * slot it does not match is not weighed, and the first answering alternative ends it.
 */
export function answersQuestion(stemsOf: () => readonly string[], text: string, topic: QuestionTopic, weights: readonly (readonly number[])[]): boolean {
  if (!statesAskedFact(text, topic)) return false;
  const stems = stemsOf();
  return topic.alternatives.some((slots, alternative) => alternativeAnswers(stems, slots, weights[alternative] ?? []));
}

/**
 * Whether the relevance judgement decides what answers a question. Not for one with no topic
 * words ("What are the key terms?"), which any passage may answer, nor for one about the document
 * itself (its name, parties or date), which its opening lines answer in words rarely the question's.
 */
export function isJudgedQuestion(query: Pick<AnalyzedQuery, "topic" | "isAboutOpening">): boolean {
  return !query.isAboutOpening && query.topic.alternatives.some((slots) => slots.some((slot) => !slot.isDetail));
}

/** Where (word positions) a text uses any of the question's own topic words or their synonyms: what a fact must stand next to. */
export function topicPositions(stems: readonly string[], topic: QuestionTopic): number[] {
  const slots = topic.alternatives.flat().filter((slot) => !slot.isDetail);
  const phrases = slots.flatMap((slot) => slot.options.flatMap((option) => option.words.flat()));
  return [...new Set(phrases.flatMap((phrase) => phrasePositions(stems, phrase.stems)))].sort((a, b) => a - b);
}
