// Load benchmark (issues 20 and 31): a real server process (its own DATA_DIR and port, loopback only), one
// account signed up through the API with the 15 CUAD dev contracts uploaded and processed, then
// phases of concurrent clients on keep-alive connections, each for a fixed time (bounded loops):
// health (the reference: the machine's own speed under this load), list documents, search the
// ~33-page contract with varied queries, and 10 chat clients reading each NDJSON answer whole while
// a few scanned uploads are being processed. Per route: requests/s, p50, p95, errors. Also the
// server's peak RSS (VmHWM) from its first answer on, the peak while it started (a new database), and
// the load average before and after: this machine's 2 cores are
// shared, so read the figures beside the health reference and the load.
//
// Targets (embedded database): list p95 < 100 ms, search p95 < 200 ms, chat p95 < 250 ms, 0 errors;
// on PostgreSQL (DATABASE_URL: a fresh database is made on that server and dropped) list < 50,
// search < 125, chat < 150 ms; the server's peak RSS < 700 MB on both.
// Settings: LOAD_BENCH_SECONDS (30 per phase), LOAD_BENCH_CLIENTS (50), LOAD_BENCH_CHAT_CLIENTS (10),
// LOAD_BENCH_UPLOADS (3), LOAD_BENCH_DATABASE (pglite | postgres | postgres-worker-apart | both |
// all; default pglite, or both when DATABASE_URL is set; postgres-worker-apart runs the job worker in
// a process of its own, as a deployment does, and measures the web process alone),
// LOAD_BENCH_CPU_PROF (a folder: the server writes a --cpu-prof there), LOAD_BENCH_NODE_OPTIONS
// (Node.js options given to the web process after start:built's, so a later one wins: e.g.
// --max-old-space-size=256).
// The server runs as `npm start` runs it: bundled, with the Node.js options of package.json's
// `start:built` script (the web process's heap limit); the worker apart as `npm run worker` runs it.
// Run alone with `npx tsx bench/load.ts`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { cuadFile, readCuadContracts, repoRoot } from "../tests/support/documents/cuad-dev";
import { DEFAULT_POSTGRES_URL, loadAverage, percentile, postgresDatabase } from "./support/bench-measures";
import { tolerantStatusFieldMb, watchDocumentReaders } from "./support/bench-server";

const PASSWORD = "correct-horse-42";
// Issue 20 set PostgreSQL's; issue 31 tightened the embedded database's and set the web process's memory.
const TARGETS_MS = { pglite: { list: 100, search: 200, chat: 250 }, postgres: { list: 50, search: 125, chat: 150 } } as const;
const TARGET_PEAK_RSS_MB = 700;
const SEARCH_QUERIES = [
  "termination for convenience",
  "governing law",
  "limitation of liability",
  "confidential information",
  "renewal term",
  "indemnification",
  "fees and payment terms",
  "assignment without consent",
  "insurance requirements",
  "notice period",
  "audit rights",
  "service levels and hosting",
];
const CHAT_QUESTIONS = [
  "What law governs this agreement?",
  "How can this agreement be terminated?",
  "When does the agreement renew?",
  "Is there a cap on liability?",
  "What are the payment terms?",
  "Can the agreement be assigned?",
  "What notice is required to terminate?",
  "Who owns the intellectual property?",
];

const setting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
};

export const loadSettings = () => ({
  seconds: setting("LOAD_BENCH_SECONDS", 30),
  clients: setting("LOAD_BENCH_CLIENTS", 50),
  chatClients: setting("LOAD_BENCH_CHAT_CLIENTS", 10),
  uploads: setting("LOAD_BENCH_UPLOADS", 3),
});
type Settings = ReturnType<typeof loadSettings>;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Reply {
  status: number;
  body: Buffer;
  setCookies: string[];
}

