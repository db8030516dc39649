// One hostile file read in a process of its own, so its peak memory is its own: prints one JSON
// line. Run by bench/hostile-files.ts as `tsx bench/hostile-file-run.ts <case>`.
import { blankPagesPdf, blankTiff, flateBombPdf, hugePng } from "../tests/support/documents/hostile-files";
import { buildPdf } from "../tests/support/documents/test-fixtures";
import { extractDocument, type DocumentKind } from "../src/server/adapters/extract/index";
import { createOcrEngine } from "../src/server/adapters/extract/native-tesseract-ocr";

/** Baselines first: the memory any process reading a PDF (pdf.js loaded) or an image (sharp) has anyway. */
export const hostileCases = {
  "baseline for PDFs: a one-page text PDF": async () => [
    buildPdf([{ lines: [{ text: "1.1 Term. This Agreement lasts one year from the Effective Date.", x: 72, y: 720 }] }]),
    "pdf",
  ],
  "baseline for images: a blank 1700 × 2200 PNG": async () => [await hugePng(1700, 2200), "png"],
  "PDF of 2,000 blank pages": async () => [blankPagesPdf(2000), "pdf"],
  "TIFF of 500 blank pages (Letter, 200 dpi)": async () => [blankTiff(500), "tiff"],
  "PNG of 144 megapixels": async () => [await hugePng(12_000, 12_000), "png"],
  "PDF with a 200 MiB Flate bomb picture": async () => [await flateBombPdf(200), "pdf"],
} satisfies Record<string, () => Promise<[Buffer, DocumentKind]>>;

export type HostileCase = keyof typeof hostileCases;

export interface HostileRun {
  fileKB: number;
  outcome: string;
  pages: number;
  ocrCalls: number;
  seconds: number;
  peakRssMB: number;
}

async function run(name: HostileCase): Promise<HostileRun> {
  const [bytes, kind] = await hostileCases[name]();
  const { engine } = createOcrEngine((process.env.OCR_ENGINE as "auto" | "wasm" | "native" | undefined) ?? "auto");
  let ocrCalls = 0;
  const counted = { recognize: (image: Buffer, dpi: number) => (ocrCalls++, engine.recognize(image, dpi)), close: () => engine.close() };
  const start = performance.now();
  let outcome = "completed";
  let pages = 0;
  try {
    pages = (await extractDocument(bytes, kind, { ocr: counted })).pages.length;
  } catch (error) {
    outcome = `${(error as { reason?: string }).reason ?? "error"}: ${(error as Error).message}`;
  }
  const seconds = (performance.now() - start) / 1000;
  await engine.close();
  return { fileKB: Math.round(bytes.length / 1024), outcome, pages, ocrCalls, seconds, peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) };
}

if (process.argv[2]) {
  console.log(JSON.stringify(await run(process.argv[2] as HostileCase)));
  process.exit(0);
}
