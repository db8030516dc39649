import type { PassageClause } from "../documents/chunking";
import { sentencesOf, type PassageSentence } from "./passage-sentences";
import type { QuestionTopic } from "./question-topic";
import { judgeWindow, type WindowJudgement } from "./relevance";
import { remembered } from "../../shared/remembered";
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
  return sentencesOf(passage.text, passage.clauses).map((sentence) => {
    const context = [sentence.clause?.heading ?? passage.heading, ...passage.headingPath.slice(-2), sentence.text].join(" ");
    return { ...sentence, judgement: judgeWindow(stemsOf(context), sentence.text, topic, weights) };
  });
}

/** A sentence's context as stems, remembered: every question about a document weighs its passages' sentences again. */
const stemsOf = remembered("rag.context-stems", 5_000, (context: string) => tokenize(context).map(stem));
