// Audit log benchmark (issue 19): what recording adds to a request. The real app on a fresh
// database answers requests that each record one event — a document renamed (PATCH, the event
// after the change) and its file downloaded (GET) — 1,000 times each with recording on and 1,000 with
// it off (the service's record replaced by a no-op in this harness only), in alternating blocks of
// 25 so drift of a shared machine falls on both. Events are written before the answer, in a
// transaction of their own (ADR 031), so "on" includes that write. Target: p95 with recording − p95 without < 2 ms, on
// PGlite and on PostgreSQL (DATABASE_URL, or the local server). Prints the load average.
// Run alone with `npx tsx bench/audit-log.ts`.
import { pathToFileURL } from "node:url";
import { payerContractPdf } from "../tests/support/documents/payer-contract";
import { createVerifiedUser } from "../tests/support/factories";
import { openBenchApp, signInHeaders } from "./support/bench-app";
import { DEFAULT_POSTGRES_URL, loadAverage, percentile, pgliteTarget, postgresTarget, type DatabaseTarget } from "./support/bench-measures";

const TARGET_MS = 2;
const WARM_UPS = 20;
const RUNS = 1000;
const BLOCK = 25;
const PASSWORD = "bench-password-1";

const p95 = (samples: number[]) => percentile(samples, 0.95);
const median = (samples: number[]) => percentile(samples, 0.5);

type Timings = Record<"rename" | "download", { on: number[]; off: number[] }>;

async function measure(target: DatabaseTarget): Promise<Timings> {
  const bench = await openBenchApp(target, "audit");
  const { app, container } = bench;
  const record = container.audit.record;
  const noRecord: typeof record = async () => undefined;
  try {
    const email = `bench-${process.pid}@clinic.example`;
    await createVerifiedUser(container.auth, { email, password: PASSWORD, name: "Bench" });
    const headers = await signInHeaders(bench, email, PASSWORD);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(payerContractPdf("bench"))], "Bench Agreement.pdf"));
    const uploaded = await app.request("/api/documents", { method: "POST", headers, body: form });
    const { document } = (await uploaded.json()) as { document: { id: string } };
    let renames = 0;
    const requests = {
      rename: () =>
        app.request(`/api/documents/${document.id}`, {
          method: "PATCH",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify({ filename: `Bench ${(renames += 1)}` }),
        }),
      download: () => app.request(`/api/documents/${document.id}/file`, { headers }),
    };
    const timings: Timings = { rename: { on: [], off: [] }, download: { on: [], off: [] } };
    for (const [name, request] of Object.entries(requests) as [keyof Timings, () => Promise<Response>][]) {
      for (let index = 0; index < WARM_UPS; index++) await (await request()).arrayBuffer();
      for (let index = 0; index < RUNS * 2; index++) {
        // Blocks of 25 each way, alternating.
        const isOn = Math.floor(index / BLOCK) % 2 === 0;
        if (index % BLOCK === 0) await container.audit.flush();
        container.audit.record = isOn ? record : noRecord;
        const started = performance.now();
        const response = await request();
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`${name} answered ${response.status}`);
        timings[name][isOn ? "on" : "off"].push(elapsed);
      }
    }
    container.audit.record = record;
    return timings;
  } finally {
    await bench.close();
  }
}

export async function runAuditLogBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const figures: Record<string, string> = { "load average (1 / 5 / 15 min), before": loadAverage() };
  let ok = true;
  const targets = { PGlite: pgliteTarget(), PostgreSQL: postgresTarget(process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL, "clausewise_audit_bench") };
  for (const [kind, target] of Object.entries(targets)) {
    const timings = await measure(target);
    for (const [name, { on, off }] of Object.entries(timings)) {
      const added = p95(on) - p95(off);
      const isMet = added < TARGET_MS;
      ok &&= isMet;
      figures[`${kind}, ${name}: p95 recording on / off (added)`] =
        `${p95(on).toFixed(2)} ms / ${p95(off).toFixed(2)} ms (${added.toFixed(2)} ms)${isMet ? "" : "  MISSED"}`;
      figures[`${kind}, ${name}: median recording on / off`] = `${median(on).toFixed(2)} ms / ${median(off).toFixed(2)} ms`;
    }
  }
  figures["load average (1 / 5 / 15 min), after"] = loadAverage();
  figures.target = `recording adds < ${TARGET_MS} ms to a request's p95 (${RUNS} requests each way)`;
  return { ok, figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runAuditLogBench();
  console.log("\nAudit log (issue 19)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
