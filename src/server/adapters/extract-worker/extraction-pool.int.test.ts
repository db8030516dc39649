import os from "node:os";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildPdf, fakeOcr, renderTextPng } from "../../../../tests/support/documents/test-fixtures";
import { childProcesses } from "../../../../tests/support/processes";
import { BACKGROUND_NICENESS } from "../extract/background-priority";
import { createExtractionPool, isLargeDocument } from "./extraction-pool";

const pools: Array<ReturnType<typeof createExtractionPool>> = [];
const stuckReader = new URL("../../../../tests/support/documents/stuck-reader-process.mjs", import.meta.url);
const crashingReader = new URL("../../../../tests/support/documents/crashing-reader-process.mjs", import.meta.url);
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** The most readers `pool` ran at once while `work` ran. */
async function mostReadersDuring<T>(pool: ReturnType<typeof createExtractionPool>, work: () => Promise<T>): Promise<{ result: T; most: number }> {
  let most = 0;
  const watch = setInterval(() => (most = Math.max(most, pool.readerCount)), 5);
  try {
    const result = await work();
    return { result, most: Math.max(most, pool.readerCount) };
  } finally {
    clearInterval(watch);
  }
}

async function scanPage(): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const { data, info } = await sharp(renderTextPng(["Scanned page"], { fontSize: 28 }))
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: data };
}

