import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createScheduler, createWorker, OEM, PSM, type RecognizeOptions, type Scheduler } from "tesseract.js";
import type { OcrEngine, OcrWord } from "./types";

const require = createRequire(import.meta.url);

/**
 * English LSTM model shipped in node_modules (@tesseract.js-data/eng). Passing a local path
 * is what keeps tesseract.js from downloading the model from a CDN.
 */
export function englishModelPath(): string {
  let packageDirectory: string;
  try {
    packageDirectory = path.dirname(require.resolve("@tesseract.js-data/eng/package.json"));
  } catch (error) {
    throw new Error("OCR language data is missing: the @tesseract.js-data/eng package is not installed.", { cause: error });
  }
  for (const folder of ["4.0.0_best_int", "4.0.0"]) {
    const candidate = path.join(packageDirectory, folder);
    if (existsSync(path.join(candidate, "eng.traineddata.gz"))) return candidate;
  }
  throw new Error(`OCR language data is missing: no eng.traineddata.gz under ${packageDirectory}.`);
}

/**
 * The words of Tesseract's TSV output (one row per page, block, paragraph, line and word: level,
 * five numbers of place, left, top, width, height in pixels, confidence, text), with their boxes
 * as fractions of the image, whose size is the page row's (level 1). Tesseract's reading order,
 * which is the order of its text. TSV rather than the `blocks` output: the same words and boxes
 * in about a twentieth of the bytes (`blocks` carries every letter's box too).
 */
export function wordsFromTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  let width = 0;
  let height = 0;
  for (const row of tsv.split("\n")) {
    const cells = row.split("\t");
    if (cells.length < 12) continue;
    const [left, top, boxWidth, boxHeight] = cells.slice(6, 10).map(Number) as [number, number, number, number];
    const text = cells.slice(11).join("\t");
    if (cells[0] === "1") {
      width = boxWidth;
      height = boxHeight;
    } else if (cells[0] === "5" && text.trim() && width > 0 && height > 0 && [left, top, boxWidth, boxHeight].every(Number.isFinite)) {
      const fraction = (value: number, whole: number) => Math.min(1, Math.max(0, value / whole));
      words.push({ text, box: [fraction(left, width), fraction(top, height), fraction(left + boxWidth, width), fraction(top + boxHeight, height)] });
    }
  }
  return words;
}

/**
 * OCR with tesseract.js: a scheduler over `workers` worker threads (default 2), English model
 * from node_modules, automatic page segmentation (PSM 3: the default single-block mode drops
 * large title lines). Workers start on first use; `close()` stops them.
 */
export function createTesseractOcr(options: { workers?: number } = {}): OcrEngine {
  const workerCount = Math.max(1, Math.floor(options.workers ?? 2));
  let starting: Promise<Scheduler> | undefined;

  async function start(): Promise<Scheduler> {
    const langPath = englishModelPath();
    const scheduler = createScheduler();
    try {
      const workers = await Promise.all(
        Array.from({ length: workerCount }, async () => {
          const worker = await createWorker("eng", OEM.LSTM_ONLY, { langPath, gzip: true, cacheMethod: "none" });
          // debug_file: Tesseract's diagnostics ("guessing pitch...") would otherwise go to stderr.
          await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, debug_file: "/dev/null" });
          return worker;
        }),
      );
      for (const worker of workers) scheduler.addWorker(worker);
      return scheduler;
    } catch (error) {
      await scheduler.terminate().catch(() => undefined);
      throw new Error(`Could not start OCR: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  return {
    async recognize(image, dpi) {
      starting ??= start().catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
      const scheduler = await starting;
      // Tesseract parameters given with a job apply to that job only.
      const jobOptions = { user_defined_dpi: String(Math.round(dpi)) } as Partial<RecognizeOptions>;
      const { data } = await scheduler.addJob("recognize", image, jobOptions, { text: true, tsv: true });
      return { text: data.text ?? "", confidence: Number.isFinite(data.confidence) ? data.confidence : 0, words: wordsFromTsv(data.tsv ?? "") };
    },
    async close() {
      const current = starting;
      starting = undefined;
      if (current) await (await current.catch(() => undefined))?.terminate();
    },
  };
}
