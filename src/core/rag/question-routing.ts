import { remembered } from "../../shared/remembered";
import { questionKindById, questionKinds, type QuestionKind } from "./question-kinds";
import shippedRouterModel from "./question-router.model.json";
import { stem, tokenize } from "./text";

/** Words that only shape a sentence: a cue and a question are compared without them. */
const fillers = new Set(
  (
    "a an the this that these those it its is are was were be been being am do does did doing will would shall should can could may might must " +
    "of any some there we us you they them i my your me he she his her has have had our their ours theirs please explain also just " +
    "really actually exactly currently"
  ).split(" "),
);

/**
 * Words a question about any kind may use — the document, its parties, how a question is asked —
 * which say nothing of which kind it is about when they stand alone.
 */
const generalWords = new Set(
  (
    "contract contracts agreement agreements document deal party parties side sides other another company companies us them someone anyone " +
    "what which who whom when where why how is there any clause section provision term terms say says said get gets give gives make made " +
    "need needs want allowed allow able right rights required require requirement happen happens if under about with without for from to in on at by or and not no"
  ).split(" "),
);

/** A text's words as the router compares them: stems, fillers left out. */
export function keyStems(text: string): string[] {
  return tokenize(text.replace(/[’‘]/g, "'"))
    .filter((word) => !fillers.has(word))
    .map(stem);
}

/** Words at least this long also count by their runs of four letters: a typo or another form of the word still shares most of them. */
const MIN_SPELLED_WORD = 5;

/**
 * What the learned router reads of a question: its words (stems, fillers left out), pairs of
 * neighbouring words, and each longer word's runs of four letters ("exlusive" still reads as
 * "exclusive"); and its words as typed, fillers kept, alone and in pairs — the form of a question
 * ("how long", "who", "when", "can we") says what kind of answer it seeks.
 */
export function questionFeatures(question: string): string[] {
  const words = keyStems(question);
  const features = new Set(words.map((word) => `u:${word}`));
  for (let index = 0; index + 1 < words.length; index++) features.add(`b:${words[index]}_${words[index + 1]}`);
  // As typed: every run of letters or digits, so "don't" keeps its "t" and "what's" its "s".
  const typed = question.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  for (const word of typed) features.add(`w:${word}`);
  for (let index = 0; index + 1 < typed.length; index++) features.add(`p:${typed[index]}_${typed[index + 1]}`);
  for (const word of words) if (word.length >= MIN_SPELLED_WORD) for (let at = 0; at + 4 <= word.length; at++) features.add(`c:${word.slice(at, at + 4)}`);
  return [...features];
}

/** How much a cue counts by how plainly it names the kind. */
const tierWeights = { names: 3, suggests: 1, hints: 0.4 } as const;
type CueTier = keyof typeof tierWeights;
/** A cue's words may have this many other words between them in the question ("end the contract early" for "end early"). */
const MAX_GAP = 2;

interface Cue {
  stems: string[];
  weight: number;
  tier: CueTier;
}

interface KindCues {
  kind: QuestionKind;
  cues: Cue[];
  /** Each word of its cues, by stem, with the weight of the plainest cue it is in. */
  words: Map<string, number>;
}

/** Every kind's cues as stems, made once. */
let cueTable: KindCues[] | undefined;

/** A word of a cue counts alone this share of its cue's tier weight, times how few kinds use it. */
const WORD_SHARE = 0.5;

/**
 * A name of several words that its fillers reduce to one ("pay us", "their workers", "lesser of")
 * says no more than that one word does, which names nothing on its own: it counts as a suggestion.
 */
function tierOf(text: string, stems: readonly string[], tier: CueTier): CueTier {
  return tier === "names" && stems.length === 1 && tokenize(text).length > 1 ? "suggests" : tier;
}

