// Fact-sheet benchmark (issue 18). The four real payer agreements of shared/bench/payer-dev (read
// from ../shared, never copied: see its README) and the CUAD dev contracts are processed by the
// real pipeline; each fact sheet is read by its job and scored against the hand-read key
// (answers.json) and CUAD's lawyer-annotated spans of the categories that are fact-sheet fields.
// Also times how long after processing a 90-page contract's sheet is ready, and how long the
// reading itself takes. Run alone with `npx tsx bench/fact-sheet.ts`.
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { Actor } from "../src/core/access/actor";
import { readFactSheet } from "../src/core/fact-sheet/read-facts";
import { locateQuote } from "../src/core/rag/citations";
import type { Container } from "../src/server/container";
import { sql } from "drizzle-orm";
import { queryRows } from "../src/server/db/client";
import { createFactSheetRepo } from "../src/server/modules/fact-sheet/fact-sheet.repo";
import type { FactSheet } from "../src/shared/contracts/fact-sheet";
import type { FactFieldKey } from "../src/shared/fact-sheet";
import { cuadFile, readCuadContracts, readCuadQuestions, repoRoot } from "../tests/support/documents/cuad-dev";
import { emptyScore, scoreSheet, type GoldSheet } from "./fact-sheet-scoring";
import { openBenchContainer, readySheet } from "./support/bench-container";

const payerDevDirectory = path.resolve(repoRoot, "../shared/bench/payer-dev");
const TARGETS = { fieldAccuracy: 0.9, notStatedPrecision: 0.95, quotesVerbatim: 1, cuadOnGoldPage: 0.85, readyAfterProcessingMs: 5000 };
/** CUAD's categories that are fact-sheet fields, and the fields that answer them. Audit Rights has no field: a sheet states no audit term. */
const cuadFields: Record<string, FactFieldKey[]> = {
  "Effective Date": ["effective_date"],
  "Expiration Date": ["expiration_date", "initial_term"],
  "Renewal Term": ["auto_renewal"],
  "Notice Period To Terminate Renewal": ["non_renewal_notice"],
  "Governing Law": ["governing_law"],
  "Anti-Assignment": ["assignment"],
};

const ratio = (hits: number, total: number) => (total ? hits / total : 0);
const format = (value: number) => value.toFixed(3);

function requirePayerDev(): Record<string, GoldSheet> {
  const answers = path.join(payerDevDirectory, "answers.json");
  if (!existsSync(answers)) throw new Error(`The payer-dev set is missing: expected ${payerDevDirectory} (shared/bench/payer-dev next to the repository).`);
  return JSON.parse(readFileSync(answers, "utf8")) as Record<string, GoldSheet>;
}