describe("extraction pool", () => {
  it("extracts two documents at once in two readers, their scanned pages OCRed by the one engine it was given", async () => {
    const ocr = fakeOcr((_image, dpi) => ({ text: `Recognized at ${dpi} dpi: the Payer shall reimburse the Provider.`, confidence: 91 }));
    const pool = createExtractionPool({ readers: 2, ocr });
    pools.push(pool);
    const scan = await scanPage();
    const text = buildPdf([{ lines: [{ text: "ARTICLE 1 TERM. This Agreement starts on January 1, 2025.", x: 72, y: 720 }] }]);
    const scanned = buildPdf([{ image: scan }]);
    const progress: number[] = [];
    const [first, second] = await Promise.all([pool.read(text, "pdf", () => undefined), pool.read(scanned, "pdf", (done) => progress.push(done))]);
    expect(first.extraction.pages[0]).toMatchObject({ method: "text", text: "ARTICLE 1 TERM. This Agreement starts on January 1, 2025." });
    expect(first.chunks.map((chunk) => chunk.clauseNumber)).toEqual(["Article 1"]);
    expect(second.extraction.pages[0]).toMatchObject({
      method: "ocr",
      ocrConfidence: 91,
      text: "Recognized at 200 dpi: the Payer shall reimburse the Provider.",
    });
    expect(ocr.calls).toHaveLength(1);
    expect(progress).toEqual([1]);
  });

  it("reads scans that come together on one reader, since the OCR engine they share sets their pace, a page rendered at a time", async () => {
    let pagesRead = 0;
    const ocr = {
      recognize: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        pagesRead += 1;
        return { text: "The Payer shall reimburse the Provider within thirty days.", confidence: 90 };
      },
      close: async () => undefined,
    };
    const pool = createExtractionPool({ readers: 2, ocr });
    pools.push(pool);
    // A reader started and pdf.js loaded, so the first scan does not wait on a reader starting.
    await pool.read(buildPdf([{ lines: [{ text: "1.1 Term. One year.", x: 72, y: 720 }] }]), "pdf", () => undefined);
    pagesRead = 0;
    const scans = await Promise.all([1, 2, 3].map(async () => buildPdf([{ image: await scanPage() }])));
    const { result, most } = await mostReadersDuring(pool, () => Promise.all(scans.map((scan) => pool.read(scan, "pdf", () => undefined))));
    expect(result.map((reading) => reading.extraction.pages[0]?.method)).toEqual(["ocr", "ocr", "ocr"]);
    expect(pagesRead).toBe(3);
    expect(most).toBe(1);
  });

  it("reads text beside a scan: a text document still being read when a scan comes gets a reader of its own", async () => {
    const ocr = fakeOcr(() => ({ text: "The Payer shall reimburse the Provider within thirty days.", confidence: 90 }));
    const pool = createExtractionPool({ readers: 2, ocr });
    pools.push(pool);
    // Long enough that its reader is still on it when the scan is given out.
    const longText = buildPdf(
      Array.from({ length: 60 }, (_, page) => ({ lines: [{ text: `${page + 1}.1 Term. This Agreement lasts one year.`, x: 72, y: 720 }] })),
    );
    const scanned = buildPdf([{ image: await scanPage() }]);
    const { most } = await mostReadersDuring(pool, () =>
      Promise.all([pool.read(longText, "pdf", () => undefined), pool.read(scanned, "pdf", () => undefined)]),
    );
    expect(most).toBe(2);
  });

  it("reads in a process of its own at background priority, so requests come first on a busy machine; this process keeps its priority", async () => {
    const pool = createExtractionPool({ readers: 1, ocr: fakeOcr(() => ({ text: "", confidence: 0 })) });
    pools.push(pool);
    const before = new Set(childProcesses(process.pid));
    const own = os.getPriority();
    await pool.read(buildPdf([{ lines: [{ text: "1.1 Term. One year.", x: 72, y: 720 }] }]), "pdf", () => undefined);
    const started = childProcesses(process.pid).filter((pid) => !before.has(pid));
    expect(started).toHaveLength(1);
    expect(os.getPriority(started[0])).toBe(Math.max(own, BACKGROUND_NICENESS));
    expect(os.getPriority(process.pid)).toBe(own);
  });

  it("stops a reader that goes silent on a document, fails that document, and starts a new reader for the next", async () => {
    const pool = createExtractionPool({ readers: 1, ocr: fakeOcr(() => ({ text: "", confidence: 0 })), stalledReaderMs: 300, readerEntry: stuckReader });
    pools.push(pool);
    const text = buildPdf([{ lines: [{ text: "1.1 Term. One year.", x: 72, y: 720 }] }]);
    await expect(pool.read(text, "pdf", () => undefined)).rejects.toThrow(/stopped responding/);
    await expect(pool.read(text, "pdf", () => undefined)).rejects.toThrow(/stopped responding/);
  });

  it("fails the documents of a reader that dies, and this process goes on: the next document gets a new reader", async () => {
    const pool = createExtractionPool({ readers: 1, ocr: fakeOcr(() => ({ text: "", confidence: 0 })), readerEntry: crashingReader });
    pools.push(pool);
    const text = buildPdf([{ lines: [{ text: "1.1 Term. This Agreement lasts one year.", x: 72, y: 720 }] }]);
    await expect(pool.read(text, "pdf", () => undefined)).rejects.toThrow(/document reader stopped \(exit code 1\)/);
    await expect(pool.read(text, "pdf", () => undefined)).rejects.toThrow(/document reader stopped \(exit code 1\)/);
    expect(pool.readerCount).toBe(0);
  });

  it("counts waiting on OCR as silence too: a page the engine never answers stops the reader and fails the document", async () => {
    const pool = createExtractionPool({
      readers: 1,
      ocr: { recognize: () => new Promise(() => undefined), close: async () => undefined },
      stalledReaderMs: 300,
    });
    pools.push(pool);
    await expect(pool.read(buildPdf([{ image: await scanPage() }]), "pdf", () => undefined)).rejects.toThrow(/stopped responding/);
  });

  it("reads large documents one at a time (small ones side by side), so two large ones never add up their memory", async () => {
    /**
     * An OCR engine that takes a second a page and records when each page was in it. Given
     * `together`, a page also waits (up to 15 s) until that many pages are in it, so two read side
     * by side overlap however late a busy machine starts the second.
     */
    const timedOcr = (together = 1) => {
      const spans: Array<[number, number]> = [];
      let entered = 0;
      const allIn = () => entered >= together;
      const engine = {
        spans,
        recognize: async () => {
          const start = Date.now();
          entered++;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          for (const deadline = start + 15_000; !allIn() && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
          spans.push([start, Date.now()]);
          return { text: "The Payer shall reimburse the Provider within thirty days.", confidence: 90 };
        },
        close: async () => undefined,
      };
      return engine;
    };
    const overlaps = ([a, b]: Array<[number, number]>) => a![0] < b![1] && b![0] < a![1];
    const scans = [buildPdf([{ image: await scanPage() }]), buildPdf([{ image: await scanPage() }])];
    const text = buildPdf([{ lines: [{ text: "1.1 Term. This Agreement lasts one year.", x: 72, y: 720 }] }]);
    /** Both readers started and pdf.js loaded in each, so neither document waits on a reader starting. */
    const warmUp = (pool: ReturnType<typeof createExtractionPool>) => Promise.all([text, text].map((bytes) => pool.read(bytes, "pdf", () => undefined)));

    const small = timedOcr(2);
    const pairPool = createExtractionPool({ readers: 2, ocr: small });
    pools.push(pairPool);
    await warmUp(pairPool);
    await Promise.all(scans.map((scan) => pairPool.read(scan, "pdf", () => undefined)));
    expect(overlaps(small.spans)).toBe(true);

    const large = timedOcr();
    // Scans (2.8 KB) count as large here, the warm-up's text (0.6 KB) does not: both readers are warm.
    const largePool = createExtractionPool({ readers: 2, ocr: large, large: { bytes: 2000, pixels: 1 } });
    pools.push(largePool);
    await warmUp(largePool);
    await Promise.all(scans.map((scan) => largePool.read(scan, "pdf", () => undefined)));
    expect(large.spans).toHaveLength(2);
    expect(overlaps(large.spans)).toBe(false);
    // Four readers start and load pdf.js at background priority: on a machine busy with other work they wait their turn.
  }, 90_000);

  it.each([
    ["a 17 MB file", new Uint8Array(17 * 1024 * 1024), "pdf", true],
    ["a small PDF", new Uint8Array(1000), "pdf", false],
  ] as const)("%s is large: %s", async (_, bytes, kind, expected) => {
    expect(await isLargeDocument(bytes, kind)).toBe(expected);
  });

  it("judges an image by the pixels its header declares", async () => {
    const header = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
        .png()
        .toBuffer();
    expect(await isLargeDocument(await header(5000, 4000), "png")).toBe(true);
    expect(await isLargeDocument(await header(2550, 3300), "png")).toBe(false);
  });

  it("passes an OCR failure back to the document as an error", async () => {
    const pool = createExtractionPool({
      readers: 1,
      ocr: { recognize: () => Promise.reject(new Error("OCR engine crashed")), close: async () => undefined },
    });
    pools.push(pool);
    await expect(pool.read(buildPdf([{ image: await scanPage() }]), "pdf", () => undefined)).rejects.toThrow("OCR engine crashed");
  });

  it("stops a reader left without documents, never one reading a document, and starts a new one for the next", async () => {
    const slowOcr = {
      recognize: async () => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        return { text: "The Payer shall reimburse the Provider within thirty days.", confidence: 90 };
      },
      close: async () => undefined,
    };
    const pool = createExtractionPool({ readers: 1, ocr: slowOcr, idleReaderMs: 200 });
    pools.push(pool);
    // The scanned page keeps the reader busy three times longer than it may stay idle.
    const scanned = await pool.read(buildPdf([{ image: await scanPage() }]), "pdf", () => undefined);
    expect(scanned.extraction.pages[0]).toMatchObject({ method: "ocr", ocrConfidence: 90 });
    expect(pool.readerCount).toBe(1);
    await vi.waitFor(() => expect(pool.readerCount).toBe(0), { timeout: 10_000, interval: 50 });

    const text = await pool.read(buildPdf([{ lines: [{ text: "1.1 Term. This Agreement lasts one year.", x: 72, y: 720 }] }]), "pdf", () => undefined);
    expect(text.extraction.pages[0]).toMatchObject({ method: "text", text: "1.1 Term. This Agreement lasts one year." });
    expect(pool.readerCount).toBe(1);
  });
});
