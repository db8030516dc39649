// Trains the clause-kind model: for each CUAD clause kind, a logistic regression over the words of a
// sentence (see src/core/rag/clause-features.ts) that tells how likely the sentence is that kind of
// clause. Trained on cuad-train only (prepared by prepare.ts), in five folds by contract: each fold's
// model is trained on the other four and measured on it, so the figures are on contracts the model
// never saw. The shipped model is then trained on every contract.
//   npx tsx scripts/clause-model/train.ts            five folds, then the shipped model
//   npx tsx scripts/clause-model/train.ts --folds-only
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seeded, shuffleInPlace } from "./seeded";
import { sentenceFeatures } from "../../src/core/rag/clause-features";
import { encodeKind, loadClauseModel, type ClauseModelFile, type KindThresholds, type KindWeights } from "../../src/core/rag/clause-model";
import { outcomesOf, thresholdsFrom, type KindOutcome } from "./held-out";
import type { PreparedContract } from "./prepare";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const cacheDirectory = path.join(repoRoot, ".data/clause-model");
export const shippedModelPath = path.join(repoRoot, "src/server/adapters/clause-model/clause-kinds.model.json");
export const FOLDS = 5;

const settingArgument = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);

/** Kinds answered from the document's opening, not from a clause: the model leaves them out. */
const openingKinds = new Set(["Document Name", "Parties", "Agreement Date"]);
/** A kind needs this many contracts with it to be learnt. */
const MIN_CONTRACTS = 10;
/** A feature must occur in this many training contracts to be kept: a word only one contract uses (a party's name) teaches nothing general. */
const MIN_FEATURE_CONTRACTS = settingArgument("min-contracts", 5);
const EPOCHS = settingArgument("epochs", 4);
const LEARNING_RATE = settingArgument("rate", 0.05);
const L2 = settingArgument("l2", 1e-4);
/** Weights smaller than this are left out of the file: they change no decision. */
const MIN_KEPT_WEIGHT = 0.05;

export interface Example {
  contract: number;
  features: Int32Array;
  kinds: Set<string>;
}

/** Which fold a contract is in: by a hash of its id, so the split never depends on file order. */
export function foldOf(contractId: string): number {
  return createHash("sha256").update(contractId).digest()[0]! % FOLDS;
}

export function readPrepared(set: string): PreparedContract[] {
  return readFileSync(path.join(cacheDirectory, `${set}.jsonl`), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as PreparedContract);
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

/** A model before its thresholds are read from contracts it did not see. */
interface UntunedModel {
  description: string;
  features: string[];
  kinds: Record<string, Omit<KindWeights, "thresholds">>;
}

/** Trains one model on the given contracts. */
export function trainModel(contracts: readonly PreparedContract[], description: string): UntunedModel {
  const featureLists = contracts.map((contract) => contract.sentences.map((sentence) => sentenceFeatures(sentence.text, sentence.headings)));
  const contractCounts = new Map<string, number>();
  for (const sentences of featureLists) for (const feature of new Set(sentences.flat())) contractCounts.set(feature, (contractCounts.get(feature) ?? 0) + 1);
  const features = [...contractCounts]
    .filter(([, count]) => count >= MIN_FEATURE_CONTRACTS)
    .map(([feature]) => feature)
    .sort();
  const featureIndex = new Map(features.map((feature, index) => [feature, index]));
  const contractsWith = new Map<string, number>();
  for (const contract of contracts)
    for (const kind of new Set(contract.sentences.flatMap((sentence) => sentence.kinds))) contractsWith.set(kind, (contractsWith.get(kind) ?? 0) + 1);
  const kinds = [...contractsWith]
    .filter(([kind, count]) => count >= MIN_CONTRACTS && !openingKinds.has(kind))
    .map(([kind]) => kind)
    .sort();

  const examples: Example[] = [];
  contracts.forEach((contract, contractIndex) =>
    contract.sentences.forEach((sentence, sentenceIndex) => {
      const ids = featureLists[contractIndex]![sentenceIndex]!.map((feature) => featureIndex.get(feature)).filter((id): id is number => id !== undefined);
      examples.push({ contract: contractIndex, features: Int32Array.from(ids), kinds: new Set(sentence.kinds) });
    }),
  );
  const width = features.length;
  const weights = new Float32Array(kinds.length * width);
  const squares = new Float32Array(kinds.length * width).fill(1e-6);
  const biases = new Float64Array(kinds.length);
  const biasSquares = new Float64Array(kinds.length).fill(1e-6);
  // Positives are rare (a few sentences a contract): each weighs as much as the square root of how much rarer it is.
  const positiveWeights = kinds.map((kind) => {
    const positives = examples.filter((example) => example.kinds.has(kind)).length;
    return Math.sqrt((examples.length - positives) / Math.max(1, positives));
  });
  const random = seeded(20261128);
  const order = examples.map((_, index) => index);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    shuffleInPlace(order, random);
    for (const exampleIndex of order) {
      const example = examples[exampleIndex]!;
      const ids = example.features;
      for (let kind = 0; kind < kinds.length; kind++) {
        const offset = kind * width;
        let z = biases[kind]!;
        for (let at = 0; at < ids.length; at++) z += weights[offset + ids[at]!]!;
        const isPositive = example.kinds.has(kinds[kind]!);
        const gradient = (sigmoid(z) - (isPositive ? 1 : 0)) * (isPositive ? positiveWeights[kind]! : 1);
        if (Math.abs(gradient) < 1e-4) continue;
        biasSquares[kind] = biasSquares[kind]! + gradient * gradient;
        biases[kind] = biases[kind]! - (LEARNING_RATE * gradient) / Math.sqrt(biasSquares[kind]!);
        for (let at = 0; at < ids.length; at++) {
          const slot = offset + ids[at]!;
          const step = gradient + L2 * weights[slot]!;
          squares[slot] = squares[slot]! + step * step;
          weights[slot] = weights[slot]! - (LEARNING_RATE * step) / Math.sqrt(squares[slot]!);
        }
      }
    }
  }
  const used = new Set<number>();
  const kindWeights = kinds.map((kind, kindIndex) => {
    const indices: number[] = [];
    const values: number[] = [];
    for (let feature = 0; feature < width; feature++) {
      const value = weights[kindIndex * width + feature]!;
      if (Math.abs(value) < MIN_KEPT_WEIGHT) continue;
      indices.push(feature);
      values.push(Math.round(value * 1000) / 1000);
      used.add(feature);
    }
    return { kind, bias: Math.round(biases[kindIndex]! * 1000) / 1000, indices, values };
  });
  // Only features some kind weighs are kept, renumbered.
  const keptFeatures = [...used].sort((a, b) => a - b);
  const renumbered = new Map(keptFeatures.map((feature, index) => [feature, index]));
  return {
    description,
    features: keptFeatures.map((feature) => features[feature]!),
    kinds: Object.fromEntries(
      kindWeights.map(({ kind, bias, indices, values }) => [kind, { bias, features: indices.map((feature) => renumbered.get(feature)!), weights: values }]),
    ),
  };
}

