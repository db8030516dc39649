// Question-answering benchmark over the CUAD dev set (shared/bench/cuad-dev): every contract is
// processed by the real pipeline, then each lawyer-annotated question is asked of its contract,
// and each clause kind CUAD says a contract lacks is asked of it in the same wording. Scores
// retrieval (recall at 1/3/5 within the 5-passage, 6,000-character budget; page hit), the
// extractive answer (abstaining when the clause is missing and only then; citations containing a
// gold span; quotes verbatim on their page; no citation dropped without saying so), how much of
// the page text the passages hold, and time to the first streamed answer byte — against a naive
// baseline: fixed 1,000-character chunks ranked by PostgreSQL full-text search over the raw question.
// Run alone with `npx tsx bench/question-answering.ts`.
import { Readable } from "node:stream";
import { execFileSync, spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { Actor } from "../src/core/access/actor";
import type { Container } from "../src/server/container";
import { queryRows, type Database } from "../src/server/db/client";
import { UNVERIFIED_NOTE } from "../src/core/rag/answer";
import type { AssistantMetadata, ChatStreamEvent, SearchPassage } from "../src/shared/contracts/chat";
import { findQuote } from "../src/shared/quote-match";
import { canonical, cuadFile, readCuadContracts, readCuadNoAnswerQuestions, readCuadQuestions, requireCuadDev } from "../tests/support/documents/cuad-dev";
import { measurePassageCoverage } from "../tests/support/documents/passage-coverage";
import { openBenchContainer } from "./support/bench-container";
import { percentile } from "./support/bench-measures";

const LONG_DOCUMENT_PAGES = 300;
const TARGETS = {
  recallAt5: 0.92,
  baselineRatio: 1.25,
  pageHitAt5: 0.97,
  quotesVerbatim: 1,
  firstByteP95Ms: 150,
  abstainsWhenMissing: 0.85,
  abstainsWrongly: 0.05,
  answersCitingGold: 0.85,
  droppedCitations: 0,
  pageTextInPassages: 0.995,
};
const BASELINE_CHUNK_CHARS = 1000;
/** A passage "holds" a gold span when it contains it whole, or — for a span longer than this — a verbatim run of this many canonical characters of it. */
const LONG_SPAN_CHARS = 300;

interface Question {
  contract_id: string;
  category: string;
  question: string;
  answers: { text: string; pages: number[] }[];
}

/** Whether `passage` holds `span` (both canonical): whole, or a 250-character window (every 50) of a long span. */
export function holdsSpan(passage: string, span: string): boolean {
  if (!span) return false;
  if (span.length <= LONG_SPAN_CHARS) return passage.includes(span);
  for (let start = 0; start + 250 <= span.length; start += 50) if (passage.includes(span.slice(start, start + 250))) return true;
  return false;
}

const ratio = (hits: number, total: number) => (total ? hits / total : 0);
const format = (value: number) => value.toFixed(3);

async function processFiles(container: Container, actor: Actor, files: { name: string; bytes: Uint8Array }[]) {
  const documentIds = new Map<string, string>();
  for (const file of files) {
    const document = await container.documents.upload(actor, { filename: `${file.name}.pdf`, content: Readable.from([file.bytes]) });
    await container.documents.startProcessing(actor, document.id, "start");
    documentIds.set(file.name, document.id);
  }
  const worker = container.jobs.startWorker({ pollIntervalMs: 50 });
  worker.poke();
  for (const [contractId, id] of documentIds) {
    for (;;) {
      const document = await container.documents.get(actor, id);
      if (document.status === "completed") break;
      if (document.status === "failed") throw new Error(`${contractId} failed: ${document.failureReason}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return documentIds;
}

/** The naive baseline: the same page texts cut every 1,000 characters, ranked by ts_rank over the question's words (OR). */
async function createBaseline(db: Database, documentIds: Map<string, string>) {
  await db.execute(
    sql`create temporary table baseline_chunks (document_id uuid, text text, pages int[], search tsvector generated always as (to_tsvector('english', text)) stored)`,
  );
  for (const id of documentIds.values()) {
    const pages = await queryRows<{ page_number: number; text: string }>(
      db,
      sql`select page_number, text from document_pages where document_id = ${id} order by page_number`,
    );
    let full = "";
    const pageAt: number[] = [];
    for (const page of pages) {
      const text = `${page.text}\n`;
      full += text;
      for (let index = 0; index < text.length; index++) pageAt.push(page.page_number);
    }
    for (let start = 0; start < full.length; start += BASELINE_CHUNK_CHARS) {
      const end = Math.min(full.length, start + BASELINE_CHUNK_CHARS);
      const chunkPages = [...new Set(pageAt.slice(start, end))];
      await db.execute(
        sql`insert into baseline_chunks (document_id, text, pages) values (${id}, ${full.slice(start, end)}, ${`{${chunkPages.join(",")}}`}::int[])`,
      );
    }
  }
  return (documentId: string, question: string) =>
    queryRows<{ text: string; pages: number[] }>(
      db,
      sql`
        with q as (select nullif(replace(plainto_tsquery('english', ${question})::text, '&', '|'), '')::tsquery as query)
        select text, pages from baseline_chunks, q
        where document_id = ${documentId} and search @@ q.query
        order by ts_rank(search, q.query) desc
        limit 5
      `,
    );
}

async function askTimed(container: Container, actor: Actor, documentId: string, question: string) {
  const started = performance.now();
  let firstByteMs: number | undefined;
  let answer: { content: string; metadata: AssistantMetadata } | undefined;
  for await (const event of (await container.chat.ask(actor, { documentId, question })) as AsyncGenerator<ChatStreamEvent>) {
    if (event.type === "delta" && firstByteMs === undefined) firstByteMs = performance.now() - started;
    if (event.type === "done" && "citations" in event.message.metadata)
      answer = { content: event.message.content, metadata: event.message.metadata as AssistantMetadata };
    if (event.type === "error") throw new Error(event.message);
  }
  if (!answer) throw new Error(`No answer to "${question}"`);
  return { firstByteMs: firstByteMs ?? performance.now() - started, ...answer, citations: answer.metadata.citations };
}

/** Share of the dev contracts' page text (running heads aside) found in their passages, and whether any text is in two passages. */
async function measureCoverage(db: Database, documentIds: Map<string, string>) {
  let pageCharacters = 0;
  let coveredCharacters = 0;
  let passageCharacters = 0;
  for (const id of documentIds.values()) {
    const pages = await queryRows<{ pageNumber: number; text: string }>(
      db,
      sql`select page_number as "pageNumber", text from document_pages where document_id = ${id} order by page_number`,
    );
    const passages = await queryRows<{ text: string; pageStart: number; pageEnd: number }>(
      db,
      sql`select text, page_start as "pageStart", page_end as "pageEnd" from document_chunks where document_id = ${id} order by ordinal`,
    );
    const coverage = measurePassageCoverage(pages, passages);
    pageCharacters += coverage.pageCharacters;
    coveredCharacters += coverage.coveredCharacters;
    passageCharacters += coverage.passageCharacters;
  }
  return { covered: ratio(coveredCharacters, pageCharacters), repeated: ratio(passageCharacters, pageCharacters) - 1 };
}

/** One PDF of at least 300 pages made of the dev contracts one after another (pdfunite), processed, then asked every question once. */
async function timeLongDocument(container: Container, actor: Actor, workDir: string, questions: string[]): Promise<number[]> {
  if (spawnSync("pdfunite", ["-v"], { stdio: "ignore" }).status !== 0) return [];
  const files: string[] = [];
  let pages = 0;
  for (let index = 0; pages < LONG_DOCUMENT_PAGES; index++) {
    const contract = readCuadContracts()[index % readCuadContracts().length]!;
    files.push(cuadFile("contracts", contract.contract_id));
    pages += contract.n_pages;
  }
  const united = path.join(workDir, "long-document.pdf");
  execFileSync("pdfunite", [...files, united]);
  const ids = await processFiles(container, actor, [{ name: "long-document", bytes: new Uint8Array(await readFile(united)) }]);
  const documentId = ids.get("long-document")!;
  const timings: number[] = [];
  for (const question of questions) timings.push((await askTimed(container, actor, documentId, question)).firstByteMs);
  return timings;
}

interface Tally {
  questions: number;
  recallAt: Record<1 | 3 | 5, number>;
  pageHitAt5: number;
}

function emptyTally(): Tally {
  return { questions: 0, recallAt: { 1: 0, 3: 0, 5: 0 }, pageHitAt5: 0 };
}

function score(tally: Tally, passages: { text: string; pages: number[] }[], question: Question): void {
  const spans = question.answers.map((answer) => canonical(answer.text)).filter(Boolean);
  const goldPages = new Set(question.answers.flatMap((answer) => answer.pages));
  const firstHit = passages.findIndex((passage) => spans.some((span) => holdsSpan(canonical(passage.text), span)));
  tally.questions++;
  for (const k of [1, 3, 5] as const) if (firstHit >= 0 && firstHit < k) tally.recallAt[k]++;
  if (passages.slice(0, 5).some((passage) => passage.pages.some((page) => goldPages.has(page)))) tally.pageHitAt5++;
}

interface CitationTally {
  quotes: number;
  verbatimQuotes: number;
  dropped: number;
  disclosed: number;
}

/** Counts an answer's quotes found verbatim on their cited page, and its unverified citations with the notes that disclose them. */
async function tallyCitations(
  db: Database,
  documentId: string,
  answer: { content: string; metadata: AssistantMetadata },
  tally: CitationTally,
): Promise<CitationTally> {
  let { quotes, verbatimQuotes } = tally;
  for (const citation of answer.metadata.citations) {
    quotes++;
    const [page] = await queryRows<{ text: string }>(
      db,
      sql`select text from document_pages where document_id = ${documentId} and page_number = ${citation.page}`,
    );
    if (page && findQuote([page.text], citation.quote, { exact: true })) verbatimQuotes++;
  }
  const notes = answer.content.split(UNVERIFIED_NOTE).length - 1;
  return {
    quotes,
    verbatimQuotes,
    dropped: tally.dropped + answer.metadata.droppedCitations,
    disclosed: tally.disclosed + Math.min(notes, answer.metadata.droppedCitations),
  };
}

const pagesOf = (passage: SearchPassage) => Array.from({ length: passage.pageEnd - passage.pageStart + 1 }, (_, index) => passage.pageStart + index);

export async function runQuestionAnsweringBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  requireCuadDev();
  // EMBEDDINGS_* from the environment, when set, measure retrieval fused with vector search.
  const embeddingsSettings = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith("EMBEDDINGS_"))) as Record<string, string>;
  const { container, env, actor, close } = await openBenchContainer("question-answering", embeddingsSettings);
  const figures: Record<string, string> = {};
  figures["retrieval"] = env.embeddings
    ? `full text + vectors (${env.embeddings.provider}:${env.embeddings.model}), fused by RRF`
    : "full text (set EMBEDDINGS_* to measure fusion with vectors)";
  try {
    const processingStart = performance.now();
    const contracts = await Promise.all(
      readCuadContracts().map(async (contract) => ({
        name: contract.contract_id,
        bytes: new Uint8Array(await readFile(cuadFile("contracts", contract.contract_id))),
      })),
    );
    const documentIds = await processFiles(container, actor, contracts);
    figures["contracts processed"] = `${documentIds.size} in ${((performance.now() - processingStart) / 1000).toFixed(1)} s`;
    const baselineSearch = await createBaseline(container.db, documentIds);

    const questions = readCuadQuestions() as unknown as Question[];
    const ours = emptyTally();
    const baseline = emptyTally();
    const byCategory = new Map<string, { questions: number; hits: number }>();
    let answerHits = 0;
    let wrongAbstentions = 0;
    let quotes = 0;
    let verbatimQuotes = 0;
    let dropped = 0;
    let disclosed = 0;
    let passageChars = 0;
    const firstBytes: number[] = [];
    for (const question of questions) {
      const documentId = documentIds.get(question.contract_id)!;
      const passages = await container.retrieval.searchPassages(actor, documentId, question.question);
      passageChars = Math.max(
        passageChars,
        passages.reduce((sum, passage) => sum + passage.text.length, 0),
      );
      const before = ours.recallAt[5];
      score(
        ours,
        passages.map((passage) => ({ text: passage.text, pages: pagesOf(passage) })),
        question,
      );
      const category = byCategory.get(question.category) ?? { questions: 0, hits: 0 };
      category.questions++;
      category.hits += ours.recallAt[5] - before;
      byCategory.set(question.category, category);
      score(baseline, await baselineSearch(documentId, question.question), question);

      const answer = await askTimed(container, actor, documentId, question.question);
      firstBytes.push(answer.firstByteMs);
      const spans = question.answers.map((gold) => canonical(gold.text)).filter(Boolean);
      if (answer.metadata.addressed === false) wrongAbstentions++;
      else if (
        answer.citations.some((citation) =>
          spans.some(
            (span) => holdsSpan(canonical(citation.quote), span) || (canonical(citation.quote).length >= 40 && span.includes(canonical(citation.quote))),
          ),
        )
      )
        answerHits++;
      ({ quotes, verbatimQuotes, dropped, disclosed } = await tallyCitations(container.db, documentId, answer, { quotes, verbatimQuotes, dropped, disclosed }));
    }

    let abstentions = 0;
    const noAnswerQuestions = readCuadNoAnswerQuestions();
    const answeredMissing = new Map<string, number>();
    for (const question of noAnswerQuestions) {
      const documentId = documentIds.get(question.contract_id)!;
      const answer = await askTimed(container, actor, documentId, question.question);
      if (answer.metadata.addressed === false) abstentions++;
      else answeredMissing.set(question.category, (answeredMissing.get(question.category) ?? 0) + 1);
      ({ quotes, verbatimQuotes, dropped, disclosed } = await tallyCitations(container.db, documentId, answer, { quotes, verbatimQuotes, dropped, disclosed }));
    }
    const coverage = await measureCoverage(container.db, documentIds);

    const longFirstBytes = await timeLongDocument(container, actor, env.dataDir, [...new Set(questions.map((question) => question.question))]);
    const recall5 = ratio(ours.recallAt[5], ours.questions);
    const baselineRecall5 = ratio(baseline.recallAt[5], baseline.questions);
    const pageHit = ratio(ours.pageHitAt5, ours.questions);
    const verbatim = ratio(verbatimQuotes, quotes);
    const abstainsWhenMissing = ratio(abstentions, noAnswerQuestions.length);
    const abstainsWrongly = ratio(wrongAbstentions, ours.questions);
    const citingGold = ratio(answerHits, ours.questions);
    const p95 = longFirstBytes.length ? percentile(longFirstBytes, 0.95) : Number.POSITIVE_INFINITY;
    figures["questions"] = `${ours.questions} over ${documentIds.size} contracts (largest top-5 passages: ${passageChars} characters, budget 6000)`;
    figures["recall at 1 / 3 / 5"] =
      `${format(ratio(ours.recallAt[1], ours.questions))} / ${format(ratio(ours.recallAt[3], ours.questions))} / ${format(recall5)} (target at 5: ${TARGETS.recallAt5})`;
    figures["baseline recall at 1 / 3 / 5"] =
      `${format(ratio(baseline.recallAt[1], baseline.questions))} / ${format(ratio(baseline.recallAt[3], baseline.questions))} / ${format(baselineRecall5)}`;
    figures["recall at 5 vs baseline"] = `${(recall5 / (baselineRecall5 || 1)).toFixed(2)}x (target ${TARGETS.baselineRatio}x)`;
    figures["page hit at 5"] = `${format(pageHit)} (baseline ${format(ratio(baseline.pageHitAt5, baseline.questions))}; target ${TARGETS.pageHitAt5})`;
    figures["abstains on no-clause questions"] =
      `${abstentions}/${noAnswerQuestions.length} (${format(abstainsWhenMissing)}; target ≥ ${TARGETS.abstainsWhenMissing})`;
    figures["abstains wrongly on answerable questions"] =
      `${wrongAbstentions}/${ours.questions} (${format(abstainsWrongly)}; target ≤ ${TARGETS.abstainsWrongly})`;
    figures["answers citing a gold span"] = `${format(citingGold)} (target ≥ ${TARGETS.answersCitingGold})`;
    figures["citations not verified"] =
      `${dropped}, each disclosed in its point: ${disclosed >= dropped ? "yes" : `no (${disclosed} notes)`} (target ${TARGETS.droppedCitations})`;
    figures["quotes verbatim on their page"] = `${verbatimQuotes}/${quotes} (${format(verbatim)})`;
    figures["page text covered by passages"] =
      `${(coverage.covered * 100).toFixed(2)}%, repeated ${(coverage.repeated * 100).toFixed(2)}% (target ≥ ${TARGETS.pageTextInPassages * 100}%)`;
    figures["no-clause questions answered anyway, by category"] = [...answeredMissing]
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => `${name} ${count}`)
      .join(", ");
    figures["first streamed byte p50 / p95"] =
      `${percentile(firstBytes, 0.5).toFixed(0)} / ${percentile(firstBytes, 0.95).toFixed(0)} ms (CUAD contracts, 3-33 pages)`;
    figures[`first streamed byte p50 / p95, ${LONG_DOCUMENT_PAGES}+ pages`] = longFirstBytes.length
      ? `${percentile(longFirstBytes, 0.5).toFixed(0)} / ${p95.toFixed(0)} ms over ${longFirstBytes.length} questions (target p95 < ${TARGETS.firstByteP95Ms} ms)`
      : "not measured: pdfunite (poppler-utils) is needed to build the long document";
    figures["recall at 5 by category"] = [...byCategory]
      .sort((a, b) => a[1].hits / a[1].questions - b[1].hits / b[1].questions)
      .map(([name, value]) => `${name} ${value.hits}/${value.questions}`)
      .join(", ");

    const ok =
      recall5 >= TARGETS.recallAt5 &&
      recall5 >= TARGETS.baselineRatio * baselineRecall5 &&
      pageHit >= TARGETS.pageHitAt5 &&
      verbatim >= TARGETS.quotesVerbatim &&
      p95 < TARGETS.firstByteP95Ms &&
      abstainsWhenMissing >= TARGETS.abstainsWhenMissing &&
      abstainsWrongly <= TARGETS.abstainsWrongly &&
      citingGold >= TARGETS.answersCitingGold &&
      dropped <= TARGETS.droppedCitations &&
      coverage.covered >= TARGETS.pageTextInPassages;
    console.log("\nQuestion answering (CUAD dev, extractive answerer)");
    for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
    return { ok, figures };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok } = await runQuestionAnsweringBench();
  process.exit(ok ? 0 : 1);
}
