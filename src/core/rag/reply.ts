import type { FactField } from "../../shared/contracts/fact-sheet";
import { asClosest, type ComposedAnswer } from "./answer";
import { answerLead } from "./answer-lead";
import { clauseAt, type PageTexts, type SourcePassage } from "./citations";
import type { KindThresholds } from "./clause-model";
import { closestAnswer, composeExtractiveAnswer, notAddressedAnswer, pointsFrom, readPassages, type QuotedSentence } from "./extractive-answer";
import { factAnswer, valuesForKind } from "./fact-answer";
import type { KindSentence } from "./kind-evidence";
import type { AnalyzedQuery } from "./query-analysis";
import { questionKinds, type QuestionKind } from "./question-kinds";
import { mentionsKind } from "./question-routing";
import { answersQuestion, isJudgedQuestion, judgeWindow, type WindowJudgement } from "./relevance";
import { stem, tokenize } from "./text";
import type { Citation } from "../../shared/chat";

/** At most this many of the model's sentences answer, or are shown as closest. */
export const MAX_KIND_POINTS = 3;

/** What the model found for the kind a question is about: its best sentences and where their scores decide. */
export interface KindFindings {
  sentences: readonly KindSentence[];
  thresholds: KindThresholds;
}

export interface ReplyInputs {
  question: string;
  query: AnalyzedQuery;
  /** The kind of term the question is about, when its words say so clearly. */
  kind?: QuestionKind;
  /** The document's fact sheet: for a kind the sheet reads, and to check "not addressed" against. */
  facts?: readonly FactField[];
  /** The model's findings, for a kind the model reads. */
  findings?: KindFindings;
  /** Retrieval's passages, best first. */
  sources: readonly SourcePassage[];
  /** Every passage a finding may be in, by id. */
  passageOf: (id: string) => SourcePassage | undefined;
  pages: PageTexts;
  weights: readonly (readonly number[])[];
  nearestInMeaning?: SourcePassage;
  /** For a kind routed unsurely: the kind the router found next likeliest, and the model's findings for it. */
  alternative?: { kind: QuestionKind; findings?: KindFindings };
}

/** The model's sentences as quotable sentences of their passages. */
function quotable(findings: readonly KindSentence[], passageOf: ReplyInputs["passageOf"]): (QuotedSentence & { probability: number })[] {
  return findings.flatMap((finding) => {
    const passage = passageOf(finding.passageId);
    return passage ? [{ text: finding.sentence.text, start: finding.sentence.start, passage, probability: finding.probability }] : [];
  });
}

/** Whether one of the passages near the question sits under a heading that names the kind ("Governing Law", "Timely Filing"). */
function isUnderKindHeading(kind: QuestionKind, passages: readonly SourcePassage[]): boolean {
  const { heading } = kind;
  if (!heading) return false;
  return passages.some((passage) =>
    [passage.heading, ...passage.headingPath, ...passage.clauses.map((clause) => clause.heading)].some((text) => heading.test(text)),
  );
}

/**
 * The reply from the model's reading of a kind: its best sentences answer when they score as only
 * sentences of that kind of clause do, the first stating the fact asked for when it scores higher
 * still; nearer misses are shown as the closest passages; nothing near, and the contract does not
 * appear to address it.
 */
function kindReply(inputs: ReplyInputs, kind: QuestionKind, findings: KindFindings): ComposedAnswer {
  const { thresholds } = findings;
  const sentences = quotable(findings.sentences, inputs.passageOf);
  const best = sentences[0];
  if (best && best.probability >= thresholds.answer) {
    const answering = sentences.filter((sentence) => sentence.probability >= thresholds.answer).slice(0, MAX_KIND_POINTS);
    const mentioned = mentionsKind(kind, `${clauseAt(best.passage, best.start).heading} ${best.text}`);
    const lead = best.probability >= thresholds.lead && mentioned ? answerLead(inputs.question, inputs.query, best.text) : undefined;
    const citations: Citation[] = [];
    const { points, unverified } = pointsFrom(answering, inputs.pages, citations, { lead });
    return { outcome: "answer", points, related: [], citations, droppedCitations: unverified };
  }
  if ((best && best.probability >= thresholds.closest) || isUnderKindHeading(kind, inputs.sources)) {
    const near = sentences.filter((sentence) => sentence.probability >= thresholds.closest).slice(0, MAX_KIND_POINTS);
    return closestAnswer(near.length > 0 ? near : retrievalNearest(inputs), inputs.pages);
  }
  return notAddressedUnlessWordsAnswer(inputs, sentences, kind);
}

/**
 * "Not addressed" for a kind whose reading (the model's, or the sheet's) found nothing — unless
 * retrieval's passages hold a sentence that answers the question by its own words: the kind may be
 * the wrong reading of the question, and a sentence that answers it is shown as the closest
 * passage, never denied. The related sections are the model's nearest sentences, else retrieval's.
 */
