// Question-answering benchmark (issue 21). Every contract is processed by the real pipeline and asked
// through the chat service, in CUAD's wording and in two sets of rewordings of our own
// (bench/questions/rewordings*.json), and each reply's outcome is scored:
//   - cuad-train, in five folds by contract: each fold's contracts are answered with the clause-kind
//     model trained without them (scripts/clause-model/train.ts writes .data/clause-model/fold-N),
//     so its figures are on contracts the model never saw;
//   - cuad-dev with the shipped model (a check, never tuned on);
//   - payer-dev: questions a biller would type, three wordings per key term, scored against the
//     hand-read key (value and page), and every field's chat answer compared with the fact sheet;
//     the same again for the seventh written router set's questions (kept apart, never learnt from);
//     and questions naming a sheet term that ask what its value does not settle ("Who decides our
//     appeal?"), by writers who read neither the contracts nor the code (bench/questions/off-value*.json):
//     how often the reply leads with the sheet's value, measured on the writer kept apart (ADR 049).
// Answerable questions: how often the reply is an Answer, how often an Answer cites a lawyer-marked
// span, how often it says "not addressed"; questions about clauses a contract lacks: how often the
// reply asserts anything (an Answer) and how often it leads with a bold fact or Yes/No. Also
// retrieval recall and page hit at 5, quotes verbatim on their page, and the first streamed byte on
// a 300-page document. Run alone with `npx tsx bench/question-answering.ts`; QA_BENCH_SETS picks
// sets (cuad-dev,payer-dev,cuad-train), QA_BENCH_TRAIN_CONTRACTS caps cuad-train's contracts per fold.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { Actor } from "../src/core/access/actor";
import { questionKinds } from "../src/core/rag/question-kinds";
import { analyzeQuery, prepareQuestionReading } from "../src/core/rag/query-analysis";
import { valuesForKind } from "../src/core/rag/fact-answer";
import type { Container } from "../src/server/container";
import type { AnswerOutcome, AssistantMetadata, ChatStreamEvent } from "../src/shared/contracts/chat";
import { productLineLabels } from "../src/shared/fact-sheet";
import { findQuote } from "../src/core/documents/quote-match";
import { kindOfCategory, kindOfPayerField } from "../scripts/clause-model/kinds-of-sets";
import { foldOf } from "../scripts/clause-model/train";
import { keptApartOffValueFile, keptApartWrittenFile, offValueFiles } from "../scripts/clause-model/question-sets";
import { canonical, cuadSet, repoRoot } from "../tests/support/documents/cuad-dev";
import { openBenchContainer, readySheet, settledDocument } from "./support/bench-container";
import { loadAverage, percentile } from "./support/bench-measures";

const TARGETS = {
  answerCitesGold: 0.82,
  answerableRefused: 0.04,
  noClauseNoAssertion: 0.92,
  noClauseLed: 0.03,
  payerKey: 0.9,
  /** As for questions about clauses a contract lacks: a bold lead is an assertion. */
  offValueLed: 0.03,
  rewordingGap: 0.03,
  recallAt5: 0.92,
  pageHitAt5: 0.96,
  firstByteP95Ms: 150,
};
const FOLDS = 5;
const LONG_DOCUMENT_PAGES = 300;
/** A passage "holds" a gold span when it contains it whole, or — for a span longer than this — a verbatim run of 250 canonical characters of it. */
const LONG_SPAN_CHARS = 300;

const ratio = (hits: number, total: number) => (total ? hits / total : 0);
const format = (value: number) => value.toFixed(3);
const share = (hits: number, total: number) => `${format(ratio(hits, total))} (${hits}/${total})`;

export function holdsSpan(passage: string, span: string): boolean {
  if (!span) return false;
  if (span.length <= LONG_SPAN_CHARS) return passage.includes(span);
  for (let start = 0; start + 250 <= span.length; start += 50) if (passage.includes(span.slice(start, start + 250))) return true;
  return false;
}

type Wording = "bench" | "rewordings" | "held-out";
const wordings: Wording[] = ["bench", "rewordings", "held-out"];

interface Rewordings {
  cuad: Record<string, string[]>;
  payer: Record<string, string[]>;
}

function readRewordings(wording: Exclude<Wording, "bench">): Rewordings {
  return JSON.parse(
    readFileSync(path.join(repoRoot, "bench/questions", wording === "rewordings" ? "rewordings.json" : "rewordings-held-out.json"), "utf8"),
  ) as Rewordings;
}