/** A signed-in person's HTTP client on keep-alive connections to the server under test. */
class Client {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    private readonly agent: http.Agent,
  ) {}

  get origin() {
    return `http://127.0.0.1:${this.port}`;
  }

  request(method: string, urlPath: string, body?: { type: string; bytes: Buffer }): Promise<Reply> {
    const headers: Record<string, string> = { Origin: this.origin, Accept: "application/json" };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body) {
      headers["Content-Type"] = body.type;
      headers["Content-Length"] = String(body.bytes.byteLength);
    }
    return new Promise((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port: this.port, method, path: urlPath, headers, agent: this.agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const setCookies = response.headers["set-cookie"] ?? [];
          for (const cookie of setCookies) {
            const [pair] = cookie.split(";");
            const [name, ...value] = pair!.split("=");
            if (value.join("=") === "") this.cookies.delete(name!.trim());
            else this.cookies.set(name!.trim(), value.join("="));
          }
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), setCookies });
        });
      });
      request.on("error", reject);
      request.end(body?.bytes);
    });
  }

  json(method: string, urlPath: string, value: unknown) {
    return this.request(method, urlPath, { type: "application/json", bytes: Buffer.from(JSON.stringify(value)) });
  }

  async expectJson<T>(reply: Promise<Reply>, what: string): Promise<T> {
    const { status, body } = await reply;
    if (status < 200 || status >= 300) throw new Error(`${what}: HTTP ${status} ${body.toString().slice(0, 300)}`);
    return JSON.parse(body.toString()) as T;
  }

  upload(filename: string, bytes: Buffer) {
    const boundary = `----clausewise-load-${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    return this.request("POST", "/api/documents", { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat([head, bytes, tail]) });
  }
}

interface Server {
  process: ChildProcess;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
  /** VmHWM while starting, before the peak was reset. */
  startupPeakMb: number;
  /** VmHWM since the server answered its first health check. */
  peakRssMb(): number;
  /** The job worker's VmHWM when it runs in a process of its own (from its start), else undefined. */
  workerPeakRssMb(): number | undefined;
  /** The document readers (processes the job worker starts, ADR 047): the highest VmHWM of one, and the most resident at one moment, together. */
  readers: Pick<ReturnType<typeof watchDocumentReaders>, "peakMb" | "mostTogetherMb">;
  output(): string;
}

let serverBuild: Promise<string> | undefined;
const buildFolders: string[] = [];

/**
 * The server as `npm start` runs it: bundled by esbuild, not compiled as it loads by tsx (which
 * wraps every function it creates in a naming helper). Built once per run into a temporary
 * folder; the API routes measured here need no web app, so a placeholder page stands beside it.
 */
function builtServer(): Promise<string> {
  serverBuild ??= (async () => {
    // Inside the checkout, so the bundle finds its packages in node_modules.
    const cache = path.join(repoRoot, "node_modules", ".cache");
    mkdirSync(cache, { recursive: true });
    const folder = mkdtempSync(path.join(cache, "clausewise-load-bench-"));
    const built = spawnSync(process.execPath, [path.join(repoRoot, "scripts/build-server.mjs"), path.join(folder, "server")], {
      cwd: repoRoot,
      encoding: "utf8",
    });
    if (built.status !== 0) throw new Error(`The server did not build: ${built.stderr}`);
    mkdirSync(path.join(folder, "web"));
    writeFileSync(path.join(folder, "web", "index.html"), "<!doctype html><title>Clausewise load benchmark</title>");
    buildFolders.push(folder);
    return path.join(folder, "server", "main.js");
  })();
  return serverBuild;
}

/** The Node.js options `npm start` gives the web process: those of package.json's `start:built` script (`node <options> dist/server/main.js`). */
function webProcessNodeOptions(): string[] {
  const script: string = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")).scripts["start:built"];
  const words = script.split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "dist/server/main.js")
    throw new Error(`package.json's start:built is not "node <options> dist/server/main.js": ${script}`);
  return words.slice(1, -1);
}

/**
 * The web server, with the job worker inside it (the embedded default) or, with `workerApart`
 * (PostgreSQL only), in a process of its own beside it as a deployment runs them (RUN_WORKER=false
 * on the web process, `npm run worker`): the web process then holds no processing or OCR.
 */
