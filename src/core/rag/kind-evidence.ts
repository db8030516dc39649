import type { PassageClause, PassageKind } from "../documents/chunking";
import type { ClauseModel, SentenceFeatures } from "./clause-model";
import { sentencesOf, type PassageSentence } from "./passage-sentences";

/** What scoring a passage's sentences needs of it. */
export interface KindPassage {
  id: string;
  text: string;
  clauses: PassageClause[];
  heading: string;
  headingPath: string[];
  kind: PassageKind;
}

/** A sentence's headings as the clause-kind model reads them: its clause's heading and the two above it. */
export function sentenceHeadings(passage: Pick<KindPassage, "heading" | "headingPath">, sentence: Pick<PassageSentence, "clause">): string[] {
  return [sentence.clause?.heading ?? passage.heading, ...passage.headingPath.slice(-2)].filter(Boolean);
}

/** A document's sentences read once for the model: each with its passage and features. */
export interface ModelReading {
  sentences: { passageId: string; sentence: PassageSentence; features: SentenceFeatures }[];
}

/** A sentence of fewer words than this (a signature line, a row of asterisks) states no clause. */
const MIN_SENTENCE_WORDS = 4;

/** Reads every sentence of a document's passages for the model; a contents page lists headings, not clauses, and is left out. */
export function readForModel(model: ClauseModel, passages: readonly KindPassage[]): ModelReading {
  return {
    sentences: passages
      .filter((passage) => passage.kind !== "contents")
      .flatMap((passage) =>
        sentencesOf(passage.text, passage.clauses)
          .filter((sentence) => (sentence.text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0) >= MIN_SENTENCE_WORDS)
          .map((sentence) => ({
            passageId: passage.id,
            sentence,
            features: model.featuresOf(sentence.text, sentenceHeadings(passage, sentence)),
          })),
      ),
  };
}

/** A sentence of the document with how likely the model finds it a clause of the kind asked about. */
export interface KindSentence {
  passageId: string;
  sentence: PassageSentence;
  probability: number;
}

/** How many of a document's best sentences for a kind are kept: enough to answer, cite and show as closest. */
export const KIND_SENTENCES_KEPT = 12;

/** The document's sentences most likely to be a clause of the kind, best first (none for a kind the model does not know). */
export function bestSentencesForKind(model: ClauseModel, reading: ModelReading, kind: string, kept = KIND_SENTENCES_KEPT): KindSentence[] {
  const scored: KindSentence[] = [];
  for (const { passageId, sentence, features } of reading.sentences) {
    const probability = model.probability(kind, features);
    if (probability === undefined) return [];
    scored.push({ passageId, sentence, probability });
  }
  return scored.sort((a, b) => b.probability - a.probability).slice(0, kept);
}