/** One of a kind's rewordings for this contract, the same each run: every wording is asked, spread over the contracts. */
function rewordingFor(options: readonly string[], contractId: string, category: string): string {
  let hash = 0;
  for (const char of `${contractId}|${category}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return options[hash % options.length]!;
}

interface Reply {
  outcome: AnswerOutcome;
  content: string;
  metadata: AssistantMetadata;
  firstByteMs: number;
}

async function ask(container: Container, actor: Actor, documentId: string, question: string): Promise<Reply> {
  const started = performance.now();
  let firstByteMs: number | undefined;
  let reply: Omit<Reply, "firstByteMs"> | undefined;
  for await (const event of (await container.chat.ask(actor, { documentId, question })) as AsyncGenerator<ChatStreamEvent>) {
    if (event.type === "delta" && firstByteMs === undefined) firstByteMs = performance.now() - started;
    if (event.type === "done" && "citations" in event.message.metadata) {
      const metadata = event.message.metadata as AssistantMetadata;
      reply = { outcome: metadata.outcome ?? "answer", content: event.message.content, metadata };
    }
    if (event.type === "error") throw new Error(event.message);
  }
  if (!reply) throw new Error(`No answer to "${question}"`);
  return { ...reply, firstByteMs: firstByteMs ?? performance.now() - started };
}

/** An Answer's first point opens with a bold fact or Yes/No: "**90 days** (7.2 Term, page 3): …", not a clause label "**7.2 Term** (page 3)". */
const LEAD = /^- \*\*(.+?)\*\* \((.+), page (\d+)\):/;
export function leadOf(reply: Pick<Reply, "outcome" | "content">): string | undefined {
  if (reply.outcome !== "answer") return undefined;
  const first = reply.content.split("\n").find((line) => line.startsWith("- "));
  return first ? LEAD.exec(first)?.[1] : undefined;
}

async function processFiles(container: Container, actor: Actor, files: { name: string; path: string }[]): Promise<Map<string, string>> {
  const documentIds = new Map<string, string>();
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(file.path));
    const document = await container.documents.upload(actor, { filename: `${file.name}.pdf`, content: Readable.from([bytes]) });
    await container.documents.startProcessing(actor, document.id, "start");
    documentIds.set(file.name, document.id);
  }
  container.jobs.startWorker({ pollIntervalMs: 50 }).poke();
  for (const [name, id] of documentIds) {
    for (;;) {
      const document = await container.documents.get(actor, id);
      if (document.status === "completed") break;
      if (document.status === "failed") throw new Error(`${name} failed: ${document.failureReason}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return documentIds;
}

/** What one set of questions in one wording scored. */
interface Tally {
  answerable: number;
  answered: number;
  answeredCitingGold: number;
  refused: number;
  closest: number;
  recallAt5: number;
  pageHitAt5: number;
  searched: number;
  /** Searched questions whose key gives a page for an answer: some spans (a blank date line, "[*]") were never found on a page, so no page can hit. */
  pageKnown: number;
  noClause: number;
  noClauseAnswered: number;
  noClauseLed: number;
  noClauseRefused: number;
  quotes: number;
  verbatimQuotes: number;
  firstBytes: number[];
  /** Per category: answerable answered citing gold, and no-clause answered. */
  byCategory: Map<string, { answerable: number; hits: number; noClause: number; asserted: number }>;
  /** Answerable questions by how the router took them, counts only (so a held-out wording's misses stay unread). */
  byRoute: Map<RouteBucket, { answerable: number; refused: number; missedAt5: number }>;
}

/** How the router took a question: surely to its category's kind, unsure but to it, to another kind, or to none. */
type RouteBucket = `${"sure" | "unsure"}, ${"right" | "wrong"} kind` | "unsure, wrong kind, runner-up right" | "no kind";

function routeBucket(kindId: string | undefined, question: string): RouteBucket {
  const query = analyzeQuery(question);
  if (!query.kind) return "no kind";
  if (query.kind.id !== kindId && query.alternativeKind?.id === kindId) return "unsure, wrong kind, runner-up right";
  return `${query.isKindSure ? "sure" : "unsure"}, ${query.kind.id === kindId ? "right" : "wrong"} kind`;
}

function emptyTally(): Tally {
  return {
    answerable: 0,
    answered: 0,
    answeredCitingGold: 0,
    refused: 0,
    closest: 0,
    recallAt5: 0,
    pageHitAt5: 0,
    searched: 0,
    pageKnown: 0,
    noClause: 0,
    noClauseAnswered: 0,
    noClauseLed: 0,
    noClauseRefused: 0,
    quotes: 0,
    verbatimQuotes: 0,
    firstBytes: [],
    byCategory: new Map(),
    byRoute: new Map(),
  };
}

/** The counts kept under `key`, made zero the first time. */
function countsOf<Key, Counts extends Record<string, number>>(map: Map<Key, Counts>, key: Key, zero: () => Counts): Counts {
  const counts = map.get(key) ?? zero();
  map.set(key, counts);
  return counts;
}

/** Adds each of `from`'s counts to `into`'s. */
function addCounts<Counts extends Record<string, number>>(into: Counts, from: Counts): void {
  for (const key of Object.keys(from) as (keyof Counts)[]) (into[key] as number) += from[key] as number;
}

const categoryOf = (tally: Tally, category: string) => countsOf(tally.byCategory, category, () => ({ answerable: 0, hits: 0, noClause: 0, asserted: 0 }));
const routeOf = (tally: Tally, bucket: RouteBucket) => countsOf(tally.byRoute, bucket, () => ({ answerable: 0, refused: 0, missedAt5: 0 }));

function merge(into: Tally, from: Tally): void {
  for (const key of Object.keys(into) as (keyof Tally)[]) {
    if (typeof into[key] === "number") (into[key] as number) += from[key] as number;
  }
  into.firstBytes.push(...from.firstBytes);
  for (const [category, counts] of from.byCategory) addCounts(categoryOf(into, category), counts);
  for (const [bucket, counts] of from.byRoute) addCounts(routeOf(into, bucket), counts);
}

async function tallyQuotes(container: Container, documentId: string, reply: Reply, tally: Tally): Promise<void> {
  const { texts: pages } = await container.retrieval.listPages(documentId as never, [...new Set(reply.metadata.citations.map((citation) => citation.page))]);
  for (const citation of reply.metadata.citations) {
    tally.quotes++;
    const page = pages.get(citation.page);
    if (page && findQuote([page], citation.quote, { exact: true, wordsOnly: true })) tally.verbatimQuotes++;
    else if (process.env.QA_BENCH_MISSES) console.log(`  quote not verbatim on page ${citation.page}: ${citation.quote.slice(0, 120)}`);
  }
}

const pagesOf = (passage: { pageStart: number; pageEnd: number }) =>
  Array.from({ length: passage.pageEnd - passage.pageStart + 1 }, (_, index) => passage.pageStart + index);

/** Asks one contract's questions, answerable and not, in one wording. */
async function askContract(
  container: Container,
  actor: Actor,
  documentId: string,
  asked: { category: string; question: string; answers?: { text: string; pages: number[] }[] }[],
  tally: Tally,
  wording: Wording,
): Promise<void> {
  // The held-out rewordings measure; their misses are never printed, so nothing is tuned to them.
  const showsMisses = process.env.QA_BENCH_MISSES !== undefined && wording !== "held-out";
  for (const question of asked) {
    const reply = await ask(container, actor, documentId, question.question);
    tally.firstBytes.push(reply.firstByteMs);
    await tallyQuotes(container, documentId, reply, tally);
    const category = categoryOf(tally, question.category);
    if (!question.answers) {
      tally.noClause++;
      category.noClause++;
      if (reply.outcome === "answer") {
        tally.noClauseAnswered++;
        category.asserted++;
        if (leadOf(reply) !== undefined) tally.noClauseLed++;
        if (showsMisses)
          console.log(`  asserted on a contract without ${question.category}: ${question.question}\n    got ${reply.content.split("\n")[2]?.slice(0, 240)}`);
      }
      if (reply.outcome === "not-addressed") tally.noClauseRefused++;
      continue;
    }
    tally.answerable++;
    category.answerable++;
    const route = routeOf(tally, routeBucket(kindOfCategory.get(question.category), question.question));
    route.answerable++;
    const spans = question.answers.map((answer) => canonical(answer.text)).filter(Boolean);
    const citesGold = reply.metadata.citations.some((citation) =>
      spans.some((span) => holdsSpan(canonical(citation.quote), span) || (canonical(citation.quote).length >= 40 && span.includes(canonical(citation.quote)))),
    );
    if (reply.outcome === "answer") {
      tally.answered++;
      if (citesGold) {
        tally.answeredCitingGold++;
        category.hits++;
      }
    } else if (reply.outcome === "closest") tally.closest++;
    else {
      tally.refused++;
      route.refused++;
    }
    const passages = await container.retrieval.searchPassages(actor, documentId, question.question);
    const goldPages = new Set(question.answers.flatMap((answer) => answer.pages));
    tally.searched++;
    if (passages.slice(0, 5).some((passage) => spans.some((span) => holdsSpan(canonical(passage.text), span)))) tally.recallAt5++;
    else route.missedAt5++;
    if (!passages.slice(0, 5).some((passage) => spans.some((span) => holdsSpan(canonical(passage.text), span))) && showsMisses)
      console.log(`  not in the top 5 passages, ${question.category}: ${question.question}`);
    if (goldPages.size > 0) tally.pageKnown++;
    if (passages.slice(0, 5).some((passage) => pagesOf(passage).some((page) => goldPages.has(page)))) tally.pageHitAt5++;
    if (showsMisses && !(reply.outcome === "answer" && citesGold))
      console.log(
        `  ${reply.outcome} ${question.category}: ${question.question}\n    gold «${question.answers[0]?.text.slice(0, 100)}»\n    got ${reply.content.split("\n").slice(2, 4).join(" | ").slice(0, 300)}`,
      );
  }
}

interface CuadRun {
  byWording: Map<Wording, Tally>;
  contracts: number;
}

/** Asks a CUAD set's contracts every question in every wording, with the given model file (the shipped one when undefined). */
async function runCuadContracts(set: ReturnType<typeof cuadSet>, contractIds: readonly string[], modelFile: string | undefined, run: CuadRun): Promise<void> {
  const { container, actor, close } = await openBenchContainer("question-answering", modelFile ? { CLAUSE_MODEL_FILE: modelFile } : {});
  try {
    const documentIds = await processFiles(
      container,
      actor,
      contractIds.map((id) => ({ name: id, path: set.file("contracts", id) })),
    );
    const benchWording = new Map(set.questions.map((question) => [question.category, question.question]));
    const noAnswer = set.noAnswerQuestions().filter((question) => documentIds.has(question.contract_id));
    for (const wording of wordings) {
      const tally = emptyTally();
      const reworded = wording === "bench" ? undefined : readRewordings(wording).cuad;
      const phrase = (contractId: string, category: string, original: string) =>
        reworded ? rewordingFor(reworded[category] ?? [original], contractId, category) : (benchWording.get(category) ?? original);
      for (const [contractId, documentId] of documentIds) {
        const answerable = set.questions
          .filter((question) => question.contract_id === contractId)
          .map((question) => ({ ...question, question: phrase(contractId, question.category, question.question) }));
        const lacking = noAnswer
          .filter((question) => question.contract_id === contractId)
          .map((question) => ({ category: question.category, question: phrase(contractId, question.category, question.question) }));
        await askContract(container, actor, documentId, [...answerable, ...lacking], tally, wording);
      }
      const total = run.byWording.get(wording) ?? emptyTally();
      merge(total, tally);
      run.byWording.set(wording, total);
    }
    run.contracts += documentIds.size;
  } finally {
    await close();
  }
}

function cuadFigures(label: string, run: CuadRun, figures: Record<string, string>): void {
  for (const [wording, tally] of run.byWording) {
    const name = `${label}, ${wording} wording`;
    figures[`${name}: answer cites a gold span`] =
      `${share(tally.answeredCitingGold, tally.answered)} of Answers; ${share(tally.answeredCitingGold, tally.answerable)} of answerable questions (target ≥ ${TARGETS.answerCitesGold})`;
    figures[`${name}: answerable questions answered / closest / not addressed`] =
      `${format(ratio(tally.answered, tally.answerable))} / ${format(ratio(tally.closest, tally.answerable))} / ${share(tally.refused, tally.answerable)} (target not addressed ≤ ${TARGETS.answerableRefused})`;
    figures[`${name}: no-clause questions with no assertion / with a bold lead or Yes/No`] =
      `${share(tally.noClause - tally.noClauseAnswered, tally.noClause)} (target ≥ ${TARGETS.noClauseNoAssertion}; said not addressed ${share(tally.noClauseRefused, tally.noClause)}) / ${share(tally.noClauseLed, tally.noClause)} (target ≤ ${TARGETS.noClauseLed})`;
    figures[`${name}: recall at 5 / page hit at 5`] =
      `${share(tally.recallAt5, tally.searched)} / ${share(tally.pageHitAt5, tally.pageKnown)} (targets ${TARGETS.recallAt5} / ${TARGETS.pageHitAt5}; page hit over the questions whose key gives a page, ${share(tally.pageHitAt5, tally.searched)} of all)`;
    figures[`${name}: quotes verbatim on their page`] = share(tally.verbatimQuotes, tally.quotes);
    figures[`${name}: answerable by route: questions, not addressed, not in the top 5`] = [...tally.byRoute]
      .map(([bucket, entry]) => `${bucket} ${entry.answerable}, ${entry.refused}, ${entry.missedAt5}`)
      .join("; ");
    figures[`${name}: first streamed byte p50 / p95`] = `${percentile(tally.firstBytes, 0.5).toFixed(0)} / ${percentile(tally.firstBytes, 0.95).toFixed(0)} ms`;
  }
  const bench = run.byWording.get("bench");
  if (!bench) return;
  figures[`${label}: answer hit, each rewording minus CUAD's wording`] = (["rewordings", "held-out"] as const)
    .map((wording) => {
      const tally = run.byWording.get(wording)!;
      return `${wording} ${(ratio(tally.answeredCitingGold, tally.answered) - ratio(bench.answeredCitingGold, bench.answered)).toFixed(3)} of Answers, ${(ratio(tally.answeredCitingGold, tally.answerable) - ratio(bench.answeredCitingGold, bench.answerable)).toFixed(3)} of answerable`;
    })
    .join("; ");
  figures[`${label}: by category (CUAD wording): answered citing gold / answerable, asserted / no-clause`] = [...bench.byCategory]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([category, entry]) => `${category} ${entry.hits}/${entry.answerable}, ${entry.asserted}/${entry.noClause}`)
    .join("; ");
}

