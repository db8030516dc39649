// Trains the reading of whether a question about a fact-sheet term asks for the term's value
// ("How long do we have to file a claim?") or for something else about the term, which the value
// does not settle ("Who do we call for a filing exception?"): a logistic regression over the
// router's question features (src/core/rag/value-question.ts, ADR 049).
//   npx tsx scripts/clause-model/train-value-question.ts
// Questions asking for the value: the written router sets' questions about the sheet's kinds, the
// bench's tuning rewordings of the payer key's terms, and each off-value writer's controls. Questions
// asking something else: the off-value writers' questions (bench/questions/off-value*.json, each
// written by someone who read neither the contracts nor the code). It measures itself with each
// off-value writer held apart in turn, with a share of the router's writers held apart beside it,
// and on what it never learns from: the second off-value writer, the seventh router set and the
// held-out rewordings. Then it writes the model learnt from everything it may learn from.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seeded, shuffleInPlace } from "./seeded";
import { kindOfField, kindOfPayerField } from "./kinds-of-sets";
import { keptApartOffValueFile, keptApartWrittenFile, offValueFiles, writtenFiles } from "./question-sets";
import { questionKinds } from "../../src/core/rag/question-kinds";
import { isSureRoute, readQuestion } from "../../src/core/rag/question-routing";
import { otherThanValueProbability, OTHER_THAN_VALUE_PROBABILITY, valueQuestionFeatures, type ValueQuestionModelFile } from "../../src/core/rag/value-question";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const modelPath = path.join(repoRoot, "src/core/rag/value-question.model.json");
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), "utf8")) as T;

const EPOCHS = 30;
const LEARNING_RATE = 0.5;
const L2 = 1e-4;
/** As the router's: each feature is left out this often while learning, so no one writer's word decides. */
const DROPOUT = 0.65;

interface Example {
  question: string;
  /** It asks for something other than the term's value. */
  isOther: boolean;
  /** The file it was written in. */
  file: string;
  /** The kind of term it is read as about: what its features are crossed with. */
  kind: string;
}

const sheetKinds = new Set(questionKinds.filter((kind) => kind.factFields).map((kind) => kind.id));
const payerKinds = new Set(Object.values(kindOfPayerField));

/**
 * The kind a question is read as about, as when it is asked: the one the router routes it to surely,
 * if the sheet reads it, else the term it was written for. A question written about one term may be
 * routed to another ("Can we get out early in the first term?" to termination without cause), and
 * the chat then asks of it whether it asks for that other term's value.
 */
function kindAsAsked(question: string, writtenFor: string): string {
  const { routed } = readQuestion(question);
  return routed && isSureRoute(routed) && sheetKinds.has(routed.kind.id) ? routed.kind.id : writtenFor;
}

const example = (question: string, isOther: boolean, file: string, writtenFor: string): Example => ({
  question,
  isOther,
  file,
  kind: kindAsAsked(question, writtenFor),
});

/** A written router set's questions about the kinds the sheet reads a payer key's value for: they ask for the value. */
function routerSetExamples(file: string): Example[] {
  return Object.entries(readJson<Record<string, string[]>>(file))
    .filter(([kind]) => sheetKinds.has(kind) && payerKinds.has(kind))
    .flatMap(([kind, questions]) => questions.map((question) => example(question, false, file, kind)));
}

function offValueExamples(file: string): Example[] {
  const set = readJson<{ "off-value": Record<string, string[]>; settled: Record<string, string[]> }>(file);
  const examples = (byField: Record<string, string[]>, isOther: boolean) =>
    Object.entries(byField).flatMap(([field, questions]) => questions.map((question) => example(question, isOther, file, kindOfField(field, file))));
  return [...examples(set["off-value"], true), ...examples(set.settled, false)];
}

function payerRewordings(file: string): Example[] {
  return Object.entries(readJson<{ payer: Record<string, string[]> }>(file).payer).flatMap(([field, questions]) =>
    questions.map((question) => example(question, false, file, kindOfField(field, file))),
  );
}

/** Everything it may learn from. */
function learntExamples(): Example[] {
  return [...writtenFiles.flatMap(routerSetExamples), ...payerRewordings("bench/questions/rewordings.json"), ...offValueFiles.flatMap(offValueExamples)];
}

