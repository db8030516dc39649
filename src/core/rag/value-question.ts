import shippedModel from "./value-question.model.json";
import { questionFeatures } from "./question-routing";

/**
 * The learned reading of whether a question about a fact-sheet term asks for the term's value
 * ("How long do we have to file?") or for something else about the term that the value does not
 * settle ("Who do we call for a filing exception?"): a logistic regression over the router's
 * question features and the same features crossed with the term, as
 * scripts/clause-model/train-value-question.ts writes it (ADR 049).
 */
export interface ValueQuestionModelFile {
  features: string[];
  bias: number;
  /** [feature number, weight]: weights toward "asks something else". */
  weights: [number, number][];
}

/** Each feature's weight, by feature, made once per model. */
const weightIndexes = new WeakMap<ValueQuestionModelFile, Map<string, number>>();

function weightsOf(model: ValueQuestionModelFile): Map<string, number> {
  const known = weightIndexes.get(model);
  if (known) return known;
  const index = new Map(model.weights.map(([feature, weight]) => [model.features[feature]!, weight]));
  weightIndexes.set(model, index);
  return index;
}

/**
 * What the model reads of a question about a term: the router's question features, and each of them
 * but the spelled runs crossed with the term, since what asks for a value depends on the value —
 * "who" asks for the parties, not for an appeal window; "how long" for a term, not for the law.
 */
export function valueQuestionFeatures(question: string, kindId: string): string[] {
  const features = questionFeatures(question);
  const crossed = features.filter((feature) => !feature.startsWith("c:")).map((feature) => `${kindId}|${feature}`);
  return [...features, `k:${kindId}`, ...crossed];
}

/** How likely the question about the kind's term asks for something other than the term's value, by the model. */
export function otherThanValueProbability(model: ValueQuestionModelFile, question: string, kindId: string): number {
  const weights = weightsOf(model);
  let score = model.bias;
  for (const feature of valueQuestionFeatures(question, kindId)) score += weights.get(feature) ?? 0;
  return 1 / (1 + Math.exp(-score));
}

/**
 * At this probability or more a question is read as asking something other than the value: the
 * two classes weigh alike in learning, so this is where the model is as sure of one as of the
 * other. Not tuned; its neighbours are measured on writers held apart in turn (ADR 049).
 */
export const OTHER_THAN_VALUE_PROBABILITY = 0.5;

const model = shippedModel as unknown as ValueQuestionModelFile;

/** Whether a question about the kind's fact-sheet term asks for the term's value, not something the value does not settle. */
export function asksForValue(question: string, kindId: string): boolean {
  return otherThanValueProbability(model, question, kindId) < OTHER_THAN_VALUE_PROBABILITY;
}
