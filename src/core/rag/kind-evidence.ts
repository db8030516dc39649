import type { PassageClause, PassageKind } from "../documents/chunking";
import type { ClauseModel, KindThresholds, SentenceFeatures } from "./clause-model";
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

/**
 * The code that makes a stored reading: a change to how sentences are cut or kept takes the next
 * version, so a reading made before is made again rather than misread.
 */
export const KIND_READING_VERSION = 1;

/** A finding as stored: the sentence by where it sits in its passage, and its probability. */
export interface StoredKindSentence {
  passageId: string;
  start: number;
  end: number;
  probability: number;
}

/** One kind's findings as stored with the document: where the kind's scores decide, and its best sentences. */
export interface StoredKindFindings {
  thresholds: KindThresholds;
  sentences: StoredKindSentence[];
}

/** Who made a stored reading: the reading's code and the model, so either changing reads the document again. */
export const kindReaderOf = (model: Pick<ClauseModel, "id">) => `${KIND_READING_VERSION}:${model.id}`;

/**
 * Every kind's best sentences in the document, read once when it is processed: what a question
 * about any kind the model knows is answered from, without scoring the whole document again.
 */
export function readEveryKind(model: ClauseModel, passages: readonly KindPassage[]): Record<string, StoredKindFindings> {
  const reading = readForModel(model, passages);
  const findings: Record<string, StoredKindFindings> = {};
  for (const kind of model.kinds) {
    const thresholds = model.thresholdsOf(kind);
    if (!thresholds) continue;
    const sentences = bestSentencesForKind(model, reading, kind).map(({ passageId, sentence, probability }) => ({
      passageId,
      start: sentence.start,
      end: sentence.end,
      probability,
    }));
    findings[kind] = { thresholds, sentences };
  }
  return findings;
}

/**
 * A kind's stored findings as sentences of the document's passages. A sentence its passage no
 * longer cuts the same way is left out (the reading is matched to its passages' version, so this
 * would be a defect, and quoting a piece of one would be worse).
 */
export function findingsFromStored(stored: StoredKindFindings, passageOf: (id: string) => KindPassage | undefined): KindSentence[] {
  return stored.sentences.flatMap(({ passageId, start, end, probability }) => {
    const passage = passageOf(passageId);
    const sentence = passage && sentencesOf(passage.text, passage.clauses).find((candidate) => candidate.start === start && candidate.end === end);
    return sentence ? [{ passageId, sentence, probability }] : [];
  });
}
