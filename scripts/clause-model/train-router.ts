// Trains the learned half of the question router: a multinomial logistic regression from a
// question's words to the kind of term it asks about (src/core/rag/question-kinds.ts), or to none.
// It learns from questions people would type, written for it (router-questions.json, and the
// bench's tuning rewordings), from CUAD's own question per category, from general questions that
// are about no one kind (router-general-questions.json), and from every kind's cues. The held-out
// rewordings (bench/questions/rewordings-held-out.json) are never read here: they measure it.
//   npx tsx scripts/clause-model/train-router.ts
// It measures itself on held-apart folds of the written questions before it writes the model;
// --hold-out-file=<file> measures one set of questions instead: a written set by held-apart folds
// of its own questions (everything else always learnt from), any other set whole, never learnt from.
//   npx tsx scripts/clause-model/train-router.ts --hold-out-file=scripts/clause-model/router-questions-5.json
// --each-set-apart holds each written set apart in turn instead of folds of questions: how the
// router reads a writer it has never read, what its dropout and SURE_PROBABILITY are chosen by.
//   npx tsx scripts/clause-model/train-router.ts --each-set-apart
// router-questions-7.json is written like the others but kept apart, never learnt from: a seventh
// person's wording to check the router on (ADR 027).
//   npx tsx scripts/clause-model/train-router.ts --hold-out-file=scripts/clause-model/router-questions-7.json
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { seeded, shuffleInPlace } from "./seeded";
import { questionKinds } from "../../src/core/rag/question-kinds";
import {
  isSureRoute,
  MIN_LEARNED_PROBABILITY,
  questionFeatures,
  readWithModel,
  SURE_PROBABILITY,
  type RouterModelFile,
} from "../../src/core/rag/question-routing";
import { kindOfCuadCategory, kindOfField } from "./kinds-of-sets";
import { writtenFiles } from "./question-sets";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const routerModelPath = path.join(repoRoot, "src/core/rag/question-router.model.json");
export const NO_KIND = "none";
function setting(name: string, fallback: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const value = Number(given ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}: expected a number of 0 or more, got ${given}`);
  return value;
}
const EPOCHS = setting("epochs", 40);
const LEARNING_RATE = setting("rate", 0.7);
const L2 = setting("l2", 1e-4);
/**
 * Each time a question is learnt from, each of its features is left out with this probability, so
 * the router cannot lean on one word or form a writer happens to use; chosen by leaving each written
 * set out in turn (ADR 027).
 */
const DROPOUT = setting("dropout", 0.65);
if (DROPOUT >= 1) throw new Error(`--dropout: expected below 1 (the share of features left out), got ${DROPOUT}`);
const FOLDS = 5;

interface Example {
  question: string;
  kind: string;
  /** The written set it comes from, for a written question. */
  file?: string;
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), "utf8")) as T;

/** A set of questions written by kind ("none": about no one kind). */
const questionsOf = (file: string): Example[] =>
  Object.entries(readJson<Record<string, string[]>>(file)).flatMap(([kind, questions]) => questions.map((question) => ({ question, kind })));

/** Every example the router learns from, the held-out rewordings never among them; the written questions first. */
export function routerExamples(): Example[] {
  const written = writtenFiles.flatMap((file) => questionsOf(file).map((example) => ({ ...example, file })));
  const tuningFile = "bench/questions/rewordings.json";
  const tuning = readJson<{ cuad: Record<string, string[]>; payer: Record<string, string[]> }>(tuningFile);
  const reworded = [
    ...Object.entries(tuning.cuad).flatMap(([category, questions]) =>
      questions.map((question) => ({ question, kind: kindOfCuadCategory(category, tuningFile) })),
    ),
    ...Object.entries(tuning.payer).flatMap(([field, questions]) => questions.map((question) => ({ question, kind: kindOfField(field, tuningFile) }))),
  ];
  const general = readJson<string[]>("scripts/clause-model/router-general-questions.json").map((question) => ({ question, kind: NO_KIND }));
  const cues = questionKinds.flatMap((kind) => [...kind.names, ...(kind.suggests ?? [])].map((question) => ({ question, kind: kind.id })));
  return [...written, ...reworded, ...general, ...cues];
}

interface Row {
  kind: number;
  features: number[];
}

/** A row with each feature left out at the dropout rate; never with none left. */
function withDropout(row: Row, random: () => number): Row {
  if (DROPOUT === 0) return row;
  const kept = row.features.filter(() => random() >= DROPOUT);
  return kept.length > 0 ? { kind: row.kind, features: kept } : row;
}

export function trainRouter(examples: readonly Example[]): RouterModelFile {
  const kinds = [...questionKinds.map((kind) => kind.id), NO_KIND];
  const kindIndex = new Map(kinds.map((kind, index) => [kind, index]));
  const featureIndex = new Map<string, number>();
  const rows: Row[] = examples.map((example) => ({
    kind: kindIndex.get(example.kind)!,
    features: questionFeatures(example.question).map((feature) => {
      if (!featureIndex.has(feature)) featureIndex.set(feature, featureIndex.size);
      return featureIndex.get(feature)!;
    }),
  }));
  const width = featureIndex.size;
  const weights = new Float64Array(kinds.length * width);
  const biases = new Float64Array(kinds.length);
  const random = seeded(20261128);
  const order = rows.map((_, index) => index);
  const scores = new Float64Array(kinds.length);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    const rate = LEARNING_RATE / (1 + epoch / 10);
    shuffleInPlace(order, random);
    for (const rowIndex of order) {
      const row = withDropout(rows[rowIndex]!, random);
      let max = -Infinity;
      for (let kind = 0; kind < kinds.length; kind++) {
        let z = biases[kind]!;
        for (const feature of row.features) z += weights[kind * width + feature]!;
        scores[kind] = z;
        max = Math.max(max, z);
      }
      let total = 0;
      for (let kind = 0; kind < kinds.length; kind++) total += scores[kind] = Math.exp(scores[kind]! - max);
      for (let kind = 0; kind < kinds.length; kind++) {
        const gradient = scores[kind]! / total - (kind === row.kind ? 1 : 0);
        biases[kind] = biases[kind]! - rate * gradient;
        for (const feature of row.features) {
          const slot = kind * width + feature;
          weights[slot] = weights[slot]! - rate * (gradient + L2 * weights[slot]!);
        }
      }
    }
  }
  const features = [...featureIndex.keys()];
  return {
    features,
    kinds: Object.fromEntries(
      kinds.map((kind, index) => {
        const kept: [number, number][] = [];
        for (let feature = 0; feature < width; feature++) {
          // Every feature is present when a question is routed: its weight counts by its share of being kept in learning.
          const weight = weights[index * width + feature]! * (1 - DROPOUT);
          if (Math.abs(weight) >= 0.01) kept.push([feature, Math.round(weight * 1000) / 1000]);
        }
        return [kind, { bias: Math.round(biases[index]! * 1000) / 1000, weights: kept }];
      }),
    ),
  };
}

/** How the router routes a question: right when to the kind it was written for or, about no one kind, nowhere; sure when sure enough to answer from the kind alone. */
interface Routing {
  right: boolean;
  sure: boolean;
  /** The learned router's probability for the kind it routed to; 0 when it did not route. */
  probability: number;
  /** Routed by the learned router, unsurely, to a kind the fact sheet reads a value for. */
  isUnsureToSheetKind: boolean;
  /** The runner-up read beside an unsure route is the kind the question was written for. */
  isRunnerUpRight: boolean;
}

function routing(model: RouterModelFile, example: Example): Routing {
  const { routed, runnerUp } = readWithModel(model, example.question);
  const byModel = routed !== undefined && routed.matched.length === 0;
  const sure = routed !== undefined && isSureRoute(routed);
  return {
    right: (routed?.kind.id ?? NO_KIND) === example.kind,
    sure,
    probability: byModel ? routed.score : 0,
    isUnsureToSheetKind: byModel && !sure && routed.kind.factFields !== undefined,
    isRunnerUpRight: runnerUp?.id === example.kind,
  };
}

/**
 * Whether each measured question is routed right: by held-apart folds when the questions are learnt
 * from (each fold's model learns everything but that fold; with --each-set-apart, each written set
 * is a fold: a writer the model has never read), else by the model learnt from everything.
 */
function routedRightOn(examples: readonly Example[], measured: readonly Example[]): Map<Example, Routing> {
  const results = new Map<Example, Routing>();
  if (!measured.some((example) => examples.includes(example))) {
    const model = trainRouter(examples);
    for (const example of measured) results.set(example, routing(model, example));
    return results;
  }
  const bySet = process.argv.includes("--each-set-apart");
  const folds = bySet ? [...new Set(measured.map((example) => example.file))] : Array.from({ length: FOLDS }, (_, fold) => fold);
  for (const fold of folds) {
    const held = new Set(measured.filter((example, index) => (bySet ? example.file === fold : index % FOLDS === fold)));
    const model = trainRouter(examples.filter((example) => !held.has(example)));
    for (const example of held) results.set(example, routing(model, example));
  }
  return results;
}

/** How often a route at each probability or more is right: what `SURE_PROBABILITY` is chosen by. */
function rightByProbability(results: ReadonlyArray<[Example, Routing]>): string {
  return [MIN_LEARNED_PROBABILITY, 0.5, 0.6, 0.7, 0.8, 0.9]
    .map((least) => {
      const routes = results.filter(([, routed]) => routed.probability >= least);
      const right = routes.filter(([, routed]) => routed.right).length;
      return `${least}: ${right}/${routes.length} (${(right / routes.length).toFixed(3)})`;
    })
    .join(", ");
}

/**
 * How often an unsure route to a fact-sheet kind is right, and how often its runner-up is when it is
 * not: whether such a route could answer with the sheet's value unconfirmed (ADR 027: it cannot).
 */
function unsureSheetRoutes(results: ReadonlyArray<[Example, Routing]>): string {
  const routes = results.filter(([, routed]) => routed.isUnsureToSheetKind);
  const wrong = routes.filter(([, routed]) => !routed.right);
  const aboutNone = wrong.filter(([example]) => example.kind === NO_KIND).length;
  const runnerUpRight = wrong.filter(([, routed]) => routed.isRunnerUpRight).length;
  return `${routes.length - wrong.length}/${routes.length} right; of the ${wrong.length} wrong, ${runnerUpRight} had the right runner-up and ${aboutNone} were about no one kind`;
}

/** "right/all (about a kind right/all, about none left unrouted right/all; sure routes right/all)". */
function tally(results: ReadonlyArray<[Example, Routing]>): string {
  const count = (about: (example: Example, routed: Routing) => boolean) => {
    const those = results.filter(([example, routed]) => about(example, routed));
    return `${those.filter(([, routed]) => routed.right).length}/${those.length}`;
  };
  return (
    `${count(() => true)} (about a kind ${count((example) => example.kind !== NO_KIND)}, ` +
    `about none left unrouted ${count((example) => example.kind === NO_KIND)}; routes at ${SURE_PROBABILITY} or more ${count((_, routed) => routed.sure)})`
  );
}

/** The questions --hold-out-file names (a written set's own examples, so its folds are held apart), or every written question. */
function measuredQuestions(examples: readonly Example[]): { label: string; measured: Example[] } {
  const argument = process.argv.find((arg) => arg.startsWith("--hold-out-file="))?.slice("--hold-out-file=".length);
  if (!argument) return { label: "written questions routed right on held-apart folds", measured: examples.filter((example) => example.file) };
  const file = path.relative(repoRoot, path.resolve(argument));
  if (!existsSync(path.join(repoRoot, file))) throw new Error(`--hold-out-file: no such file ${argument}`);
  if (writtenFiles.includes(file)) return { label: `${file} routed right on held-apart folds`, measured: examples.filter((example) => example.file === file) };
  const known = new Set([...questionKinds.map((kind) => kind.id), NO_KIND]);
  const questions = questionsOf(file);
  if (questions.length === 0 || questions.some((example) => !known.has(example.kind) || typeof example.question !== "string"))
    throw new Error(`--hold-out-file: ${argument} is not a set of questions by kind (kind id or "none" → questions)`);
  return { label: `${file} (never learnt from) routed right`, measured: questions };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const examples = routerExamples();
  const { label, measured } = measuredQuestions(examples);
  const results = [...routedRightOn(examples, measured)];
  console.log(`${label}${process.argv.includes("--each-set-apart") ? ", each written set apart" : ""}: ${tally(results)}`);
  console.log(`  routes right at each probability or more: ${rightByProbability(results)}`);
  console.log(`  unsure routes to a kind the fact sheet reads: ${unsureSheetRoutes(results)}`);
  for (const file of new Set(measured.map((example) => example.file)))
    if (file && measured.some((example) => example.file !== file)) console.log(`  ${file}: ${tally(results.filter(([example]) => example.file === file))}`);
  const model = trainRouter(examples);
  writeFileSync(routerModelPath, `${JSON.stringify(model)}\n`);
  console.log(`${examples.length} examples, ${model.features.length} features → ${routerModelPath}`);
}
