import { childProcessEnvironment } from "../../env";
import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { runInBackground } from "./background-priority";
import { createTesseractOcr, wordsFromTsv } from "./tesseract-ocr";
import type { OcrEngine } from "./types";

/** OCR_ENGINE: `wasm` is tesseract.js (installed by npm), `native` the `tesseract` program, `auto` the program when it is there. */
export type OcrEngineSetting = "auto" | "wasm" | "native";

/** A page that holds the native engine longer than this is killed (the extraction watchdog has long stopped waiting by then). */
const nativePageTimeoutMs = 5 * 60_000;

/** Whether a `tesseract` program with the English model is on PATH. */
export function hasNativeTesseract(): boolean {
  const languages = spawnSync("tesseract", ["--list-langs"], { encoding: "utf8", timeout: 10_000 });
  return languages.status === 0 && /^eng$/m.test(`${languages.stdout}\n${languages.stderr}`);
}

/** Mean word confidence of Tesseract's TSV (what tesseract.js reports as the page's confidence), 0 without words. */
export function meanWordConfidence(tsv: string): number {
  let sum = 0;
  let count = 0;
  for (const row of tsv.split("\n")) {
    const cells = row.split("\t");
    const confidence = Number(cells[10]);
    if (cells[0] !== "5" || !cells.slice(11).join("\t").trim() || !Number.isFinite(confidence) || confidence < 0) continue;
    sum += confidence;
    count += 1;
  }
  return count ? sum / count : 0;
}

/** Runs one `tesseract` process: PNG on stdin, text and TSV written to a private folder, read back and removed. */
async function runTesseract(image: Buffer, dpi: number): Promise<{ text: string; tsv: string }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "clausewise-ocr-"));
  const output = path.join(folder, "page");
  try {
    await new Promise<void>((resolve, reject) => {
      const child = execFile(
        "tesseract",
        // The settings tesseract.js is given: LSTM only, automatic page segmentation, the picture's dpi, no diagnostics, no page-end form feed.
        [
          "stdin",
          output,
          "-l",
          "eng",
          "--oem",
          "1",
          "--psm",
          "3",
          "--dpi",
          String(Math.round(dpi)),
          "-c",
          "debug_file=/dev/null",
          "-c",
          "page_separator=",
          "txt",
          "tsv",
        ],
        // One thread per page: pages run side by side instead (OpenMP threads fight over the same cores).
        { env: childProcessEnvironment({ OMP_THREAD_LIMIT: "1" }), timeout: nativePageTimeoutMs, killSignal: "SIGKILL", maxBuffer: 1024 * 1024 },
        (error, _stdout, stderr) => (error ? reject(new Error(`tesseract failed: ${stderr.trim() || error.message}`, { cause: error })) : resolve()),
      );
      runInBackground(child.pid);
      child.stdin?.on("error", () => undefined);
      child.stdin?.end(image);
    });
    const [text, tsv] = await Promise.all([readFile(`${output}.txt`, "utf8"), readFile(`${output}.tsv`, "utf8")]);
    return { text, tsv };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * OCR with the `tesseract` program (Tesseract 5, e.g. Debian's tesseract-ocr + tesseract-ocr-eng):
 * about 1.5× faster than tesseract.js, with the same settings and the same shapes (text, mean word
 * confidence, TSV word boxes). Up to `workers` processes at a time (default 2); nothing to close.
 */
export function createNativeTesseractOcr(options: { workers?: number } = {}): OcrEngine {
  const slots = Math.max(1, Math.floor(options.workers ?? 2));
  let running = 0;
  const waiting: Array<() => void> = [];
  /** A slot for one process: taken at once when free, else handed over by the process that ends. */
  const acquire = async () => {
    if (running < slots) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async recognize(image, dpi) {
      await acquire();
      try {
        const { text, tsv } = await runTesseract(image, dpi);
        return { text, confidence: meanWordConfidence(tsv), words: wordsFromTsv(tsv) };
      } finally {
        release();
      }
    },
    close: async () => undefined,
  };
}

/** The OCR engine OCR_ENGINE names; `auto` is the native program when installed, else tesseract.js. */
export function createOcrEngine(setting: OcrEngineSetting, options: { workers?: number } = {}): { engine: OcrEngine; kind: "wasm" | "native" } {
  const kind = setting === "auto" ? (hasNativeTesseract() ? "native" : "wasm") : setting;
  if (kind === "native" && setting === "native" && !hasNativeTesseract()) {
    throw new Error("OCR_ENGINE=native needs the tesseract program with its English model on PATH (Debian: apt-get install tesseract-ocr tesseract-ocr-eng).");
  }
  return { engine: kind === "native" ? createNativeTesseractOcr(options) : createTesseractOcr(options), kind };
}
