// Hostile files (issue 20, item 5): how long each takes to end and the peak memory of the
// process reading it, each in a fresh process, beside the floor every reading process has (a
// one-page text PDF with pdf.js loaded; a small image through sharp). Run alone with `npx tsx bench/hostile-files.ts`.
import { execFileSync } from "node:child_process";
import os from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hostileCases, type HostileCase, type HostileRun } from "./hostile-file-run";

/** Every hostile file must end within this (the 2,000 blank pages took ~15 minutes before issue 20). */
const SECONDS_TARGET = 60;
/** Peak memory a hostile file may add to a reading process beyond the baseline. */
const EXTRA_MEMORY_TARGET_MB = 400;

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");

export async function runHostileFilesBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const figures: Record<string, string> = { "load average at start": load() };
  const runner = fileURLToPath(new URL("./hostile-file-run.ts", import.meta.url));
  const baselines = { pdf: 0, image: 0 };
  let ok = true;
  for (const name of Object.keys(hostileCases) as HostileCase[]) {
    const output = execFileSync(process.execPath, ["--import", "tsx", runner, name], { encoding: "utf8", maxBuffer: 1024 * 1024, timeout: 30 * 60_000 });
    const result = JSON.parse(output.trim().split("\n").pop()!) as HostileRun;
    const kind = /PDF/.test(name) ? "pdf" : "image";
    if (name.startsWith("baseline")) baselines[kind] = result.peakRssMB;
    const extra = result.peakRssMB - baselines[kind];
    const isOk = result.seconds <= SECONDS_TARGET && extra <= EXTRA_MEMORY_TARGET_MB;
    ok &&= isOk;
    figures[name] =
      `${result.fileKB} KB: ${result.outcome} (${result.pages} pages, ${result.ocrCalls} sent to OCR) in ${result.seconds.toFixed(1)} s, ` +
      `peak RSS ${result.peakRssMB} MB (+${extra} MB over the baseline)${isOk ? "" : " — TARGET MISSED"}`;
  }
  figures["targets"] = `each ends within ${SECONDS_TARGET} s, adding at most ${EXTRA_MEMORY_TARGET_MB} MB over the baseline`;
  figures["load average at end"] = load();
  return { ok, figures };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ok, figures } = await runHostileFilesBench();
  console.log("\nHostile files");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  console.log(ok ? "  targets met" : "  TARGETS MISSED");
  process.exit(ok ? 0 : 1);
}