/** The fold model files of cuad-train, trained by scripts/clause-model/train.ts. */
function foldModelFile(fold: number): string {
  const file = path.join(repoRoot, ".data/clause-model", `fold-${fold}.model.json`);
  if (!existsSync(file))
    throw new Error(`${file} is missing: run npx tsx scripts/clause-model/prepare.ts cuad-train && npx tsx scripts/clause-model/train.ts first.`);
  return file;
}

// --- payer-dev ---------------------------------------------------------------------------------

const payerDevDirectory = path.resolve(repoRoot, "../shared/bench/payer-dev");

interface GoldEntry {
  value: unknown;
  product_line: string;
  page: number | null;
}

const lineByLabel = new Map<string, string>(Object.entries(productLineLabels).map(([line, label]) => [label, line]));

/** The values an answer shows, read from its points: "**365 days from the date of service — Medicaid** (…, page 20)". */
function shownValues(reply: Reply): { value: string; productLine: string; page: number }[] {
  if (reply.outcome !== "answer") return [];
  return reply.content
    .split("\n")
    .filter((line) => line.startsWith("- "))
    .flatMap((line) => {
      const match = LEAD.exec(line);
      if (!match) return [];
      const lead = match[1]!;
      const cut = lead.lastIndexOf(" — ");
      const productLine = cut >= 0 ? lineByLabel.get(lead.slice(cut + 3)) : undefined;
      const value = (productLine ? lead.slice(0, cut) : lead).replace(/^Yes — /, "");
      return [{ value, productLine: productLine ?? "all", page: Number(match[3]) }];
    });
}