async function startServer(databaseUrl: string | undefined, workerApart = false): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clausewise-load-bench-"));
  const profileDir = process.env.LOAD_BENCH_CPU_PROF;
  const serverEntry = await builtServer();
  // As options on the command line, not NODE_OPTIONS: start:built's own would override those.
  const comparedOptions = process.env.LOAD_BENCH_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? [];
  const args = [...webProcessNodeOptions(), ...comparedOptions, ...(profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []), serverEntry];
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    BILLING: "off",
    AUTH_SECRET: "load-bench-secret-load-bench-secret-0123456789",
    AUDIT_SECRET: "load-bench-audit-secret-load-bench-audit-0123456789",
    AUTH_RATE_LIMIT_PER_MINUTE: "100000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...env, RUN_WORKER: String(!workerApart) }, stdio: ["ignore", "pipe", "pipe"] });
  const worker = workerApart
    ? spawn(process.execPath, [path.join(path.dirname(serverEntry), "worker.js")], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] })
    : undefined;
  let output = "";
  for (const spawned of [child, worker]) {
    spawned?.stdout!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    spawned?.stderr!.on("data", (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  }
  const exited = Promise.all([child, worker].map((spawned) => spawned && new Promise<void>((resolve) => spawned.once("exit", () => resolve()))));
  let peakMb = 0;
  let workerPeakMb = 0;
  // An exited process keeps its last reading.
  const readPeak = () => (peakMb = Math.max(peakMb, tolerantStatusFieldMb(child.pid!, "VmHWM") ?? 0));
  const readWorkerPeak = () => (workerPeakMb = Math.max(workerPeakMb, (worker && tolerantStatusFieldMb(worker.pid!, "VmHWM")) ?? 0));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || (worker && worker.exitCode !== null)) throw new Error(`The server exited while starting:\n${output}`);
    if (Date.now() - started > 120_000) throw new Error(`The server did not answer within 120 s:\n${output}`);
    const healthy = await new Promise<boolean>((resolve) => {
      http
        .get({ host: "127.0.0.1", port, path: "/api/health" }, (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        })
        .on("error", () => resolve(false));
    });
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // A first start creates the embedded database (initdb and every migration), which peaks far above
  // what serving needs: reported on its own, and the peak counted again from here (Linux: `5` into
  // clear_refs resets VmHWM).
  const readers = watchDocumentReaders((worker ?? child).pid!);
  const startupPeakMb = readPeak();
  writeFileSync(`/proc/${child.pid}/clear_refs`, "5");
  peakMb = 0;
  return {
    startupPeakMb,
    process: child,
    port,
    dataDir,
    output: () => output,
    peakRssMb: readPeak,
    workerPeakRssMb: () => (worker ? readWorkerPeak() : undefined),
    readers,
    async stop() {
      readers.stop();
      readPeak();
      readWorkerPeak();
      for (const spawned of [child, worker]) spawned?.kill("SIGTERM");
      const timer = setTimeout(() => [child, worker].forEach((spawned) => spawned?.kill("SIGKILL")), 30_000);
      await exited;
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs up and verifies with the code from the server's dev mailbox, as a person would. */
async function signUp(port: number, agent: http.Agent): Promise<Client> {
  const client = new Client(port, agent);
  const email = `load-${Date.now()}@clinic.example`;
  await client.expectJson(client.json("POST", "/api/auth/sign-up/email", { email, password: PASSWORD, name: "Load Bench" }), "sign up");
  const { messages } = await client.expectJson<{ messages: { text: string }[] }>(
    client.request("GET", `/dev/mailbox/messages?to=${encodeURIComponent(email)}`),
    "dev mailbox",
  );
  const code = messages.map((message) => /\b(\d{6})\b/.exec(message.text)?.[1]).find(Boolean);
  if (!code) throw new Error("No sign-up code in the dev mailbox.");
  await client.expectJson(client.json("POST", "/api/auth/email-otp/verify-email", { email, otp: code }), "verify email");
  if (client.cookies.size === 0) throw new Error("Verifying the email did not sign in.");
  return client;
}

interface DocumentSummary {
  id: string;
  status: string;
  failureReason?: string | null;
}

async function uploadAndProcess(client: Client, filename: string, file: string): Promise<string> {
  const { document } = await client.expectJson<{ document: DocumentSummary }>(client.upload(filename, readFileSync(file)), `upload ${filename}`);
  await client.expectJson(client.json("POST", `/api/documents/${document.id}/process`, { trigger: "start" }), `process ${filename}`);
  return document.id;
}

async function waitUntilProcessed(client: Client, ids: string[]): Promise<void> {
  for (;;) {
    const { documents } = await client.expectJson<{ documents: DocumentSummary[] }>(client.request("GET", "/api/documents"), "list");
    const mine = documents.filter((document) => ids.includes(document.id));
    const failed = mine.find((document) => document.status === "failed");
    if (failed) throw new Error(`Document ${failed.id} failed: ${failed.failureReason}`);
    if (mine.length === ids.length && mine.every((document) => document.status === "completed")) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

interface PhaseResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  firstError?: string;
}

/** `clients` loops, each sending one request after another until `seconds` have passed. */
async function runPhase(clients: number, seconds: number, send: (client: number, iteration: number) => Promise<void>): Promise<PhaseResult> {
  const timings: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let iteration = 0; performance.now() < deadline; iteration++) {
        const sent = performance.now();
        try {
          await send(client, iteration);
          timings.push(performance.now() - sent);
        } catch (error) {
          errors++;
          firstError ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: timings.length + errors,
    errors,
    perSecond: timings.length / elapsed,
    p50: percentile(timings, 0.5),
    p95: percentile(timings, 0.95),
    firstError,
  };
}

async function expectOk(reply: Promise<Reply>, what: string): Promise<Reply> {
  const result = await reply;
  if (result.status !== 200) throw new Error(`${what}: HTTP ${result.status} ${result.body.toString().slice(0, 200)}`);
  return result;
}

interface RunResult {
  figures: Record<string, string>;
  ok: boolean;
}

/** What a run measures: one database, with the job worker in the web process or apart from it (PostgreSQL only). */
const RUN_KINDS = {
  pglite: { database: "pglite", workerApart: false },
  postgres: { database: "postgres", workerApart: false },
  "postgres-worker-apart": { database: "postgres", workerApart: true },
} as const;
type RunKind = keyof typeof RUN_KINDS;

/** One full run of one kind. */
async function measure(kind: RunKind, settings: Settings): Promise<RunResult> {
  const { database: databaseKind, workerApart } = RUN_KINDS[kind];
  const database = databaseKind === "postgres" ? postgresDatabase(process.env.DATABASE_URL ?? DEFAULT_POSTGRES_URL, "clausewise_load_bench") : undefined;
  await database?.create();
  const server = await startServer(database?.url, workerApart);
  const agent = new http.Agent({ keepAlive: true, maxSockets: settings.clients + settings.chatClients + 4 });
  try {
    const owner = await signUp(server.port, agent);
    const contracts = readCuadContracts();
    const processingStarted = performance.now();
    const ids = new Map<string, string>();
    for (const contract of contracts)
      ids.set(contract.contract_id, await uploadAndProcess(owner, `${contract.contract_id}.pdf`, cuadFile("contracts", contract.contract_id)));
    await waitUntilProcessed(owner, [...ids.values()]);
    const processingSeconds = (performance.now() - processingStarted) / 1000;
    const peakAfterSetupMb = server.peakRssMb();
    const searched = [...contracts].sort((a, b) => Math.abs(a.n_pages - 33) - Math.abs(b.n_pages - 33))[0]!;
    const searchedId = ids.get(searched.contract_id)!;
    const documentIds = [...ids.values()];

    const health = await runPhase(settings.clients, settings.seconds, async () => {
      await expectOk(owner.request("GET", "/api/health"), "health");
    });
    const list = await runPhase(settings.clients, settings.seconds, async () => {
      const reply = await expectOk(owner.request("GET", "/api/documents"), "list");
      const { documents } = JSON.parse(reply.body.toString()) as { documents: unknown[] };
      if (documents.length < contracts.length) throw new Error(`list: ${documents.length} documents`);
    });
    const search = await runPhase(settings.clients, settings.seconds, async (client, iteration) => {
      const query = SEARCH_QUERIES[(client + iteration) % SEARCH_QUERIES.length]!;
      const reply = await expectOk(owner.request("GET", `/api/documents/${searchedId}/search?q=${encodeURIComponent(query)}`), "search");
      JSON.parse(reply.body.toString());
    });

    const peakBeforeChatMb = server.peakRssMb();

    // Chat, while scanned copies of the dev contracts are uploaded and processed (OCR).
    const scanned = contracts.filter((contract) => contract.scanned_file).slice(0, settings.uploads);
    const uploadIds = await Promise.all(
      scanned.map((contract) => uploadAndProcess(owner, `scanned ${contract.contract_id}.pdf`, cuadFile("scanned", contract.contract_id))),
    );
    const chat = await runPhase(settings.chatClients, settings.seconds, async (client, iteration) => {
      const documentId = documentIds[(client + iteration) % documentIds.length]!;
      const question = CHAT_QUESTIONS[(client * 3 + iteration) % CHAT_QUESTIONS.length]!;
      const reply = await expectOk(owner.json("POST", "/api/chat/messages", { documentId, question }), "chat");
      const events = reply.body
        .toString()
        .split("\n")
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as { type: string; message?: unknown });
      const failed = events.find((event) => event.type === "error");
      if (failed) throw new Error(`chat: ${JSON.stringify(failed)}`);
      if (!events.some((event) => event.type === "done")) throw new Error("chat: the stream ended without an answer");
    });
    const { documents: afterChat } = await owner.expectJson<{ documents: DocumentSummary[] }>(owner.request("GET", "/api/documents"), "list");
    const uploadsDone = afterChat.filter((document) => uploadIds.includes(document.id) && document.status === "completed").length;

    const targets = TARGETS_MS[databaseKind];
    const line = (result: PhaseResult, target?: number) =>
      `${result.perSecond.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, ${result.errors} errors of ${result.requests}` +
      (target === undefined ? "" : `${result.p95 < target && result.errors === 0 ? "" : "  MISSED"} (target p95 < ${target} ms)`) +
      (result.firstError ? ` — first error: ${result.firstError}` : "");
    const peakMb = server.peakRssMb();
    const ok =
      list.p95 < targets.list &&
      search.p95 < targets.search &&
      chat.p95 < targets.chat &&
      peakMb < TARGET_PEAK_RSS_MB &&
      health.errors + list.errors + search.errors + chat.errors === 0;
    return {
      ok,
      figures: {
        [`${kind}: setup`]: `${contracts.length} dev contracts processed in ${processingSeconds.toFixed(0)} s; search on ${searched.contract_id} (${searched.n_pages} pages)`,
        [`${kind}: health (reference), ${settings.clients} clients`]: line(health),
        [`${kind}: list documents, ${settings.clients} clients`]: line(list, targets.list),
        [`${kind}: search one document, ${settings.clients} clients`]: line(search, targets.search),
        [`${kind}: chat, ${settings.chatClients} clients, ${scanned.length} scanned uploads processing`]: `${line(chat, targets.chat)}; ${uploadsDone} of ${scanned.length} uploads done by the end`,
        [`${kind}: server peak RSS (VmHWM) from its first answer on`]:
          `${peakMb.toFixed(0)} MB${peakMb < TARGET_PEAK_RSS_MB ? "" : "  MISSED"} (target < ${TARGET_PEAK_RSS_MB} MB; ` +
          `${peakAfterSetupMb.toFixed(0)} MB after processing the contracts, ${peakBeforeChatMb.toFixed(0)} MB after list and search)`,
        [`${kind}: server peak RSS while starting (a new database)`]: `${server.startupPeakMb.toFixed(0)} MB`,
        [`${kind}: document readers (processes of their own, ADR 047)`]: `peak ${server.readers.peakMb().toFixed(0)} MB for one; at most ${server.readers.mostTogetherMb().toFixed(0)} MB resident together`,
        ...(workerApart ? { [`${kind}: the worker process's peak RSS`]: `${server.workerPeakRssMb()!.toFixed(0)} MB (not the web process's)` } : {}),
      },
    };
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver output:\n${server.output()}`, { cause: error });
  } finally {
    agent.destroy();
    await server.stop();
    await database?.drop();
  }
}

export async function runLoadBench(): Promise<{ ok: boolean; figures: Record<string, string> }> {
  const settings = loadSettings();
  const choice = process.env.LOAD_BENCH_DATABASE ?? (process.env.DATABASE_URL ? "both" : "pglite");
  const runKinds = Object.keys(RUN_KINDS) as RunKind[];
  const choices: Record<string, RunKind[]> = {
    ...Object.fromEntries(runKinds.map((kind) => [kind, [kind]])),
    both: ["pglite", "postgres"],
    all: runKinds,
  };
  const kinds = choices[choice];
  if (!kinds) throw new Error(`LOAD_BENCH_DATABASE must be one of ${Object.keys(choices).join(", ")}, not ${choice}.`);
  const figures: Record<string, string> = {
    settings: `${settings.seconds} s per phase, ${settings.clients} clients (chat: ${settings.chatClients}), ${settings.uploads} uploads during chat; ${os.cpus().length} cores`,
    "load average (1 / 5 / 15 min), before": loadAverage(),
  };
  let ok = true;
  try {
    for (const kind of kinds) {
      const result = await measure(kind, settings);
      ok &&= result.ok;
      Object.assign(figures, result.figures);
      figures[`load average after ${kind}`] = loadAverage();
    }
  } finally {
    for (const folder of buildFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
  }
  return { ok, figures };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { ok, figures } = await runLoadBench();
  console.log("\nLoad, 50 clients on one server (issues 20 and 31)");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
  process.exit(ok ? 0 : 1);
}
