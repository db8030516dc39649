import type { PassageClause } from "../documents/chunking";
import { sentencesOf, type PassageSentence } from "./passage-sentences";
import type { QuestionTopic } from "./question-topic";
import { judgeWindow, type WindowJudgement } from "./relevance";
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

/** Sentences' contexts stemmed lately: every question about a document weighs its passages' sentences again. */
const contextStems = new Map<string, string[]>();
const REMEMBERED_CONTEXTS = 5_000;

function stemsOf(context: string): string[] {
  let stems = contextStems.get(context);
  if (!stems) {
    stems = tokenize(context).map(stem);
    if (contextStems.size >= REMEMBERED_CONTEXTS) contextStems.clear();
    contextStems.set(context, stems);
  }
  return stems;
}