const numbersIn = (value: unknown): number[] =>
  typeof value === "number" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(numbersIn) : [];
const linesOf = (entry: GoldEntry) => entry.product_line.split(" (")[0]!.split("/");

/** Whether a shown value answers a key entry: same page and product line, and for a number or yes the same. */
function answersEntry(shown: { value: string; productLine: string; page: number }, entry: GoldEntry): boolean {
  if (shown.page !== entry.page || !linesOf(entry).includes(shown.productLine)) return false;
  if (entry.value === true) return shown.value.startsWith("Yes");
  const numbers = numbersIn(entry.value);
  return numbers.length === 0 || numbers.some((number) => new RegExp(`(?<![\\d.])${number}(?![\\d])`).test(shown.value));
}

/** The payer-dev agreements, processed, with their hand-read keys. */
interface PayerBench {
  container: Container;
  actor: Actor;
  documentIds: ReadonlyMap<string, string>;
  gold: Record<string, Record<string, GoldEntry[]>>;
}

/** How a set of payer questions fared on every agreement: the key's value and page, and the chat against the sheet. */
interface PayerComparison {
  entries: number;
  right: number;
  compared: number;
  disagreements: number;
  /** Disagreements where the chat shows a value the sheet does not, or says "not addressed" of a term the sheet has a value for. */
  contradictions: number;
  disagreementsByRoute: Map<string, number>;
  misses: string[];
}

