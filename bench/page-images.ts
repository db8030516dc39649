// Page images (issue 20, item 9): a three-page fax (letter pages at 200 dpi, a TIFF) uploaded to
// the built server, then one page asked for again and again without the browser's copy (no
// If-None-Match), as a second tab or another device asks. Measured with the page image cache
// (PAGE_IMAGE_CACHE_MB, default) and without it (0: every request reads the file and draws the page).
// Run alone with `npx tsx bench/page-images.ts` (builds the server first).
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import type { DocumentSummary } from "../src/shared/contracts/documents";
import { renderTextPng } from "../tests/support/documents/test-fixtures";
import { ensureBuilt, machineLoad, signedUpClient, withServer, type BenchClient } from "./support/bench-server";

const PORT = 3195;
const REQUESTS = 30;
/** A page drawn once should come back at least this many times faster from memory (what remains is the request itself: session, ownership check). */
const SPEED_UP_TARGET = 3;

async function faxTiff(): Promise<Buffer> {
  const lines = Array.from({ length: 40 }, (_, index) => `${index + 1}. Payer shall pay clean claims within thirty (30) days of receipt.`);
  const pages = await Promise.all(
    [0, 1, 2].map((page) =>
      sharp(renderTextPng([`PAGE ${page + 1} OF THE FAX`, ...lines], { width: 1700, fontSize: 28 }))
        .png()
        .toBuffer(),
    ),
  );
  return sharp(pages, { join: { animated: true } })
    .tiff({ compression: "lzw" })
    .toBuffer();
}

const percentile = (values: number[], fraction: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))]!;

/** Milliseconds per request for page 2, asked `REQUESTS` times one after another. */
async function timePage(client: BenchClient, document: DocumentSummary): Promise<{ firstMs: number; p50Ms: number; p95Ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let request = 0; request <= REQUESTS; request++) {
    const start = performance.now();
    const response = await client.request(`/api/documents/${document.id}/pages/2/image`);
    if (!response.ok) throw new Error(`page image: ${response.status} ${await response.text()}`);
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - start);
  }
  const [firstMs, ...rest] = times;
  return { firstMs: firstMs!, p50Ms: percentile(rest, 0.5), p95Ms: percentile(rest, 0.95), bytes };
}

async function measure(tiff: Buffer, cacheMb: string) {
  return withServer(PORT, { BILLING: "off", PAGE_IMAGE_CACHE_MB: cacheMb }, async (_server, baseUrl) => {
    const client = await signedUpClient(baseUrl);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(tiff)], "Cigna fax.tiff"));
    const { document } = await client.json<{ document: DocumentSummary }>("/api/documents", { form });
    return timePage(client, document);
  });
}

export async function runPageImagesBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  ensureBuilt();
  const tiff = await faxTiff();
  const load = machineLoad();
  const cached = await measure(tiff, "64");
  const uncached = await measure(tiff, "0");
  const speedUp = uncached.p50Ms / cached.p50Ms;
  const describe = (run: typeof cached) => `first ${run.firstMs.toFixed(0)} ms, then p50 ${run.p50Ms.toFixed(1)} ms, p95 ${run.p95Ms.toFixed(1)} ms`;
  return {
    ok: speedUp >= SPEED_UP_TARGET,
    figures: {
      machine: `${load} at start`,
      document: `3-page TIFF fax, ${(tiff.byteLength / 1024).toFixed(0)} KB; page 2 drawn as a ${(cached.bytes / 1024).toFixed(0)} KB PNG, asked ${REQUESTS + 1} times`,
      "with the page image cache (64 MB)": describe(cached),
      "without (PAGE_IMAGE_CACHE_MB=0)": describe(uncached),
      "repeat requests": `${speedUp.toFixed(1)}x faster from memory (target >= ${SPEED_UP_TARGET}x)`,
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runPageImagesBench();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
