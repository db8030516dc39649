// Upload memory (issue 20, item 6): six 45 MB PDFs uploaded at once to the built server, as its
// own process on a fresh data directory; the server's resident memory just before and its peak
// (the kernel's high-water mark) while they arrive. Before uploads streamed to disk each file was
// held about three times over (the form, the File, a copy): 405 MB → 1,255 MB.
// Run alone with `npx tsx bench/uploads.ts` (builds the server first).
import { pathToFileURL } from "node:url";
import type { DocumentSummary } from "../src/shared/contracts/documents";
import { ensureBuilt, machineLoad, peakRssMb, resetPeakRss, rssMb, signedUpClient, withServer, type BenchClient } from "./support/bench-server";

const PORT = 3193;
const PARALLEL_UPLOADS = 6;
const FILE_MB = 45;
/** What six uploads at once may add to the server's memory: their buffers in flight, not their files. */
const PEAK_GROWTH_TARGET_MB = 100;

/** A distinct PDF of `megabytes`: a real header and trailer around padding, as a scanned contract's bulk. */
function largePdf(megabytes: number, copy: number): Uint8Array {
  const head = Buffer.from(`%PDF-1.7\n% upload bench copy ${copy} ${Date.now()}\n`);
  const tail = Buffer.from("\n%%EOF\n");
  const bytes = Buffer.alloc(megabytes * 1024 * 1024, 0x20);
  head.copy(bytes, 0);
  tail.copy(bytes, bytes.byteLength - tail.byteLength);
  return new Uint8Array(bytes);
}

async function upload(client: BenchClient, filename: string, bytes: Uint8Array): Promise<DocumentSummary> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], filename));
  return (await client.json<{ document: DocumentSummary }>("/api/documents", { form })).document;
}

export async function runUploadBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  ensureBuilt();
  const files = Array.from({ length: PARALLEL_UPLOADS }, (_, index) => largePdf(FILE_MB, index));
  return withServer(PORT, { BILLING: "off", MAX_UPLOAD_MB: "50" }, async (server, baseUrl) => {
    const pid = server.child.pid!;
    const client = await signedUpClient(baseUrl);
    // One small upload first, so that the route and its parser are loaded before measuring.
    await upload(client, "warm-up.pdf", largePdf(1, -1));
    const before = rssMb(pid);
    resetPeakRss(pid);
    const start = performance.now();
    const uploaded = await Promise.all(files.map((bytes, index) => upload(client, `Scanned contract ${index + 1}.pdf`, bytes)));
    const seconds = (performance.now() - start) / 1000;
    const peak = peakRssMb(pid);
    const allStored = uploaded.length === PARALLEL_UPLOADS && uploaded.every((document) => document.fileSize === FILE_MB * 1024 * 1024);
    const growth = peak - before;
    return {
      ok: allStored && growth < PEAK_GROWTH_TARGET_MB,
      figures: {
        machine: machineLoad(),
        [`${PARALLEL_UPLOADS} parallel ${FILE_MB} MB uploads`]: `${allStored ? "all stored" : "NOT all stored"} in ${seconds.toFixed(1)} s (${((PARALLEL_UPLOADS * FILE_MB) / seconds).toFixed(0)} MB/s)`,
        "server RSS": `${before.toFixed(0)} MB before → ${peak.toFixed(0)} MB peak, +${growth.toFixed(0)} MB (target < +${PEAK_GROWTH_TARGET_MB} MB; before streaming: 405 → 1,255 MB)`,
      },
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runUploadBench();
  for (const [name, value] of Object.entries(figures)) console.log(`${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