function cuesOf(): KindCues[] {
  if (cueTable) return cueTable;
  const table = questionKinds.map((kind) => {
    const cues = (["names", "suggests", "hints"] as const).flatMap((tier) =>
      (kind[tier] ?? [])
        .map((text) => {
          const stems = keyStems(text);
          return { stems, tier: tierOf(text, stems, tier) };
        })
        .filter(({ stems }) => stems.length > 0)
        // A cue of several words says more than one of its words alone.
        .map(({ stems, tier }) => ({ stems, weight: tierWeights[tier] * (1 + 0.5 * (stems.length - 1)), tier })),
    );
    const words = new Map<string, number>();
    for (const cue of cues) for (const word of cue.stems) if (!generalWords.has(word)) words.set(word, Math.max(words.get(word) ?? 0, tierWeights[cue.tier]));
    return { kind, cues, words };
  });
  // A word many kinds use tells them apart less: weighed by its rarity among the kinds.
  const kindsWith = new Map<string, number>();
  for (const entry of table) for (const word of entry.words.keys()) kindsWith.set(word, (kindsWith.get(word) ?? 0) + 1);
  for (const entry of table)
    for (const [word, weight] of entry.words)
      entry.words.set(word, (weight * WORD_SHARE * Math.log(1 + table.length / kindsWith.get(word)!)) / Math.log(1 + table.length));
  cueTable = table;
  return table;
}

/**
 * Whether a text (a sentence with its clause's heading) uses one of the words people use for the
 * kind: a sentence the model scores as the kind but that names nothing of it may be the kind's
 * clause, but is not read as stating a fact or a Yes about it.
 */
export function mentionsKind(kind: QuestionKind, text: string): boolean {
  const entry = cuesOf().find((candidate) => candidate.kind === kind);
  return entry !== undefined && keyStems(text).some((word) => entry.words.has(word));
}

/** Whether the cue's words occur in the question in order, at most MAX_GAP words apart. */
function occursIn(question: readonly string[], cue: readonly string[]): boolean {
  const from = (word: number, at: number): boolean => {
    if (word === cue.length) return true;
    for (let next = at; next < question.length && next <= at + MAX_GAP; next++) if (question[next] === cue[word] && from(word + 1, next + 1)) return true;
    return false;
  };
  for (let at = 0; at < question.length; at++) if (question[at] === cue[0] && from(1, at + 1)) return true;
  return false;
}

/** One kind a question may be about, and how strongly its words say so. */
export interface RoutedKind {
  kind: QuestionKind;
  score: number;
  /** The cues that matched, as stems, strongest first. */
  matched: string[];
}

/** The strongest cue counts whole; each further one less, so many weak words do not outweigh one clear name. */
const FURTHER_CUE_SHARES = [1, 0.5, 0.25];

function scoreKind(question: readonly string[], { kind, cues, words }: KindCues): RoutedKind | undefined {
  const matched = cues.filter((cue) => occursIn(question, cue.stems)).sort((a, b) => b.weight - a.weight);
  // A cue inside a longer matched cue of the same kind adds nothing: "renewal" within "automatic renewal".
  const distinct = matched.filter((cue, index) => !matched.slice(0, index).some((longer) => occursIn(longer.stems, cue.stems)));
  const phraseScore = distinct.reduce((sum, cue, index) => sum + cue.weight * (FURTHER_CUE_SHARES[index] ?? 0.25), 0);
  // Each of the question's own words that the kind's cues use, however the question strings them together.
  const wordScore = [...new Set(question)].reduce((sum, word) => sum + (words.get(word) ?? 0), 0);
  if (phraseScore + wordScore === 0) return undefined;
  return { kind, score: phraseScore + wordScore, matched: distinct.map((cue) => cue.stems.join(" ")) };
}

/** The kinds of `entries` that words (stems) point to, strongest first. */
function kindsNamedBy(stems: readonly string[], entries: readonly KindCues[]): RoutedKind[] {
  return entries
    .map((entry) => scoreKind(stems, entry))
    .filter((routed): routed is RoutedKind => routed !== undefined)
    .sort((a, b) => b.score - a.score);
}

