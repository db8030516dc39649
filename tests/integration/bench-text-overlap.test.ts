// The benchmark contracts beside the repository (shared/bench) must never be copied into it: CUAD is
// for measuring, and payer-dev is lent for internal evaluation only. Ten words in a row shared with
// one of them counts as copied, stock legal phrasing included: write test contracts in other words.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot, requireCuadDev, words } from "../support/documents/cuad-dev";
import { readPdfText } from "../support/pdf-text";

const runLength = 10;
const benchDirectory = path.resolve(repoRoot, "../shared/bench");
const scannedFolders = ["src", "tests", "scripts", "bench"];
const textExtensions = new Set([".ts", ".tsx", ".js", ".mjs", ".json", ".md", ".txt", ".csv", ".html", ".css"]);
const maxScannedBytes = 5 * 1024 * 1024;

interface RepoFile {
  file: string;
  words: string[];
  /** 1-based line of each word. */
  lines: number[];
}

interface BenchText {
  name: string;
  read: () => Promise<string>;
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listFiles(full);
    return entry.isFile() ? [full] : [];
  });
}

function isScanned(file: string): boolean {
  // A learned model's weights (*.model.json) hold feature names and numbers, not prose, and are far larger than any source file.
  if (file.endsWith(".model.json")) return false;
  return textExtensions.has(path.extname(file)) && statSync(file).size <= maxScannedBytes;
}

function readRepoFile(file: string, text: string): RepoFile {
  const result: RepoFile = { file, words: [], lines: [] };
  // An escaped line break inside a string ("clause.\nThe") would otherwise glue two words together and hide a copied run.
  text
    .replace(/\\[nrt]/g, " ")
    .split("\n")
    .forEach((line, index) => {
      for (const word of words(line)) {
        result.words.push(word);
        result.lines.push(index + 1);
      }
    });
  return result;
}

function shingleAt(sequence: string[], start: number): string {
  return sequence.slice(start, start + runLength).join(" ");
}

/** Fails loudly, like requireCuadDev: a missing data set must not make this guard pass unseen. */
function listBenchTexts(): BenchText[] {
  requireCuadDev();
  const textsOf = (set: string) => {
    const folder = path.join(benchDirectory, set, "text");
    const names = readdirSync(folder).filter((name) => name.endsWith(".txt"));
    if (names.length === 0) throw new Error(`No contract texts in ${folder} (shared/bench/${set} next to the repository).`);
    return names.sort().map((name) => ({ name: `${set}/text/${name}`, read: async () => readFileSync(path.join(folder, name), "utf8") }));
  };
  const payerFolder = path.join(benchDirectory, "payer-dev/contracts");
  const payerPdfs = readdirSync(payerFolder).filter((name) => name.endsWith(".pdf"));
  if (payerPdfs.length !== 4) throw new Error(`Expected the four payer-dev agreements in ${payerFolder}, found ${payerPdfs.length}.`);
  const payer = payerPdfs.sort().map((name) => ({
    name: `payer-dev/contracts/${name}`,
    // payer-dev has no text files; read the PDFs' text as a viewer shows it. They are text PDFs: the
    // words come in the product's order, in less than half its time (no page drawn or read for strikes).
    read: async () => (await readPdfText(readFileSync(path.join(payerFolder, name)))).pages.join("\n"),
  }));
  return [...textsOf("cuad-train"), ...textsOf("cuad-dev"), ...payer];
}

/**
 * Each run of `runLength` or more words a repository file shares with a bench text, as "file:line: words (bench file)".
 * Only the repository's shingles are held in memory; the bench texts are read one at a time.
 */
async function findSharedRuns(repoFiles: RepoFile[], benchTexts: BenchText[]): Promise<{ runs: string[]; benchWords: Map<string, number> }> {
  const repoShingles = new Set<string>();
  for (const { words: sequence } of repoFiles) for (let start = 0; start + runLength <= sequence.length; start++) repoShingles.add(shingleAt(sequence, start));

  const foundIn = new Map<string, string>();
  const benchWords = new Map<string, number>();
  for (const bench of benchTexts) {
    const sequence = words(await bench.read());
    benchWords.set(bench.name, sequence.length);
    for (let start = 0; start + runLength <= sequence.length; start++) {
      const shingle = shingleAt(sequence, start);
      if (repoShingles.has(shingle) && !foundIn.has(shingle)) foundIn.set(shingle, bench.name);
    }
  }

  const runs: string[] = [];
  for (const { file, words: sequence, lines } of repoFiles) {
    const sourceAt = (start: number) => (start + runLength <= sequence.length ? foundIn.get(shingleAt(sequence, start)) : undefined);
    for (let start = 0; start + runLength <= sequence.length; start++) {
      const sources = new Set<string>();
      let next = start;
      for (let source = sourceAt(next); source; source = sourceAt(++next)) sources.add(source);
      if (next === start) continue;
      runs.push(`${path.relative(repoRoot, file)}:${lines[start]}: "${sequence.slice(start, next - 1 + runLength).join(" ")}" (${[...sources].join(", ")})`);
      start = next - 1;
    }
  }
  return { runs, benchWords };
}

describe("no text copied from the benchmark contracts", () => {
  it("reports each run of ten or more shared words with its file, line and bench file, across escaped line breaks, and nothing shorter", async () => {
    const made = (name: string, text: string) => ({ name, read: async () => text });
    const repo = readRepoFile(
      path.join(repoRoot, "src/example.ts"),
      [
        'const a = "the lamp posts on Elm Street are painted green";',
        "// every other Tuesday the",
        "// harbour bell rings twice at noon for the ferry",
        'const b = "Snow fell.\\nOnly the baker on Mill Lane opened his shop";',
      ].join("\n"),
    );
    const { runs } = await findSharedRuns(
      [repo],
      [
        made("nine.txt", "The lamp posts on Elm Street are painted green."),
        made("eleven.txt", "Every other Tuesday the harbour bell rings twice at noon for the ferry."),
        made("escaped.txt", "Snow fell. Only the baker on Mill Lane opened his shop."),
      ],
    );
    expect(runs).toEqual([
      'src/example.ts:2: "every other tuesday the harbour bell rings twice at noon for the ferry" (eleven.txt)',
      'src/example.ts:4: "snow fell only the baker on mill lane opened his shop" (escaped.txt)',
    ]);
  });

  it("under src/ and tests/, no file shares ten words in a row with a contract in shared/bench", async () => {
    const benchTexts = listBenchTexts();
    const repoFiles = scannedFolders
      .flatMap((folder) => listFiles(path.join(repoRoot, folder)))
      .filter(isScanned)
      .map((file) => readRepoFile(file, readFileSync(file, "utf8")));
    const { runs, benchWords } = await findSharedRuns(repoFiles, benchTexts);

    // A contract read as (almost) no words would let anything copied from it through; the shortest bench text has over 100.
    expect([...benchWords].filter(([, count]) => count < 100).map(([name]) => name)).toEqual([]);
    expect(runs, "Rewrite these in your own words: shared/bench contracts must not be copied into the repository").toEqual([]);
  }, 120_000);
});
