import type { ClauseModel, KindThresholds } from "../../src/core/rag/clause-model";
import type { PreparedContract } from "./prepare";

/** How one kind fared on one contract the model did not see. */
export interface KindOutcome {
  kind: string;
  isPresent: boolean;
  best: number;
  /** The best sentence is one the annotators marked for the kind; among the best three. */
  hitAt1: boolean;
  hitAt3: boolean;
  /** What the reply would be by the kind's thresholds, and whether it would state a fact or Yes/No first. */
  reply: "answer" | "closest" | "not-addressed";
  isLed: boolean;
}

export function outcomesOf(model: ClauseModel, contract: PreparedContract): KindOutcome[] {
  const features = contract.sentences.map((sentence) => model.featuresOf(sentence.text, sentence.headings));
  const asked = [...contract.present.map((kind) => ({ kind, isPresent: true })), ...contract.absent.map((kind) => ({ kind, isPresent: false }))];
  return asked.flatMap(({ kind, isPresent }) => {
    const scores = features.map((sentence, index) => ({ index, score: model.probability(kind, sentence) ?? -1 }));
    if (scores.every((entry) => entry.score < 0)) return [];
    scores.sort((a, b) => b.score - a.score);
    const isMarked = (index: number) => contract.sentences[index]!.kinds.includes(kind);
    const best = scores[0]!.score;
    const thresholds = model.thresholdsOf(kind)!;
    const reply = best >= thresholds.answer ? "answer" : best >= thresholds.closest ? "closest" : "not-addressed";
    // An answer cites its sentences at or above the answer threshold, at most three.
    const cited = scores.slice(0, 3).filter((entry) => entry.score >= thresholds.answer);
    return [
      {
        kind,
        isPresent,
        best,
        hitAt1: isMarked(scores[0]!.index),
        hitAt3: reply === "answer" ? cited.some((entry) => isMarked(entry.index)) : scores.slice(0, 3).some((entry) => isMarked(entry.index)),
        reply,
        isLed: best >= thresholds.lead,
      },
    ];
  });
}

/** Of contracts without a kind, at most this share may score high enough for an answer… */
export const ABSENT_ANSWERED = 0.03;
/** …and this share high enough for a fact or Yes/No stated first. */
export const ABSENT_LED = 0.01;
/** Of contracts with the kind, at most this share may score too low to show even the closest passages. */
export const PRESENT_REFUSED = 0.03;
/** Scores never decide below or above these, however few contracts a kind has: a kind with few clauses to learn from scores unseen contracts less surely than its own held-out folds show. */
const FLOOR = 0.7;
const CEILING = 0.995;

/** The score below which `share` of the scores lie. */
function quantile(scores: readonly number[], share: number): number {
  const sorted = [...scores].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[at]!;
}

const clamp = (value: number) => Math.min(CEILING, Math.max(FLOOR, value));

/** Each kind's thresholds, read from how the kind scored on contracts the model did not see. */
export function thresholdsFrom(outcomes: readonly KindOutcome[]): Map<string, KindThresholds> {
  const kinds = new Map<string, { present: number[]; absent: number[] }>();
  for (const outcome of outcomes) {
    const scores = kinds.get(outcome.kind) ?? { present: [], absent: [] };
    (outcome.isPresent ? scores.present : scores.absent).push(outcome.best);
    kinds.set(outcome.kind, scores);
  }
  const thresholds = new Map<string, KindThresholds>();
  for (const [kind, { present, absent }] of kinds) {
    const answer = clamp(absent.length > 0 ? quantile(absent, 1 - ABSENT_ANSWERED) : CEILING);
    const lead = Math.max(answer, clamp(absent.length > 0 ? quantile(absent, 1 - ABSENT_LED) : CEILING));
    const closest = Math.min(answer, present.length > 0 ? quantile(present, PRESENT_REFUSED) : FLOOR);
    thresholds.set(kind, { answer, lead, closest });
  }
  return thresholds;
}