/**
 * Asks every agreement each of a set's questions about its key's fields, and scores each reply on
 * the key (value and page) and on the sheet: the chat shows exactly the sheet's values for the
 * field it was asked about. `showsMisses` false keeps the questions themselves out of the output.
 */
async function comparePayer(
  bench: PayerBench,
  label: string,
  questions: Record<string, readonly string[]>,
  showsMisses: boolean,
  result: PayerComparison = { entries: 0, right: 0, compared: 0, disagreements: 0, contradictions: 0, disagreementsByRoute: new Map(), misses: [] },
): Promise<PayerComparison> {
  const { container, actor, documentIds, gold } = bench;
  for (const [file, key] of Object.entries(gold)) {
    const documentId = documentIds.get(file)!;
    const sheet = await readySheet(container, actor, documentId);
    for (const [field, goldEntries] of Object.entries(key)) {
      const kind = questionKinds.find((candidate) => candidate.id === kindOfPayerField[field])!;
      for (const question of questions[field] ?? []) {
        const reply = await ask(container, actor, documentId, question);
        const shown = shownValues(reply);
        for (const entry of goldEntries) {
          result.entries++;
          const isRight =
            entry.value === "not_stated"
              ? !shown.some((value) => linesOf(entry).includes(value.productLine) || value.productLine === "all")
              : shown.some((value) => answersEntry(value, entry));
          if (isRight) result.right++;
          else if (showsMisses)
            result.misses.push(
              `${file} ${field} «${question}»: key ${JSON.stringify(entry.value).slice(0, 50)} [${entry.product_line}] p${entry.page}; got ${reply.outcome} ${shown.map((value) => `${value.value} [${value.productLine}] p${value.page}`).join("; ")}`,
            );
        }
        const expected = valuesForKind(kind, sheet.fields, question).map((value) => `${value.source.page}|${value.source.quote}`);
        const cited = reply.outcome === "answer" ? reply.metadata.citations.map((citation) => `${citation.page}|${citation.quote}`) : [];
        result.compared++;
        if (expected.join("\n") !== cited.join("\n")) {
          result.disagreements++;
          // Closest asserts nothing: it abstains, where an answer or "not addressed" contradicts the sheet
          // (a reply other than an answer cites nothing, so it disagrees only where the sheet has a value).
          if (reply.outcome !== "closest") result.contradictions++;
          const bucket = `${label}: ${routeBucket(kind.id, question)}, ${reply.outcome}`;
          result.disagreementsByRoute.set(bucket, (result.disagreementsByRoute.get(bucket) ?? 0) + 1);
          if (process.env.QA_BENCH_MISSES && showsMisses) console.log(`  chat ≠ sheet: ${file} ${field} «${question}» (${reply.outcome})`);
        }
      }
    }
  }
  return result;
}

