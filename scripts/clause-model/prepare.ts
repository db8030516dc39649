// Reads a CUAD-format bench set (../shared/bench/<set>) the way the product reads an upload —
// pdf.js text, clause structure, passages, sentences — and labels each sentence with the clause
// kinds whose lawyer-annotated spans it holds. Writes one JSON line per contract to
// .data/clause-model/<set>.jsonl, the input of train.ts. Run: npx tsx scripts/clause-model/prepare.ts cuad-train
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chunkClauses } from "../../src/core/documents/chunking";
import { structureDocument } from "../../src/core/documents/structure";
import { sentenceHeadings } from "../../src/core/rag/kind-evidence";
import { sentencesOf } from "../../src/core/rag/passage-sentences";
import { extractDocument } from "../../src/server/adapters/extract/index";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const cacheDirectory = path.join(repoRoot, ".data/clause-model");

interface GoldQuestion {
  contract_id: string;
  category: string;
  answers: { text: string }[];
}

/** One sentence as the product reads it, with the kinds whose gold spans it holds. */
export interface PreparedSentence {
  text: string;
  /** The heading of its clause and the two headings above it. */
  headings: string[];
  page: number;
  kinds: string[];
}

export interface PreparedContract {
  contractId: string;
  sentences: PreparedSentence[];
  /** Kinds CUAD says the contract has (at least one gold span) and does not have. */
  present: string[];
  absent: string[];
}

const canonicalChar = /[\p{L}\p{N}]/u;

/** The text's letters and digits, lower case, with where each came from. */
function canonicalWithOffsets(text: string): { canonical: string; offsets: number[] } {
  let canonical = "";
  const offsets: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const normalized = text[index]!.normalize("NFKC").toLowerCase();
    for (const char of normalized) {
      if (!canonicalChar.test(char)) continue;
      canonical += char;
      offsets.push(index);
    }
  }
  return { canonical, offsets };
}

const canonicalOf = (text: string) => canonicalWithOffsets(text).canonical;

/** Where a gold span lies in the document's canonical text: whole, or between its first and last 50 characters. */
function findSpan(document: string, span: string): [number, number][] {
  if (span.length < 8) return [];
  const found: [number, number][] = [];
  for (let at = document.indexOf(span); at >= 0; at = document.indexOf(span, at + 1)) found.push([at, at + span.length]);
  if (found.length > 0 || span.length < 150) return found;
  const head = document.indexOf(span.slice(0, 50));
  const tail = head < 0 ? -1 : document.indexOf(span.slice(-50), head);
  return head >= 0 && tail >= 0 && tail - head < span.length * 1.5 ? [[head, tail + 50]] : [];
}

async function prepareContract(setDirectory: string, contractId: string, gold: GoldQuestion[], absent: string[]): Promise<PreparedContract> {
  const bytes = new Uint8Array(readFileSync(path.join(setDirectory, "contracts", `${contractId}.pdf`)));
  const ocr = { recognize: async () => ({ text: "", confidence: 0 }), close: async () => undefined };
  const extraction = await extractDocument(bytes, "pdf", { ocr });
  const chunks = chunkClauses(structureDocument(extraction.pages));
  // The whole document's passages as one canonical text, each character traced to its passage and offset.
  let documentText = "";
  const origin: { chunk: number; offset: number }[] = [];
  chunks.forEach((chunk, chunkIndex) => {
    const { canonical, offsets } = canonicalWithOffsets(chunk.text);
    documentText += canonical;
    for (const offset of offsets) origin.push({ chunk: chunkIndex, offset });
  });
  // Per passage, the character ranges each kind's gold spans cover.
  const covered = chunks.map(() => new Map<string, [number, number][]>());
  for (const question of gold) {
    for (const answer of question.answers) {
      for (const [from, to] of findSpan(documentText, canonicalOf(answer.text))) {
        for (let at = from; at < to; at++) {
          const { chunk, offset } = origin[at]!;
          const ranges = covered[chunk]!.get(question.category) ?? [];
          const last = ranges.at(-1);
          if (last && offset <= last[1] + 3) last[1] = Math.max(last[1], offset + 1);
          else ranges.push([offset, offset + 1]);
          covered[chunk]!.set(question.category, ranges);
        }
      }
    }
  }
  const sentences: PreparedSentence[] = [];
  chunks.forEach((chunk, chunkIndex) => {
    for (const sentence of sentencesOf(chunk.text, chunk.clauses)) {
      const letters = canonicalOf(sentence.text).length || 1;
      const kinds: string[] = [];
      for (const [kind, ranges] of covered[chunkIndex]!) {
        const overlap = ranges.reduce(
          (sum, [from, to]) => sum + canonicalOf(chunk.text.slice(Math.max(from, sentence.start), Math.min(to, sentence.end))).length,
          0,
        );
        // Most of the sentence is annotated, or a short annotation sits inside it.
        if (overlap >= 0.5 * letters || (overlap >= 20 && ranges.some(([from, to]) => from >= sentence.start && to <= sentence.end))) kinds.push(kind);
      }
      sentences.push({ text: sentence.text, headings: sentenceHeadings(chunk, sentence), page: pageOf(chunk, sentence.start), kinds });
    }
  });
  return { contractId, sentences, present: [...new Set(gold.map((question) => question.category))], absent };
}

/** The page a passage offset falls on: passages keep their page span, so the share of the text places it. */
function pageOf(chunk: { pageStart: number; pageEnd: number; text: string }, offset: number): number {
  if (chunk.pageStart === chunk.pageEnd) return chunk.pageStart;
  return chunk.pageStart + Math.floor(((chunk.pageEnd - chunk.pageStart + 1) * offset) / Math.max(1, chunk.text.length));
}

function readJsonLines<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export async function prepareSet(set: string): Promise<string> {
  const setDirectory = path.resolve(repoRoot, "../shared/bench", set);
  const contracts = readJsonLines<{ contract_id: string; no_answer_categories: string[] }>(path.join(setDirectory, "contracts.jsonl"));
  const questions = readJsonLines<GoldQuestion>(path.join(setDirectory, "questions.jsonl"));
  mkdirSync(cacheDirectory, { recursive: true });
  const output = path.join(cacheDirectory, `${set}.jsonl`);
  const lines: string[] = [];
  let labelled = 0;
  let spans = 0;
  for (const [index, contract] of contracts.entries()) {
    const gold = questions.filter((question) => question.contract_id === contract.contract_id);
    const prepared = await prepareContract(setDirectory, contract.contract_id, gold, contract.no_answer_categories);
    labelled += prepared.sentences.filter((sentence) => sentence.kinds.length > 0).length;
    spans += gold.length;
    lines.push(JSON.stringify(prepared));
    if ((index + 1) % 25 === 0) console.log(`${index + 1}/${contracts.length} contracts read`);
  }
  writeFileSync(output, `${lines.join("\n")}\n`);
  console.log(`${contracts.length} contracts, ${labelled} labelled sentences for ${spans} questions → ${output}`);
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareSet(process.argv[2] ?? "cuad-train");
