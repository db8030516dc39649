import { sentenceParts } from "./clause-features";

/** One kind's logistic regression: its bias, the weight of each feature it uses (by index into the model's features), and where its scores decide. */
export interface KindWeights {
  bias: number;
  features: number[];
  weights: number[];
  thresholds: KindThresholds;
}

/**
 * The clause-kind model as the training script writes it (scripts/clause-model/train.ts). Each
 * kind's feature indices are stored as base-64 varint gaps and its weights as base-64 16-bit
 * integers times `scale`: a third of the size of JSON numbers, for the same decisions.
 */
export interface ClauseModelFile {
  version: 2;
  /** What it was trained on, in words. */
  description: string;
  features: string[];
  kinds: Record<string, { bias: number; scale: number; features: string; weights: string; thresholds: KindThresholds }>;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

/** A kind's weights in the file's compact form. */
export function encodeKind(kind: KindWeights): ClauseModelFile["kinds"][string] {
  const order = kind.features.map((_, index) => index).sort((a, b) => kind.features[a]! - kind.features[b]!);
  const gaps: number[] = [];
  let previous = 0;
  for (const index of order) {
    let gap = kind.features[index]! - previous;
    previous = kind.features[index]!;
    do {
      gaps.push((gap & 0x7f) | (gap >= 0x80 ? 0x80 : 0));
      gap >>>= 7;
    } while (gap > 0);
  }
  const scale = Math.max(...kind.weights.map(Math.abs), 1e-9) / 32767;
  const weights = new Int16Array(order.map((index) => Math.round(kind.weights[index]! / scale)));
  return { bias: kind.bias, scale, features: toBase64(Uint8Array.from(gaps)), weights: toBase64(new Uint8Array(weights.buffer)), thresholds: kind.thresholds };
}

/** A kind's weights read back from the file's compact form. */
export function decodeKind(stored: ClauseModelFile["kinds"][string]): KindWeights {
  const gaps = fromBase64(stored.features);
  const features: number[] = [];
  let value = 0;
  let shift = 0;
  let previous = 0;
  for (const byte of gaps) {
    value |= (byte & 0x7f) << shift;
    shift += 7;
    if (byte & 0x80) continue;
    previous += value;
    features.push(previous);
    value = 0;
    shift = 0;
  }
  const bytes = fromBase64(stored.weights);
  const weights = [...new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 2)].map((weight) => weight * stored.scale);
  return { bias: stored.bias, features, weights, thresholds: stored.thresholds };
}

/**
 * Where a kind's best sentence score decides the reply, set by the training script from contracts
 * the model did not see: at or above `answer` the sentence answers (few contracts without the
 * clause score so high); above `lead` the answer may state a fact or Yes/No first; below `closest`
 * nothing in the contract is near enough to show as the closest passages (few contracts with the
 * clause score so low).
 */
export interface KindThresholds {
  answer: number;
  lead: number;
  closest: number;
}

/** A sentence read for the model once: the indices of its features. */
export type SentenceFeatures = Int32Array;

export interface ClauseModel {
  /** Which trained model this is (its file's digest): a reading made by another model is read again. */
  id: string;
  kinds: readonly string[];
  /** A sentence's features as the model numbers them (unknown ones left out). */
  featuresOf(text: string, headings: readonly string[]): SentenceFeatures;
  /** How likely the sentence is a clause of this kind, 0 to 1; undefined for a kind the model does not know. */
  probability(kind: string, features: SentenceFeatures): number | undefined;
  /** Where the kind's scores decide; undefined for a kind the model does not know. */
  thresholdsOf(kind: string): KindThresholds | undefined;
  /** The feature weights that raised the sentence's score most, for explaining a judgement. */
  describe(kind: string, features: SentenceFeatures, count?: number): string[];
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

/**
 * A sentence's feature ids, found from its words without writing each feature's name: the same
 * features `sentenceFeatures` names (held to it by a test), at a fraction of the cost, since every
 * sentence of a document is read once a question needs the model.
 */
function featureLookup(features: readonly string[]): (text: string, headings: readonly string[]) => SentenceFeatures {
  const words = new Map<string, number>();
  const headingWords = new Map<string, number>();
  const pairs = new Map<string, Map<string, number>>();
  const facts = new Map<string, number>();
  features.forEach((feature, id) => {
    const name = feature.slice(2);
    if (feature.startsWith("w:")) words.set(name, id);
    else if (feature.startsWith("h:")) headingWords.set(name, id);
    else if (feature.startsWith("f:")) facts.set(name, id);
    else if (feature.startsWith("b:")) {
      const cut = name.indexOf("_");
      const first = name.slice(0, cut);
      const seconds = pairs.get(first) ?? new Map<string, number>();
      seconds.set(name.slice(cut + 1), id);
      pairs.set(first, seconds);
    }
  });
  return (text, headings) => {
    const parts = sentenceParts(text, headings);
    const ids = new Set<number>();
    const add = (id: number | undefined) => id !== undefined && ids.add(id);
    parts.words.forEach((word, index) => {
      add(words.get(word));
      if (index + 1 < parts.words.length) add(pairs.get(word)?.get(parts.words[index + 1]!));
    });
    for (const word of parts.headingWords) add(headingWords.get(word));
    for (const kind of parts.facts) add(facts.get(kind));
    return Int32Array.from(ids);
  };
}

/** The model ready to score, known as `id`: each kind's weights laid out densely the first time it is asked about. */
export function loadClauseModel(file: ClauseModelFile, id: string): ClauseModel {
  if (file.version !== 2) throw new Error(`This clause-kind model file is version ${String(file.version)}; this release reads version 2.`);
  const lookup = featureLookup(file.features);
  const dense = new Map<string, Float32Array>();
  const weightsOf = (kind: string) => {
    let weights = dense.get(kind);
    const stored = file.kinds[kind];
    if (!weights && stored) {
      const decoded = decodeKind(stored);
      weights = new Float32Array(file.features.length);
      decoded.features.forEach((feature, index) => (weights![feature] = decoded.weights[index]!));
      dense.set(kind, weights);
    }
    return weights;
  };
  return {
    id,
    kinds: Object.keys(file.kinds),
    featuresOf: (text, headings) => lookup(text, headings),
    probability(kind, features) {
      const weights = weightsOf(kind);
      if (!weights) return undefined;
      let z = file.kinds[kind]!.bias;
      for (let at = 0; at < features.length; at++) z += weights[features[at]!]!;
      return sigmoid(z);
    },
    thresholdsOf: (kind) => file.kinds[kind]?.thresholds,
    describe(kind, features, count = 5) {
      const weights = weightsOf(kind);
      if (!weights) return [];
      return [...features]
        .map((id) => ({ feature: file.features[id]!, weight: weights[id]! }))
        .sort((a, b) => b.weight - a.weight)
        .slice(0, count)
        .map(({ feature, weight }) => `${feature} ${weight.toFixed(2)}`);
    },
  };
}