/** The seventh written router set's questions about the payer key's kinds, by key field: a person's wording the router never learnt from. */
function seventhWrittenSetByField(): Record<string, string[]> {
  const byKind = JSON.parse(readFileSync(path.join(repoRoot, keptApartWrittenFile), "utf8")) as Record<string, string[]>;
  return Object.fromEntries(Object.entries(kindOfPayerField).map(([field, kind]) => [field, byKind[kind] ?? []]));
}

/** A question set by a writer who read neither the contracts nor the code: questions naming a sheet term that ask what its value does not settle, and controls that ask for the value. */
interface OffValueSet {
  "off-value": Record<string, string[]>;
  settled: Record<string, string[]>;
}

/**
 * The off-value writers' sets: the second is kept apart, never learnt from, and is the measure;
 * the others taught the reading of whether a question asks for the value (ADR 049), so their
 * figures are on questions it learnt from. The kept-apart set's misses are never printed.
 */
const offValueSets = [
  { label: "the kept-apart writer", files: [keptApartOffValueFile], showsMisses: false },
  { label: `the ${offValueFiles.length} writers learnt from`, files: offValueFiles, showsMisses: true },
];
const readOffValueSet = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), "utf8")) as OffValueSet;

/** How questions a term's value does not settle were answered, where the sheet holds a value for the term. */
interface OffValueTally {
  asked: number;
  sheetLed: number;
  otherLed: number;
  unled: number;
  closest: number;
  notAddressed: number;
  misses: string[];
}

/**
 * Asks every agreement each question that names a term the sheet holds a value for but asks what
 * the value does not settle ("Is there a fine for a late claim?"), and counts the replies that give
 * the sheet's value as the answer: a bold lead the question did not ask for.
 */
async function askOffValue(bench: PayerBench, questions: Record<string, readonly string[]>, tally: OffValueTally): Promise<void> {
  const { container, actor, documentIds } = bench;
  for (const [file, documentId] of documentIds) {
    const sheet = await readySheet(container, actor, documentId);
    for (const [field, asked] of Object.entries(questions)) {
      const kind = questionKinds.find((candidate) => candidate.id === kindOfPayerField[field])!;
      for (const question of asked) {
        const sheetValues = valuesForKind(kind, sheet.fields, question).map((value) => `${value.source.page}|${value.source.quote}`);
        if (sheetValues.length === 0) continue;
        const reply = await ask(container, actor, documentId, question);
        const lead = leadOf(reply);
        const cited = reply.metadata.citations.map((citation) => `${citation.page}|${citation.quote}`);
        tally.asked++;
        if (reply.outcome === "closest") tally.closest++;
        else if (reply.outcome === "not-addressed") tally.notAddressed++;
        else if (!lead) tally.unled++;
        else if (cited.join("\n") === sheetValues.join("\n")) tally.sheetLed++;
        else tally.otherLed++;
        if (lead) tally.misses.push(`  led: ${file} ${field} «${question}»: ${lead} (${routeBucket(kind.id, question)})`);
      }
    }
  }
}

