import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createScheduler, createWorker, OEM, PSM, type RecognizeOptions, type Scheduler } from "tesseract.js";
import type { OcrEngine } from "./types";

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
      const { data } = await scheduler.addJob("recognize", image, jobOptions);
      return { text: data.text ?? "", confidence: Number.isFinite(data.confidence) ? data.confidence : 0 };
    },
    async close() {
      const current = starting;
      starting = undefined;
      if (current) await (await current.catch(() => undefined))?.terminate();
    },
  };
}