/** The kinds a question's words point to, strongest first. */
export const rankQuestionKinds: (question: string) => readonly RoutedKind[] = remembered("rag.question-kinds", 2_000, (question: string) => {
  const asked = question.toLowerCase().replace(/[’‘]/g, "'");
  return kindsNamedBy(
    keyStems(question),
    cuesOf().filter(({ kind }) => !kind.excludedBy?.test(asked)),
  );
});

/** A question is routed to a kind when its words name it (one clear cue, or two that point to it)… */
export const MIN_ROUTING_SCORE = 2;
/** …and clearly more than any other kind. */
export const MIN_ROUTING_MARGIN = 1.15;

/** The kind the cues name, when they name one clearly. */
function routeByCues(question: string): RoutedKind | undefined {
  const [best, second] = rankQuestionKinds(question);
  if (!best || best.score < MIN_ROUTING_SCORE) return undefined;
  if (second && best.score < second.score * MIN_ROUTING_MARGIN) return undefined;
  return best;
}

/** The learned router as scripts/clause-model/train-router.ts writes it: per kind (and "none"), a bias and its features' weights. */
export interface RouterModelFile {
  features: string[];
  kinds: Record<string, { bias: number; weights: [number, number][] }>;
}

/**
 * A model's weights by feature, so a question reads only the weights of the features it has: each
 * feature's weights lie together in two flat arrays, from its offset to the next feature's (built
 * several times faster than a list per feature, on the first question that reads the model).
 */
interface RouterIndex {
  kinds: string[];
  biases: number[];
  featureNumbers: Map<string, number>;
  /** Feature n's weights are at [offsets[n], offsets[n + 1]) of `weightKinds` and `weights`. */
  offsets: Int32Array;
  weightKinds: Int32Array;
  weights: Float64Array;
}

const routerIndexes = new WeakMap<RouterModelFile, RouterIndex>();

function routerIndexOf(model: RouterModelFile): RouterIndex {
  const known = routerIndexes.get(model);
  if (known) return known;
  const entries = Object.entries(model.kinds);
  const offsets = new Int32Array(model.features.length + 1);
  for (const [, { weights }] of entries) for (const [feature] of weights) offsets[feature + 1]!++;
  for (let feature = 0; feature < model.features.length; feature++) offsets[feature + 1]! += offsets[feature]!;
  const filled = offsets.slice(0, -1);
  const weightKinds = new Int32Array(offsets[model.features.length]!);
  const weights = new Float64Array(weightKinds.length);
  entries.forEach(([, kind], kindNumber) => {
    for (const [feature, weight] of kind.weights) {
      const at = filled[feature]!++;
      weightKinds[at] = kindNumber;
      weights[at] = weight;
    }
  });
  const index: RouterIndex = {
    kinds: entries.map(([kind]) => kind),
    biases: entries.map(([, { bias }]) => bias),
    featureNumbers: new Map(model.features.map((feature, number) => [feature, number])),
    offsets,
    weightKinds,
    weights,
  };
  routerIndexes.set(model, index);
  return index;
}

/** How likely the question is about each kind (and about none), by the learned router. */
export function kindProbabilities(model: RouterModelFile, question: string): Map<string, number> {
  const { kinds, biases, featureNumbers, offsets, weightKinds, weights } = routerIndexOf(model);
  const scores = [...biases];
  for (const feature of questionFeatures(question)) {
    const number = featureNumbers.get(feature);
    if (number === undefined) continue;
    for (let at = offsets[number]!; at < offsets[number + 1]!; at++) scores[weightKinds[at]!]! += weights[at]!;
  }
  const max = Math.max(...scores);
  const total = scores.reduce((sum, z) => sum + Math.exp(z - max), 0);
  return new Map(kinds.map((kind, index) => [kind, Math.exp(scores[index]! - max) / total]));
}

/**
 * A route the learned router gives at least this probability is right 98.8% of the time when each
 * of the 21 written sets is held apart in turn, and at least 97% for each one of them — writers it
 * has never read; below it, about two times in three (ADR 027): such a route's answer must also be
 * confirmed by the question's own words.
 */
