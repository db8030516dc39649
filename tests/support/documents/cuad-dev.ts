// The CUAD dev set (shared/bench/cuad-dev, beside the repository) as used by this adapter's
// slow tests and benchmark. Not used by the application.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const cuadDevDirectory = path.resolve(repoRoot, "../shared/bench/cuad-dev");

export interface CuadContract {
  contract_id: string;
  n_pages: number;
  scanned_file?: string;
}

export interface CuadQuestion {
  contract_id: string;
  category: string;
  question: string;
  answers: Array<{ text: string; pages: number[] }>;
}

/** Fails loudly: a missing data set must not turn into skipped (and silently passing) tests. */
export function requireCuadDev(): string {
  if (!existsSync(path.join(cuadDevDirectory, "questions.jsonl"))) {
    throw new Error(`The CUAD dev set is missing: expected ${cuadDevDirectory} (shared/bench/cuad-dev next to the repository).`);
  }
  return cuadDevDirectory;
}

function readJsonLines<T>(file: string): T[] {
  return readFileSync(path.join(requireCuadDev(), file), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export function readCuadContracts(): CuadContract[] {
  return readJsonLines<CuadContract>("contracts.jsonl");
}

export function readCuadQuestions(): CuadQuestion[] {
  return readJsonLines<CuadQuestion>("questions.jsonl");
}

export function cuadFile(folder: "contracts" | "scanned" | "text", contractId: string): string {
  return path.join(requireCuadDev(), folder, `${contractId}.${folder === "text" ? "txt" : "pdf"}`);
}

/** Letters and digits only, lower case: the README's canonical form (quotes, dashes, hyphenation and spacing vary). */
export function canonical(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Lower-case words of letters and digits, for word recall. */
export function words(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Share of the reference words (with multiplicity) that the hypothesis contains. */
export function wordRecall(reference: string[], hypothesis: string[]): number {
  if (reference.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const word of hypothesis) counts.set(word, (counts.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of reference) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      found += 1;
      counts.set(word, left - 1);
    }
  }
  return found / reference.length;
}

/** The natural-language question the README gives each CUAD category ("Category -> question mapping" table). */
export function readCuadQuestionWording(): Map<string, string> {
  const readme = readFileSync(path.join(requireCuadDev(), "README.md"), "utf8");
  const table = readme.slice(readme.indexOf("## Category -> question mapping"));
  const wording = new Map<string, string>();
  for (const line of table.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 4 || cells[1] === "category" || /^-+$/.test(cells[1] ?? "")) continue;
    if (cells[1] && cells[2]?.endsWith("?")) wording.set(cells[1], cells[2]);
  }
  return wording;
}

export interface CuadNoAnswerQuestion {
  contract_id: string;
  category: string;
  question: string;
}

/** A CUAD-format set beside the repository (cuad-dev, cuad-train): its contracts, questions and the clause kinds each lacks. */
export function cuadSet(name: "cuad-dev" | "cuad-train") {
  const directory = path.resolve(repoRoot, "../shared/bench", name);
  if (!existsSync(path.join(directory, "questions.jsonl")))
    throw new Error(`The ${name} set is missing: expected ${directory} (shared/bench/${name} next to the repository).`);
  const lines = <T>(file: string) =>
    readFileSync(path.join(directory, file), "utf8")
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as T);
  const contracts = lines<CuadContract & { no_answer_categories: string[] }>("contracts.jsonl");
  return {
    name,
    contracts,
    questions: lines<CuadQuestion>("questions.jsonl"),
    /** Each (contract, category) CUAD marks as having no clause, asked in the wording the answerable questions use. */
    noAnswerQuestions: (): CuadNoAnswerQuestion[] => {
      const wording = readCuadQuestionWording();
      return contracts.flatMap((contract) =>
        contract.no_answer_categories.map((category) => ({ contract_id: contract.contract_id, category, question: wording.get(category)! })),
      );
    },
    file: (folder: "contracts" | "text", contractId: string) => path.join(directory, folder, `${contractId}.${folder === "text" ? "txt" : "pdf"}`),
  };
}

/** Each (contract, category) CUAD marks as having no clause, asked in the wording the answerable questions use. */
export function readCuadNoAnswerQuestions(): CuadNoAnswerQuestion[] {
  const wording = readCuadQuestionWording();
  return readJsonLines<CuadContract & { no_answer_categories: string[] }>("contracts.jsonl").flatMap((contract) =>
    contract.no_answer_categories.map((category) => {
      const question = wording.get(category);
      if (!question) throw new Error(`The CUAD dev README gives no question for the category "${category}".`);
      return { contract_id: contract.contract_id, category, question };
    }),
  );
}