async function processed(container: Container, actor: Actor, filename: string, bytes: Uint8Array): Promise<{ id: string }> {
  const document = await container.documents.upload(actor, { filename, content: Readable.from([bytes]) });
  await container.documents.startProcessing(actor, document.id, "start");
  container.jobs.poke();
  for (;;) {
    const current = await container.documents.get(actor, document.id);
    if (current.status === "completed") return { id: document.id };
    if (current.status === "failed") throw new Error(`${filename} failed: ${current.failureReason}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** From the end of the document's processing job to its sheet's reading, both as the database's clock has them. */
async function readyAfterProcessingMs(container: Container, documentId: string): Promise<number> {
  const [row] = await queryRows<{ ms: number }>(
    container.db,
    sql`select extract(epoch from (f.built_at - j.completed_at)) * 1000 as ms
        from fact_sheets f join jobs j on j.type = 'document.process' and j.payload->>'document_id' = f.document_id::text
        where f.document_id = ${documentId}`,
  );
  return Number(row!.ms);
}

/** Every value's quote found word for word on its cited page, at its offsets. */
async function quotesVerbatim(container: Container, sheet: FactSheet): Promise<{ verbatim: number; total: number }> {
  const pages = await createFactSheetRepo(container.db, container.jobs.queue).listPageTexts(sheet.documentId);
  const values = sheet.fields.flatMap((field) => field.values);
  const verbatim = values.filter((value) => locateQuote(value.source.quote, pages, value.source.page, value.source.page)?.quote === value.source.quote).length;
  return { verbatim, total: values.length };
}

export async function runFactSheetBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const gold = requirePayerDev();
  const { container, actor, close } = await openBenchContainer("fact-sheet");
  const figures: Record<string, string> = {};
  try {
    container.jobs.startWorker({ pollIntervalMs: 20 });

    // payer-dev: one contract at a time, so the time to a ready sheet is this contract's alone.
    const score = emptyScore();
    let verbatim = 0;
    let values = 0;
    const readyAfter: number[] = [];
    const readingMs: number[] = [];
    for (const file of Object.keys(gold)) {
      const { id } = await processed(container, actor, file, new Uint8Array(await readFile(path.join(payerDevDirectory, "contracts", file))));
      const sheet = await readySheet(container, actor, id);
      readyAfter.push(await readyAfterProcessingMs(container, id));
      const repo = createFactSheetRepo(container.db, container.jobs.queue);
      const [passages, pages] = await Promise.all([repo.listPassages(id), repo.listPageTexts(id)]);
      const started = performance.now();
      readFactSheet(passages, pages);
      readingMs.push(performance.now() - started);
      scoreSheet(score, file, sheet.fields, gold[file]!);
      const quotes = await quotesVerbatim(container, sheet);
      verbatim += quotes.verbatim;
      values += quotes.total;
    }
    const fieldAccuracy = ratio(score.entriesRight, score.goldEntries);
    const notStatedPrecision = ratio(score.notStatedRight, score.notStatedShown);
    const quoteShare = ratio(verbatim, values);
    figures["payer-dev field accuracy (value, product line and page)"] =
      `${format(fieldAccuracy)} (${score.entriesRight}/${score.goldEntries}; target ${TARGETS.fieldAccuracy})`;
    for (const [field, { entries, right }] of [...score.byField].sort(([a], [b]) => a.localeCompare(b)))
      figures[`  ${field}`] = `${right}/${entries}${right < entries ? "  (missed)" : ""}`;
    figures["payer-dev values shown that match the key"] = `${format(ratio(score.valuesRight, score.valuesShown))} (${score.valuesRight}/${score.valuesShown})`;
    figures['payer-dev "Not stated" precision'] =
      `${format(notStatedPrecision)} (${score.notStatedRight}/${score.notStatedShown}; target ${TARGETS.notStatedPrecision})`;
    figures["values with a verbatim quote on the cited page"] = `${format(quoteShare)} (${verbatim}/${values}; target ${TARGETS.quotesVerbatim})`;
    const slowest = Math.max(...readyAfter);
    figures["fact sheet ready after processing (slowest of the four, 38–90 pages)"] =
      `${slowest.toFixed(0)} ms (target < ${TARGETS.readyAfterProcessingMs} ms)`;
    figures["reading itself (slowest)"] = `${Math.max(...readingMs).toFixed(0)} ms`;
    if (process.env.FACT_SHEET_BENCH_MISSES) console.log(score.misses.join("\n"));

    // CUAD: is a value of the category's field on one of the gold answer's pages?
    const questions = readCuadQuestions().filter((question) => cuadFields[question.category] && question.answers.length > 0);
    const sheets = new Map<string, FactSheet>();
    for (const contract of readCuadContracts()) {
      if (!questions.some((question) => question.contract_id === contract.contract_id)) continue;
      const { id } = await processed(
        container,
        actor,
        `${contract.contract_id}.pdf`,
        new Uint8Array(await readFile(cuadFile("contracts", contract.contract_id))),
      );
      sheets.set(contract.contract_id, await readySheet(container, actor, id));
    }
    let onGoldPage = 0;
    for (const question of questions) {
      const sheet = sheets.get(question.contract_id)!;
      const goldPages = new Set(question.answers.flatMap((answer) => answer.pages));
      const shown = sheet.fields.filter((field) => cuadFields[question.category]!.includes(field.key)).flatMap((field) => field.values);
      if (shown.some((value) => goldPages.has(value.source.page))) onGoldPage++;
      else if (process.env.FACT_SHEET_BENCH_MISSES)
        console.log(
          `CUAD ${question.contract_id.slice(0, 30)} ${question.category}: gold p${[...goldPages].join(",")} «${question.answers[0]!.text.slice(0, 140)}» got ${shown.map((value) => `${value.value} p${value.source.page}`).join("; ") || "nothing"}`,
        );
    }
    const cuadShare = ratio(onGoldPage, questions.length);
    figures["CUAD fact-sheet categories: a value on a gold page"] =
      `${format(cuadShare)} (${onGoldPage}/${questions.length}; target ${TARGETS.cuadOnGoldPage}; Audit Rights has no field)`;

    const ok =
      fieldAccuracy >= TARGETS.fieldAccuracy &&
      notStatedPrecision >= TARGETS.notStatedPrecision &&
      quoteShare >= TARGETS.quotesVerbatim &&
      cuadShare >= TARGETS.cuadOnGoldPage &&
      slowest < TARGETS.readyAfterProcessingMs;
    return { ok, figures };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runFactSheetBench();
  console.log("\nContract fact sheet (issue 18)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
