import { findFacts, findRedactedDurations, REDACTED_FIGURE, type StatedFact } from "./facts";
import { existencePolarity, permissionPolarity } from "./polarity";
import type { AnalyzedQuery } from "./query-analysis";
import { topicPositions } from "./relevance";
import { stem, tokenize, tokenStarts } from "./text";

/** What an answer says first, in plain words: the fact its best sentence states ("90 days", "Yes"). */
export interface AnswerLead {
  text: string;
  /** Where in the sentence the fact is, so its quote keeps it. */
  focus?: { start: number; end: number };
}

/** "Is there…", "Does either party have…", "Is a party required to…": yes when a clause provides it. */
const existenceQuestion =
  /^(?:is|are) there\b|^(?:does|do) (?:any|either|each|a|the) (?:party|parties|side) have\b|^(?:does|do) (?:the|this) (?:contract|agreement|document) (?:provide|include|contain|have|require)\b|^(?:is|are) (?:an?|any|either|the|each) [\w'-]+ (?:required|restricted|obligated|prohibited|bound)\b|^(?:is|are) (?:any|the) [\w' -]+ (?:granted|irrevocable|perpetual|capped|uncapped|limited|exclusive)\b/;
/** "Can we…", "May a party…", "Is the provider allowed to…": yes only when a clause grants it. */
const permissionQuestion =
  /^(?:can|may|could)\b|^(?:is|are) (?:we|you|an?|any|either|the) [\w'-]+ (?:allowed|permitted|entitled|able)\b|^(?:does|do) (?:the|this) (?:contract|agreement) (?:allow|permit|let)\b/;
/** A question about a restriction: the clause that answers it is written with "not". */
const restrictionQuestion = /\b(?:restrict\w*|prohibit\w*|ban|not to|required not|non-|no-|covenant not)\b/;

const polarityWords = { yes: "Yes", no: "No" } as const;

/** Yes or No read from the sentence, negation included; nothing when the sentence does not settle it. */
function yesOrNo(question: string, sentence: string): string | undefined {
  const polarity = existenceQuestion.test(question)
    ? existencePolarity(sentence, restrictionQuestion.test(question))
    : permissionQuestion.test(question)
      ? permissionPolarity(sentence)
      : undefined;
  return polarity && polarityWords[polarity];
}

/** How far after the words the question is about a date may follow and still be theirs ("will end on December 31, 1998"). */
const DATE_REACH = 80;
/** How far before a length of time the words it answers may be, to be read as one phrase ("renews automatically for successive one-year terms"). */
const FRAGMENT_REACH = 50;

/**
 * The date a "when" question asks for: the first one stated after the words it is about —
 * "renews automatically on January 1" — not one that belongs to something else in the sentence
 * ("begins on January 1, 2026 and renews each year"). Failing a date, the words from the topic to
 * the length of time that says when ("renews automatically for successive one-year terms").
 */
function dateLead(query: AnalyzedQuery, sentence: string): AnswerLead | undefined {
  const starts = tokenStarts(sentence);
  const topicAt = topicPositions(tokenize(sentence).map(stem), query.topic).map((position) => starts[position]!);
  const after = (facts: StatedFact[]) => facts.find((fact) => query.isAboutOpening || topicAt.some((at) => fact.start > at && fact.start - at <= DATE_REACH));
  const date = after(findFacts(sentence, "date"));
  if (date) return { text: date.plain, focus: date };
  const duration = after(findFacts(sentence, "duration"));
  // Only words of one phrase with the length of time: no clause break between them.
  const from =
    duration && topicAt.find((at) => at < duration.start && duration.start - at <= FRAGMENT_REACH && !/[,;:]/.test(sentence.slice(at, duration.start)));
  if (!duration || from === undefined) return undefined;
  // To the end of the phrase that holds the length of time: "…for successive one-year terms".
  const end = duration.end + (/^[^,;:.]{0,20}?(?=[,;:.]|$)/.exec(sentence.slice(duration.end))?.[0].length ?? 0);
  return { text: sentence.slice(from, end).trim(), focus: duration };
}

/**
 * The plain answer to a question a clause settles with a fact, read from the sentence that
 * states it: the duration, date, amount or percentage it names, or yes or no. Nothing when the
 * sentence does not settle it: the answer then starts with the quote itself.
 */
export function answerLead(question: string, query: AnalyzedQuery, sentence: string): AnswerLead | undefined {
  const kind = query.topic.answerKind;
  if (!kind) return undefined;
  const asked = question.toLowerCase().replace(/\s+/g, " ").trim();
  if (kind === "yes-no") {
    const answer = yesOrNo(asked, sentence);
    const duration = findFacts(sentence, "duration")[0];
    return answer ? { text: answer, focus: duration } : undefined;
  }
  if (kind === "date") return dateLead(query, sentence);
  if (kind === "duration") return durationLead(asked, sentence);
  const [fact] = findFacts(sentence, kind);
  return fact && { text: fact.plain, focus: fact };
}

/** How far from "notice" a length of time may stand and still be the notice's ("ninety (90) days' prior written notice", "notice of at least thirty (30) days"). */
const NOTICE_REACH = 30;

/**
 * The length of time a "how long" question asks for. For one about notice, the length that
 * belongs to the notice, not another the sentence also names ("renews for one (1) year unless
 * either party gives ninety (90) days' notice" → 90 days); nothing when no length stands by it.
 * A figure blacked out in the copy is said to be so, never replaced by another.
 */
function durationLead(asked: string, sentence: string): AnswerLead | undefined {
  const candidates: { start: number; end: number; plain?: string }[] = [...findFacts(sentence, "duration"), ...findRedactedDurations(sentence)];
  const chosen = /\bnotice\b/.test(asked) ? nearestToNotice(sentence, candidates) : candidates.sort((a, b) => a.start - b.start)[0];
  if (!chosen) return undefined;
  return { text: chosen.plain ?? REDACTED_FIGURE, focus: chosen };
}

function nearestToNotice<Span extends { start: number; end: number }>(sentence: string, spans: readonly Span[]): Span | undefined {
  const notices = [...sentence.matchAll(/\bnotices?\b/gi)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  const gap = (span: Span, notice: { start: number; end: number }) => {
    const between = span.end <= notice.start ? sentence.slice(span.end, notice.start) : sentence.slice(notice.end, span.start);
    return span.start < notice.end && span.end > notice.start ? 0 : /[,;:.]/.test(between) ? Infinity : between.length;
  };
  const distance = (span: Span) => Math.min(...notices.map((notice) => gap(span, notice)));
  const nearest = [...spans].sort((a, b) => distance(a) - distance(b))[0];
  return nearest && distance(nearest) <= NOTICE_REACH ? nearest : undefined;
}
