import type { PassageClause } from "../documents/chunking";
import { sentencesOf, type PassageSentence } from "./passage-sentences";
import type { QuestionTopic } from "./question-topic";
import { answersQuestion, judgeWindow, type WindowJudgement } from "./relevance";
import { rememberedByText } from "../../shared/remembered";
import { stem, tokenize } from "./text";

/** What judging a passage's sentences needs of it. */
export interface JudgedPassage {
  text: string;
  clauses: PassageClause[];
  heading: string;
  headingPath: string[];
}

export interface JudgedSentence extends PassageSentence {
  judgement: WindowJudgement;
}

/** A passage's sentences, each judged against the question with its clause's headings as context. */
export function judgedSentencesOf(passage: JudgedPassage, topic: QuestionTopic, weights: readonly (readonly number[])[]): JudgedSentence[] {
  return sentencesOf(passage.text, passage.clauses).map((sentence) => ({
    ...sentence,
    judgement: judgeWindow(contextStemsOf(passage, sentence), sentence.text, topic, weights),
  }));
}

/** A sentence's words as stems, read with its clause's heading and the two headings above it. */
const contextStemsOf = (passage: JudgedPassage, sentence: PassageSentence) =>
  stemsInContext(sentence.text, [sentence.clause?.heading ?? passage.heading, ...passage.headingPath.slice(-2)].join(" "));

/** Whether one of the passage's sentences answers the topic: `judgedSentencesOf`, stopping at the first that does. */
export function hasAnsweringSentence(passage: JudgedPassage, topic: QuestionTopic, weights: readonly (readonly number[])[]): boolean {
  return sentencesOf(passage.text, passage.clauses).some((sentence) => answersQuestion(() => contextStemsOf(passage, sentence), sentence.text, topic, weights));
}

/** A sentence's words after its headings', as stems, remembered: every question about a document weighs its passages' sentences again. */
const stemsInContext = rememberedByText(
  "rag.context-stems",
  5_000,
  (text: string, headings: string) => tokenize(`${headings} ${text}`).map(stem),
  (headings) => headings,
);