function notAddressedUnlessWordsAnswer(inputs: ReplyInputs, sentences: readonly QuotedSentence[], kind: QuestionKind): ComposedAnswer {
  const { answering, related } = readPassages(inputs.question, inputs.query, inputs.sources, inputs.weights, inputs.nearestInMeaning);
  if (answering.length > 0) return closestAnswer(answering.slice(0, MAX_KIND_POINTS), inputs.pages);
  return notAddressedAnswer(inputs.question, sentences.length > 0 ? sentences : related, inputs.pages, kind.topic);
}

/** What retrieval's passages hold nearest the question — the sentences the relevance judgement accepts, else its nearest ones — to show as closest. */
function retrievalNearest(inputs: ReplyInputs): QuotedSentence[] {
  const { answering, related } = readPassages(inputs.question, inputs.query, inputs.sources, inputs.weights, inputs.nearestInMeaning);
  return (answering.length > 0 ? answering : related).slice(0, MAX_KIND_POINTS);
}

/** The sheet's values for the kind as an answer; a yes-or-no question hears "Yes" only from a value whose sentence, with its heading, speaks to every part of it. */
function sheetAnswer(inputs: ReplyInputs, kind: QuestionKind, facts: readonly FactField[]): ComposedAnswer | undefined {
  return factAnswer(kind, facts, inputs.question, ({ source }) => usesQuestionWords(inputs, source.heading, source.quote).coversEverySlot);
}

/** A cited sentence's words with its clause's heading, as stems: what the relevance judgement reads. */
const headedStems = (heading: string, sentence: string) => tokenize(`${heading} ${sentence}`).map(stem);

/** How a sentence, read with its clause's heading, covers the question's words (the relevance judgement's reading). */
function usesQuestionWords(inputs: ReplyInputs, heading: string, sentence: string): WindowJudgement {
  return judgeWindow(headedStems(heading, sentence), sentence, inputs.query.topic, inputs.weights);
}

/**
 * The reply to a question about a term the fact sheet reads: the sheet's values, so the chat and
 * the sheet never disagree. When the sheet states none, the contract does not appear to address
 * it — unless a passage under the term's own heading, a sentence the model finds close, or one the
 * question's own words answer is there to show as the closest passages.
 */
function factReply(inputs: ReplyInputs, kind: QuestionKind, facts: readonly FactField[]): ComposedAnswer {
  const fromSheet = sheetAnswer(inputs, kind, facts);
  if (fromSheet) return fromSheet;
  const sentences = inputs.findings ? quotable(inputs.findings.sentences, inputs.passageOf) : [];
  const near = inputs.findings ? sentences.filter((sentence) => sentence.probability >= inputs.findings!.thresholds.closest).slice(0, MAX_KIND_POINTS) : [];
  if (near.length > 0) return closestAnswer(near, inputs.pages);
  const shown = isUnderKindHeading(kind, inputs.sources) ? retrievalNearest(inputs) : [];
  if (shown.length > 0) return closestAnswer(shown, inputs.pages);
  return notAddressedUnlessWordsAnswer(inputs, sentences, kind);
}

/**
 * One reply to a question, whichever way it is read: a question about a term the fact sheet reads
 * is answered from the sheet; one about a kind of clause the model knows, from the model's reading
 * of the whole document; a question about the document itself, or one whose kind is not known,
 * from the passages retrieval found and the relevance judgement. Every reply is one of three
 * outcomes — an answer, the closest passages, or "not addressed" — and every quote is verified.
 * A kind routed unsurely may be the wrong one: when its reading does not answer, the runner-up
 * kind's reading is tried, held to the same confirmation (a cited sentence that answers the
 * question) — as is the likeliest kind's for a question routed to none, when retrieval's passages
 * do not answer it.
 */
export function composeReply(inputs: ReplyInputs): ComposedAnswer {
  return checkedAgainstSheet(routedReply(inputs), inputs);
}

function routedReply(inputs: ReplyInputs): ComposedAnswer {
  const first = confirmedReply(inputs);
  const { alternative } = inputs;
  if (first.outcome === "answer" || !alternative) return first;
  const second = confirmedReply({ ...inputs, kind: alternative.kind, findings: alternative.findings });
  if (second.outcome === "answer" || (first.outcome === "not-addressed" && second.outcome === "closest")) return second;
  return first;
}

/** A clause among this many of retrieval's first passages is one the question's own words found. */
const SHEET_CLAUSE_NEAR_PASSAGES = 3;

