import { createOcrEngine, type OcrEngineSetting } from "../../src/server/adapters/extract/native-tesseract-ocr";
import type { OcrEngine } from "../../src/server/adapters/extract/types";

/**
 * The OCR engine tests run on: tesseract.js unless OCR_ENGINE says otherwise. CI runs the OCR
 * tests once on each engine (`npm test` on tesseract.js, `npm run test:pg` with OCR_ENGINE=native).
 */
export function testOcrEngineSetting(): OcrEngineSetting {
  const setting = process.env.OCR_ENGINE ?? "wasm";
  if (setting !== "wasm" && setting !== "native" && setting !== "auto") throw new Error(`OCR_ENGINE must be auto, wasm or native, not ${setting}`);
  return setting;
}

/** An engine of the kind tests run on (see testOcrEngineSetting), with its name for test titles. */
export function createTestOcrEngine(options: { workers?: number } = {}): { engine: OcrEngine; name: string } {
  const { engine, kind } = createOcrEngine(testOcrEngineSetting(), options);
  return { engine, name: kind === "native" ? "the tesseract program" : "tesseract.js" };
}