export const SURE_PROBABILITY = 0.7;

/** Whether a route is sure enough to answer from the kind alone. */
export function isSureRoute(routed: RoutedKind): boolean {
  return routed.matched.length === 0 && routed.score >= SURE_PROBABILITY;
}

/** The learned router routes on its own when it is this sure (held-apart folds of the written questions: 0.3 routes best). */
export const MIN_LEARNED_PROBABILITY = 0.3;

/** How the router reads a question: the kind it asks about, if any, and for an unsure route or none the kind to read too. */
export interface QuestionReading {
  routed?: RoutedKind;
  /**
   * When the learned router is unsure of its kind: the next likeliest kind the question's words do
   * not rule out. On the written sets, each held out in turn, it is the right kind more than a
   * quarter of the time (139 of 480), each time where the first kind is wrong. When it routes no kind, the
   * likeliest kind it found: read only where the question's words find no answer.
   */
  runnerUp?: QuestionKind;
}

/**
 * A runner-up this unlikely is seldom right (2 of the 53 below it on the written sets), and one
 * after "about no one kind" seldom either (2 of 21, where 7 were about no kind): neither is read.
 */
export const MIN_RUNNER_UP_PROBABILITY = 0.1;

/** Words that only ask, as stems: a question of these and fillers alone names nothing. */
const askingStems = new Set("what which who whom whose when where why how about so then and or but ok okay yes no not".split(" ").map(stem));

/**
 * Whether a question only asks, naming nothing ("what about it?", "was it?"): the learned router
 * reads the form of a question too, and from the form alone it may be sure of a kind it has no word for.
 */
function asksOnly(question: string): boolean {
  return keyStems(question).every((word) => askingStems.has(word));
}

/**
 * The kind a question asks about: the learned router's when it is sure and the kind is not ruled
 * out by the question's words; else, unless it finds the question about no one kind ("What are the
 * key terms?"), the cues', when they name one clearly. No route otherwise — but the likeliest kind
 * the router found, at MIN_RUNNER_UP_PROBABILITY or more, is its runner-up.
 */
export function readWithModel(model: RouterModelFile, question: string): QuestionReading {
  if (asksOnly(question)) return {};
  const asked = question.toLowerCase().replace(/[’‘]/g, "'");
  const ranked = [...kindProbabilities(model, question)].sort((a, b) => b[1] - a[1]);
  const [[kindId, probability] = ["none", 0], ...others] = ranked;
  const kind = questionKindById.get(kindId);
  const isRuledOut = (id: string) => questionKindById.get(id)?.excludedBy?.test(asked) === true;
  /** A kind likely enough to be read as the runner-up; none for "about no one kind". */
  const readable = (entry: readonly [string, number] | undefined) =>
    entry && entry[1] >= MIN_RUNNER_UP_PROBABILITY ? questionKindById.get(entry[0]) : undefined;
  if (kind && probability >= MIN_LEARNED_PROBABILITY && !isRuledOut(kindId)) {
    const routed = { kind, score: probability, matched: [] };
    if (probability >= SURE_PROBABILITY) return { routed };
    // The next likeliest the question's words do not rule out ("about no one kind" included: then none is read).
    return { routed, runnerUp: readable(others.find(([id]) => !isRuledOut(id))) };
  }
  const byCues = kindId === "none" ? undefined : routeByCues(question);
  if (byCues) return { routed: byCues };
  // No route: the likeliest kind the question's words do not rule out.
  return { runnerUp: readable(ranked.find(([id]) => questionKindById.has(id) && !isRuledOut(id))) };
}

const routerModel = shippedRouterModel as unknown as RouterModelFile;

/** The one kind a question is about, when its words say so clearly, and for an unsure route the kind next likeliest. */
export function readQuestion(question: string): QuestionReading {
  return readWithModel(routerModel, question);
}