/** The off-value questions, and the same writers' controls scored like the key questions; the share led with the sheet's value for the kept-apart writer. */
async function offValueFigures(bench: PayerBench, figures: Record<string, string>): Promise<number> {
  let keptApartLed = 0;
  for (const { label, files, showsMisses } of offValueSets) {
    const tally: OffValueTally = { asked: 0, sheetLed: 0, otherLed: 0, unled: 0, closest: 0, notAddressed: 0, misses: [] };
    let settled: PayerComparison | undefined;
    for (const file of files) {
      const set = readOffValueSet(file);
      await askOffValue(bench, set["off-value"], tally);
      settled = await comparePayer(bench, `${label}'s controls`, set.settled, showsMisses, settled);
    }
    if (process.env.QA_BENCH_MISSES && showsMisses) console.log([...tally.misses, ...settled!.misses].join("\n"));
    figures[`payer-dev, ${label}: questions naming a sheet term that its value does not settle, led with the sheet's value`] =
      `${share(tally.sheetLed, tally.asked)}${showsMisses ? "" : ` (target ≤ ${TARGETS.offValueLed})`}; led with another sentence ${tally.otherLed}, answered without a lead ${tally.unled}, closest ${tally.closest}, not addressed ${tally.notAddressed}`;
    figures[`payer-dev, ${label}: controls asking for the value, the key's value and page`] = share(settled!.right, settled!.entries);
    figures[`payer-dev, ${label}: controls, chat answer ≠ fact sheet`] = disagreementFigure(settled!);
    if (!showsMisses) keptApartLed = ratio(tally.sheetLed, tally.asked);
  }
  return keptApartLed;
}

const disagreementFigure = (comparison: PayerComparison) =>
  `${comparison.disagreements} of ${comparison.compared} questions (target 0), ${comparison.contradictions} of them contradicting the sheet${[...comparison.disagreementsByRoute].map(([bucket, count]) => `; ${bucket} ${count}`).join("")}`;

async function runPayerDev(figures: Record<string, string>): Promise<{ keyShare: number; disagreements: number; offValueLed: number }> {
  const gold = JSON.parse(readFileSync(path.join(payerDevDirectory, "answers.json"), "utf8")) as Record<string, Record<string, GoldEntry[]>>;
  const { container, actor, close } = await openBenchContainer("question-answering-payer");
  try {
    const documentIds = await processFiles(
      container,
      actor,
      Object.keys(gold).map((file) => ({ name: file, path: path.join(payerDevDirectory, "contracts", file) })),
    );
    const bench = { container, actor, documentIds, gold };
    // Our two wordings count together: the held-out one's questions stay out of the output.
    const rewordings = await comparePayer(bench, "rewordings", readRewordings("rewordings").payer, true);
    const total = await comparePayer(bench, "held-out", readRewordings("held-out").payer, false, rewordings);
    if (process.env.QA_BENCH_MISSES) console.log(total.misses.join("\n"));
    figures["payer-dev key questions: the key's value and page"] =
      `${share(total.right, total.entries)} (two sets of our wordings, three per term; target ≥ ${TARGETS.payerKey})`;
    figures["payer-dev chat answer ≠ fact sheet"] = disagreementFigure(total);
    // A check on a wider wording: sixteen questions per term, read by nothing that learns (its misses are shown: the set is ours).
    const seventh = await comparePayer(bench, "seventh set", seventhWrittenSetByField(), true);
    figures["payer-dev, the seventh written router set: the key's value and page"] = share(seventh.right, seventh.entries);
    figures["payer-dev, the seventh written router set: chat answer ≠ fact sheet"] = disagreementFigure(seventh);
    const offValueLed = await offValueFigures(bench, figures);
    return { keyShare: ratio(total.right, total.entries), disagreements: total.disagreements, offValueLed };
  } finally {
    await close();
  }
}

/** One PDF of at least 300 pages made of the dev contracts one after another (pdfunite), processed, then asked every bench question once. */
async function timeLongDocument(figures: Record<string, string>): Promise<number> {
  if (spawnSync("pdfunite", ["-v"], { stdio: "ignore" }).status !== 0) {
    figures[`first streamed byte, ${LONG_DOCUMENT_PAGES}+ pages`] = "not measured: pdfunite (poppler-utils) is needed to build the long document";
    return Number.POSITIVE_INFINITY;
  }
  const set = cuadSet("cuad-dev");
  const { container, actor, env, close } = await openBenchContainer("question-answering-long");
  try {
    const files: string[] = [];
    for (let index = 0, pages = 0; pages < LONG_DOCUMENT_PAGES; index++) {
      const contract = set.contracts[index % set.contracts.length]!;
      files.push(set.file("contracts", contract.contract_id));
      pages += contract.n_pages;
    }
    const united = path.join(env.dataDir, "long-document.pdf");
    execFileSync("pdfunite", [...files, united]);
    const ids = await processFiles(container, actor, [{ name: "long-document", path: united }]);
    const documentId = ids.get("long-document")!;
    await readySheet(container, actor, documentId);
    // The document as a person opens it: processed, and its processing's reactions (the sheet, the model's reading) done.
    await settledDocument(container, documentId);
    // As a web process does once it listens, and as the chat page asks when the document is chosen.
    prepareQuestionReading();
    await container.chat.prepareDocument(actor, documentId);
    const timings: number[] = [];
    for (const question of new Set(set.questions.map((entry) => entry.question))) timings.push((await ask(container, actor, documentId, question)).firstByteMs);
    const p95 = percentile(timings, 0.95);
    figures[`first streamed byte p50 / p95, ${LONG_DOCUMENT_PAGES}+ pages`] =
      `${percentile(timings, 0.5).toFixed(0)} / ${p95.toFixed(0)} ms over ${timings.length} questions (target p95 < ${TARGETS.firstByteP95Ms} ms); ` +
      `the first question ${timings[0]!.toFixed(0)} ms, the slowest ${Math.max(...timings).toFixed(0)} ms`;
    return p95;
  } finally {
    await close();
  }
}