export function foldModelPath(fold: number): string {
  return path.join(cacheDirectory, `fold-${fold}.model.json`);
}

/** The model with each kind's thresholds; a kind no held-out contract was asked about decides only at the extremes. */
function withThresholds(model: UntunedModel, thresholds: ReadonlyMap<string, KindThresholds>): ClauseModelFile {
  const untried: KindThresholds = { answer: 0.995, lead: 0.995, closest: 0.5 };
  return {
    version: 2,
    ...model,
    kinds: Object.fromEntries(
      Object.entries(model.kinds).map(([kind, weights]) => [kind, encodeKind({ ...weights, thresholds: thresholds.get(kind) ?? untried })]),
    ),
  };
}

/** How each fold's contracts fared with the model trained without them. */
function heldOutOutcomes(contracts: readonly PreparedContract[], models: readonly UntunedModel[]): KindOutcome[][] {
  return models.map((model, fold) => {
    const scorer = loadClauseModel(withThresholds(model, new Map()), "in training");
    return contracts.filter((contract) => foldOf(contract.contractId) === fold).flatMap((contract) => outcomesOf(scorer, contract));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const contracts = readPrepared("cuad-train");
  mkdirSync(cacheDirectory, { recursive: true });
  const foldModels: UntunedModel[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const started = performance.now();
    const training = contracts.filter((contract) => foldOf(contract.contractId) !== fold);
    foldModels.push(trainModel(training, `cuad-train without fold ${fold} of ${FOLDS}`));
    console.log(`fold ${fold}: ${foldModels[fold]!.features.length} features, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  // A fold's thresholds come from the other folds' contracts, so measuring a fold never uses its own scores.
  const heldOut = heldOutOutcomes(contracts, foldModels);
  foldModels.forEach((model, fold) => {
    const others = heldOut.filter((_, other) => other !== fold).flat();
    writeFileSync(foldModelPath(fold), JSON.stringify(withThresholds(model, thresholdsFrom(others))));
  });
  if (!process.argv.includes("--folds-only")) {
    const model = withThresholds(trainModel(contracts, `all ${contracts.length} contracts of cuad-train`), thresholdsFrom(heldOut.flat()));
    writeFileSync(shippedModelPath, `${JSON.stringify(model)}\n`);
    console.log(`shipped model: ${model.features.length} features → ${shippedModelPath}`);
  }
}