export function trainValueQuestion(examples: readonly Example[]): ValueQuestionModelFile {
  const featureIndex = new Map<string, number>();
  const rows = examples.map((example) => ({
    isOther: example.isOther,
    features: valueQuestionFeatures(example.question, example.kind).map((feature) => {
      if (!featureIndex.has(feature)) featureIndex.set(feature, featureIndex.size);
      return featureIndex.get(feature)!;
    }),
  }));
  // The two classes count alike, however many of each were written.
  const others = rows.filter((row) => row.isOther).length;
  const classWeight = { other: rows.length / (2 * others), value: rows.length / (2 * (rows.length - others)) };
  const weights = new Float64Array(featureIndex.size);
  let bias = 0;
  const random = seeded(20261201);
  const order = rows.map((_, index) => index);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = LEARNING_RATE / (1 + epoch / 10);
    shuffleInPlace(order, random);
    for (const rowIndex of order) {
      const row = rows[rowIndex]!;
      const kept = row.features.filter(() => random() >= DROPOUT);
      const features = kept.length > 0 ? kept : row.features;
      let score = bias;
      for (const feature of features) score += weights[feature]!;
      const probability = 1 / (1 + Math.exp(-score));
      const gradient = (probability - (row.isOther ? 1 : 0)) * (row.isOther ? classWeight.other : classWeight.value);
      bias -= rate * gradient;
      for (const feature of features) weights[feature] = weights[feature]! - rate * (gradient + L2 * weights[feature]!);
    }
  }
  // Only the features that keep a weight are written.
  const features: string[] = [];
  const kept: [number, number][] = [];
  // Every feature is present when a question is read: its weight counts by its share of being kept in learning.
  [...featureIndex.keys()].forEach((feature, index) => {
    const scaled = weights[index]! * (1 - DROPOUT);
    if (Math.abs(scaled) < 0.01) return;
    kept.push([features.length, Math.round(scaled * 1000) / 1000]);
    features.push(feature);
  });
  return { features, bias: Math.round(bias * 1000) / 1000, weights: kept };
}

const THRESHOLDS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7];

type Read = readonly [Example, number];

const readAll = (model: ValueQuestionModelFile, measured: readonly Example[]): Read[] =>
  measured.map((example) => [example, otherThanValueProbability(model, example.question, example.kind)] as const);

/** "other held back a/b, value held back c/d" at each threshold, with the balanced error where both kinds are measured. */
function heldBack(reads: readonly Read[]): string {
  return THRESHOLDS.map((threshold) => {
    const share = (isOther: boolean) => {
      const those = reads.filter(([example]) => example.isOther === isOther);
      const held = those.filter(([, probability]) => probability >= threshold).length;
      return { text: `${held}/${those.length}`, missed: those.length === 0 ? undefined : (isOther ? those.length - held : held) / those.length };
    };
    const [other, value] = [share(true), share(false)];
    const balanced = other.missed !== undefined && value.missed !== undefined ? `, balanced error ${((other.missed + value.missed) / 2).toFixed(3)}` : "";
    return `${threshold}: other ${other.text}, value ${value.text}${balanced}`;
  }).join("; ");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const examples = learntExamples();
  const routerFiles = [...new Set(examples.filter((example) => writtenFiles.includes(example.file)).map((example) => example.file))];
  console.log("Held back (read as asking something other than the value) at each threshold, each off-value writer apart in turn:");
  const foldReads = offValueFiles.flatMap((file, fold) => {
    // The router's writers are held apart too, in turn, so the questions asking for the value are also a writer it never read.
    const apart = new Set([file, ...routerFiles.filter((_, index) => index % offValueFiles.length === fold)]);
    const reads = readAll(
      trainValueQuestion(examples.filter((example) => !apart.has(example.file))),
      examples.filter((example) => apart.has(example.file)),
    );
    console.log(`  ${file} with ${apart.size - 1} router sets: ${heldBack(reads)}`);
    return reads;
  });
  console.log(`  every fold: ${heldBack(foldReads)}`);
  const model = trainValueQuestion(examples);
  console.log("Never learnt from:");
  console.log(`  ${keptApartOffValueFile}: ${heldBack(readAll(model, offValueExamples(keptApartOffValueFile)))}`);
  console.log(`  ${keptApartWrittenFile}: ${heldBack(readAll(model, routerSetExamples(keptApartWrittenFile)))}`);
  console.log(`  bench/questions/rewordings-held-out.json: ${heldBack(readAll(model, payerRewordings("bench/questions/rewordings-held-out.json")))}`);
  console.log(`  (the shipped threshold is ${OTHER_THAN_VALUE_PROBABILITY})`);
  writeFileSync(modelPath, `${JSON.stringify(model)}\n`);
  console.log(`${examples.length} examples, ${model.weights.length} weights → ${modelPath}`);
}