/**
 * "Not addressed" is never said of a question routed to no kind of term while its own words found a
 * clause the fact sheet, one tab away, reads a value from — the value's sentence using some of
 * those words, and the question a word people use for that term: it may be about the term in words
 * the router did not recognise. The sheet's values for the term are shown as the closest passages,
 * asserting nothing and denying nothing the sheet states. A question routed to a kind the reading
 * found nothing for is about that kind, not a neighbouring term, and keeps its "not addressed".
 * `composeReply` applies it; a caller that loads the sheet's values only for such a reply applies it then.
 */
export function checkedAgainstSheet(reply: ComposedAnswer, inputs: ReplyInputs): ComposedAnswer {
  if (!isUnroutedNotAddressed(reply, inputs) || !inputs.facts) return reply;
  const kind = sheetKindNear(inputs, inputs.facts);
  const fromSheet = kind && sheetAnswer(inputs, kind, inputs.facts);
  return fromSheet ? asClosest(fromSheet) : reply;
}

/** Whether a reply says "not addressed" to a question routed to no kind: the reply to check against the fact sheet's values before it is given. */
export function isUnroutedNotAddressed(reply: ComposedAnswer, inputs: Pick<ReplyInputs, "kind">): boolean {
  return reply.outcome === "not-addressed" && !inputs.kind;
}

/** The first sheet term (by its clause's place in retrieval's ranking) with a value read from a passage near the top whose sentence uses the question's words. */
function sheetKindNear(inputs: ReplyInputs, facts: readonly FactField[]): QuestionKind | undefined {
  const near = inputs.sources.slice(0, SHEET_CLAUSE_NEAR_PASSAGES);
  for (const passage of near) {
    const kind = questionKinds.find(
      (candidate) =>
        candidate.factFields &&
        !candidate.isAboutOpening &&
        mentionsKind(candidate, inputs.question) &&
        valuesForKind(candidate, facts, inputs.question).some(
          ({ source }) => source.chunkId === passage.chunkId && usesQuestionWords(inputs, source.heading, source.quote).coverage > 0,
        ),
    );
    if (kind) return kind;
  }
  return undefined;
}

/**
 * A reply for the inputs' kind; a route the router was unsure of answers only where the cited
 * sentence answers the question. A question about a sheet term read as asking something its value
 * does not settle ("Who decides our appeal?" is not answered by the appeal window) answers only
 * where the cited sentence also speaks to every part of it: the words it shares with the term's
 * clause are not enough against the reading of what it asks.
 */
function confirmedReply(inputs: ReplyInputs): ComposedAnswer {
  const reply = replyFor(inputs);
  return reply.outcome === "answer" && !isConfirmed(reply, inputs) ? asClosest(reply) : reply;
}

function isConfirmed(reply: ComposedAnswer, inputs: ReplyInputs): boolean {
  const { kind, query } = inputs;
  if (kind === undefined) return true;
  if (kind.factFields !== undefined && !query.asksForValue) return citedSentenceAnswers(reply, inputs, { everyPart: true });
  return query.isKindSure || citedSentenceAnswers(reply, inputs);
}

/**
 * Whether the answer's first cited sentence, with its clause's heading, answers the question by the
 * relevance judgement — and, with `everyPart`, also covers every part of it. Words the question
 * shares with the clause are not enough, even words that name the kind: "The plan underpaid us;
 * may we push back?" shares "paid" with a clean-claim payment rule and is not asking how soon claims
 * are paid; "Do the courts charge the losing side?" shares "charge" with a lesser-of clause's
 * "billed charges".
 */
function citedSentenceAnswers(reply: ComposedAnswer, inputs: ReplyInputs, { everyPart = false } = {}): boolean {
  const [cited] = reply.citations;
  if (!cited || !isJudgedQuestion(inputs.query)) return false;
  if (!everyPart) return answersQuestion(() => headedStems(cited.heading, cited.quote), cited.quote, inputs.query.topic, inputs.weights);
  const judged = usesQuestionWords(inputs, cited.heading, cited.quote);
  return judged.answers && judged.coversEverySlot;
}

function replyFor(inputs: ReplyInputs): ComposedAnswer {
  const { kind } = inputs;
  if (kind?.factFields && inputs.facts) {
    const fromSheet = sheetAnswer(inputs, kind, inputs.facts);
    if (fromSheet || !kind.isAboutOpening) return fromSheet ?? factReply(inputs, kind, inputs.facts);
  }
  if (kind && !kind.isAboutOpening && inputs.findings) return kindReply(inputs, kind, inputs.findings);
  const reply = composeExtractiveAnswer(inputs.question, inputs.query, inputs.sources, inputs.pages, inputs.weights, inputs.nearestInMeaning);
  const shown = kind && reply.outcome === "not-addressed" && isUnderKindHeading(kind, inputs.sources) ? retrievalNearest(inputs) : [];
  return shown.length > 0 ? closestAnswer(shown, inputs.pages) : reply;
}