function meets(tally: Tally | undefined): boolean {
  if (!tally) return true;
  return (
    ratio(tally.answeredCitingGold, tally.answered) >= TARGETS.answerCitesGold &&
    ratio(tally.refused, tally.answerable) <= TARGETS.answerableRefused &&
    ratio(tally.noClause - tally.noClauseAnswered, tally.noClause) >= TARGETS.noClauseNoAssertion &&
    ratio(tally.noClauseLed, tally.noClause) <= TARGETS.noClauseLed &&
    ratio(tally.recallAt5, tally.searched) >= TARGETS.recallAt5 &&
    ratio(tally.pageHitAt5, tally.pageKnown) >= TARGETS.pageHitAt5 &&
    tally.verbatimQuotes === tally.quotes
  );
}

export async function runQuestionAnsweringBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const sets = (process.env.QA_BENCH_SETS ?? "cuad-dev,payer-dev,cuad-train").split(",");
  const figures: Record<string, string> = { "machine load at start (1 / 5 / 15 min)": loadAverage() };
  let ok = true;
  const hitShare = (run: CuadRun) => {
    const tally = run.byWording.get("bench")!;
    return ratio(tally.answeredCitingGold, tally.answered);
  };
  let devRun: CuadRun | undefined;
  if (sets.includes("cuad-dev")) {
    const set = cuadSet("cuad-dev");
    const run: CuadRun = { byWording: new Map(), contracts: 0 };
    devRun = run;
    await runCuadContracts(
      set,
      set.contracts.map((contract) => contract.contract_id),
      undefined,
      run,
    );
    cuadFigures("cuad-dev (shipped model)", run, figures);
    ok &&= wordings.every((wording) => meets(run.byWording.get(wording)));
  }
  if (sets.includes("cuad-train")) {
    const set = cuadSet("cuad-train");
    const perFold = Number(process.env.QA_BENCH_TRAIN_CONTRACTS ?? Number.POSITIVE_INFINITY);
    const run: CuadRun = { byWording: new Map(), contracts: 0 };
    for (let fold = 0; fold < FOLDS; fold++) {
      const ids: string[] = [];
      for (const contract of set.contracts) if (foldOf(contract.contract_id) === fold && ids.length < perFold) ids.push(contract.contract_id);
      await runCuadContracts(set, ids, foldModelFile(fold), run);
      console.log(`cuad-train fold ${fold}: ${ids.length} contracts asked (load ${loadAverage()})`);
    }
    cuadFigures(`cuad-train held-out folds (${run.contracts} contracts)`, run, figures);
    ok &&= wordings.every((wording) => meets(run.byWording.get(wording)));
    // cuad-train is what the models and thresholds were tuned on (each fold by the others); cuad-dev never was.
    if (devRun) figures["answer hit, cuad-train held-out folds minus cuad-dev (CUAD wording)"] = (hitShare(run) - hitShare(devRun)).toFixed(3);
  }
  if (sets.includes("payer-dev")) {
    const { keyShare, disagreements, offValueLed } = await runPayerDev(figures);
    ok &&= keyShare >= TARGETS.payerKey && disagreements === 0 && offValueLed <= TARGETS.offValueLed;
  }
  if (!process.env.QA_BENCH_SKIP_LONG) {
    // Timed whatever came before: `ok &&= await …` would skip it once a figure above missed its target.
    const firstByteP95 = await timeLongDocument(figures);
    ok &&= firstByteP95 < TARGETS.firstByteP95Ms;
  }
  figures["machine load at end (1 / 5 / 15 min)"] = loadAverage();
  return { ok, figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runQuestionAnsweringBench();
  console.log("\nQuestion answering (issue 21)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
