// Platform console benchmark (issue 17): a deployment of 200 organizations, 2,000 users, 20,000
// documents (2 passages each), 50,000 conversations and 5,000 jobs, seeded into a fresh embedded
// database (PGlite) and a fresh PostgreSQL database (DATABASE_URL, or the local server), then
// every console list and the overview asked through the admin service (the SQL the routes run),
// side by side: p95 of 30 runs after 3 warm-ups each. Targets: p95 < 150 ms on PGlite, < 50 ms
// on PostgreSQL. Prints the load average: this machine's 2 cores are shared.
// Run alone with `npx tsx bench/platform-console.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import { createContainer, type Container } from "../src/server/container";
import { applyMigrations } from "../src/server/db/migrate";
import { loadEnv } from "../src/server/env";
import { insertScaleDeployment, largeDeployment } from "../tests/support/factories";
import { DEFAULT_POSTGRES_URL, loadAverage, percentile, pgliteTarget, postgresTarget, type DatabaseTarget } from "./support/bench-measures";

const PGLITE_P95_TARGET_MS = 150;
const POSTGRES_P95_TARGET_MS = 50;
const WARM_UPS = 3;
const RUNS = 30;

type Ask = (container: Container, context: { organizationId: string }) => Promise<unknown>;

/** Every console screen's request: each list's first page, and its search, filters and second page. */
const asks: Record<string, Ask> = {
  overview: (c) => c.admin.overview(),
  organizations: (c) => c.admin.listOrganizations({ offset: 0 }),
  "organizations, page 2": (c) => c.admin.listOrganizations({ offset: 100 }),
  "organizations, search": (c) => c.admin.listOrganizations({ offset: 0, search: "practice 1" }),
  users: (c) => c.admin.listUsers({ offset: 0, status: "all" }),
  "users, active": (c) => c.admin.listUsers({ offset: 0, status: "active" }),
  "users, search": (c) => c.admin.listUsers({ offset: 0, status: "all", search: "person12" }),
  documents: (c) => c.admin.listDocuments({ offset: 0 }),
  "documents, failed": (c) => c.admin.listDocuments({ offset: 0, status: "failed" }),
  "documents, organization": (c, { organizationId }) => c.admin.listDocuments({ offset: 0, organizationId }),
  "documents, search": (c) => c.admin.listDocuments({ offset: 0, search: "medicare contract 19" }),
  chats: (c) => c.admin.listChats({ offset: 0 }),
  "chats, organization": (c, { organizationId }) => c.admin.listChats({ offset: 0, organizationId }),
  "chats, search": (c) => c.admin.listChats({ offset: 0, search: "renewal terms 4" }),
  jobs: (c) => c.admin.listJobs({ offset: 0, age: "all" }),
  "jobs, failed": (c) => c.admin.listJobs({ offset: 0, status: "failed", age: "all" }),
  "jobs, organization": (c, { organizationId }) => c.admin.listJobs({ offset: 0, organizationId, age: "all" }),
  "jobs, last 24 hours": (c) => c.admin.listJobs({ offset: 0, age: "24h" }),
  system: (c) => c.admin.systemStatus(),
};

/** Seeds a fresh database of `target` and times every ask on it; answers each ask's p95 in ms. */
async function measure(target: DatabaseTarget): Promise<{ seedSeconds: number; p95s: Record<string, number> }> {
  const database = await target.open();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clausewise-console-bench-"));
  const container = createContainer(loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }), database, pino({ level: "silent" }));
  try {
    await applyMigrations(database);
    const seedStarted = performance.now();
    await insertScaleDeployment(database.db, largeDeployment);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const [largest] = (await container.admin.listOrganizations({ offset: 0 })).organizations.sort((a, b) => b.documentsCount - a.documentsCount);
    const context = { organizationId: largest!.id };
    const p95s: Record<string, number> = {};
    for (const [name, ask] of Object.entries(asks)) {
      for (let index = 0; index < WARM_UPS; index++) await ask(container, context);
      const samples: number[] = [];
      for (let index = 0; index < RUNS; index++) {
        const started = performance.now();
        await ask(container, context);
        samples.push(performance.now() - started);
      }
      p95s[name] = percentile(samples, 0.95);
    }
    return { seedSeconds, p95s };
  } finally {
    await container.close();
    await database.close();
    await target.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runPlatformConsoleBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const loadBefore = loadAverage();
  const embedded = await measure(pgliteTarget());
  const server = await measure(postgresTarget(process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL, "clausewise_console_bench"));
  const figures: Record<string, string> = {
    deployment: `${largeDeployment.organizations} organizations, ${largeDeployment.users} users, ${largeDeployment.documents} documents (${largeDeployment.passagesPerDocument} passages each), ${largeDeployment.chats} chats, ${largeDeployment.jobs} jobs`,
    "load average (1 / 5 / 15 min), before": loadBefore,
    "seeding (PGlite / PostgreSQL)": `${embedded.seedSeconds.toFixed(1)} s / ${server.seedSeconds.toFixed(1)} s`,
  };
  let ok = true;
  for (const name of Object.keys(asks)) {
    const pglite = embedded.p95s[name]!;
    const postgres = server.p95s[name]!;
    const isMet = pglite < PGLITE_P95_TARGET_MS && postgres < POSTGRES_P95_TARGET_MS;
    ok &&= isMet;
    figures[`p95 ${name} (PGlite / PostgreSQL)`] = `${pglite.toFixed(1)} ms / ${postgres.toFixed(1)} ms${isMet ? "" : "  MISSED"}`;
  }
  figures["load average (1 / 5 / 15 min), after"] = loadAverage();
  figures.targets = `p95 < ${PGLITE_P95_TARGET_MS} ms on PGlite, < ${POSTGRES_P95_TARGET_MS} ms on PostgreSQL`;
  return { ok, figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runPlatformConsoleBench();
  console.log("\nPlatform console (issue 17)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
