// What the benchmarks that run the built server as its own process share: building it, starting
// it on a fresh data directory, a signed-in client, and the process's resident memory.
import { execSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer, waitForHealth, type ServerRun } from "../../tests/e2e/support/server-process";
import { childProcesses } from "../../tests/support/processes";

type RequestInit = { method?: string; json?: unknown; form?: FormData; headers?: Record<string, string> };

/** A signed-in API client for the server under test: keeps its cookies, sends the Origin Better Auth wants. */
export class BenchClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers: Record<string, string> = { Origin: this.baseUrl, ...init.headers };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (init.json !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(`${this.baseUrl}${pathname}`, {
      method: init.method ?? (init.json !== undefined || init.form ? "POST" : "GET"),
      headers,
      body: init.form ?? (init.json === undefined ? undefined : JSON.stringify(init.json)),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const separator = pair.indexOf("=");
      this.cookies.set(pair.slice(0, separator).trim(), pair.slice(separator + 1));
    }
    return response;
  }

  async json<T>(pathname: string, init?: RequestInit): Promise<T> {
    // A GET may meet a kept-alive connection the server is closing just then (ECONNRESET): ask again once.
    const isRead = !init?.method && init?.json === undefined && !init?.form;
    const response = await this.request(pathname, init).catch((error: unknown) => {
      if (!isRead) throw error;
      return this.request(pathname, init);
    });
    if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

let signUps = 0;

/** Signs up and verifies with the code from the local outbox, as a person would. */
export async function signedUpClient(baseUrl: string): Promise<BenchClient> {
  const client = new BenchClient(baseUrl);
  const email = `bench-${Date.now()}-${++signUps}@clinic.example`;
  await client.json("/api/auth/sign-up/email", { json: { email, password: "bench-password-42", name: "" } });
  const { messages } = await client.json<{ messages: { text: string }[] }>(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const code = messages[0]?.text.match(/6-digit code: (\d{6})/)?.[1];
  if (!code) throw new Error("No verification code in the local outbox");
  await client.json("/api/auth/email-otp/verify-email", { json: { email, otp: code } });
  return client;
}

/**
 * Forgets a process's peak resident memory so far: a fresh embedded database's first start
 * (initdb and migrations) peaks higher than anything after it and would hide the figure wanted.
 */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** Peak resident memory of a process (its document readers, processes of their own, not included), from the kernel's high-water mark. */
export function peakRssMb(pid: number): number {
  return statusFieldMb(pid, "VmHWM");
}

/** Resident memory of a process now. */
export function rssMb(pid: number): number {
  return statusFieldMb(pid, "VmRSS");
}

/**
 * The document readers a process starts (ADR 047: its children running reader-process), sampled
 * four times a second while they come and go: the highest VmHWM of one, and the most resident
 * together at one moment.
 */
export function watchDocumentReaders(pid: number): { peakMb(): number; mostTogetherMb(): number; stop(): void } {
  const peaks = new Map<number, number>();
  let mostTogether = 0;
  const sample = () => {
    let together = 0;
    for (const reader of documentReaders(pid)) {
      const peak = tolerantStatusFieldMb(reader, "VmHWM");
      const resident = tolerantStatusFieldMb(reader, "VmRSS");
      if (peak !== undefined) peaks.set(reader, Math.max(peaks.get(reader) ?? 0, peak));
      together += resident ?? 0;
    }
    mostTogether = Math.max(mostTogether, together);
  };
  const timer = setInterval(sample, 250);
  return {
    peakMb: () => Math.max(0, ...peaks.values()),
    mostTogetherMb: () => mostTogether,
    stop: () => {
      sample();
      clearInterval(timer);
    },
  };
}

function documentReaders(pid: number): number[] {
  return childProcesses(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").includes("reader-process");
    } catch {
      return false;
    }
  });
}

/** A status field of a process that may have exited meanwhile: undefined then. */
export function tolerantStatusFieldMb(pid: number, field: "VmHWM" | "VmRSS"): number | undefined {
  try {
    return statusFieldMb(pid, field);
  } catch {
    return undefined;
  }
}

function statusFieldMb(pid: number, field: string): number {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
  if (!match) throw new Error(`No ${field} for process ${pid}`);
  return Number(match[1]) / 1024;
}

export function ensureBuilt(): void {
  if (!existsSync("dist/web/index.html")) execSync("npm run build", { stdio: "ignore" });
  // The server bundle always matches the source being measured.
  else execSync("node scripts/build-server.mjs", { stdio: "ignore" });
}

/** Runs `run` against the built server on a fresh data directory at `port`, with `env`; stops it afterwards. */
export async function withServer<T>(port: number, env: Record<string, string>, run: (server: ServerRun, baseUrl: string) => Promise<T>): Promise<T> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "cw-bench-server-"));
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, LOG_LEVEL: "warn", ...env });
  try {
    await waitForHealth(baseUrl);
    return await run(server, baseUrl);
  } catch (error) {
    console.error(`Server output:\n${server.output()}\nServer exit code: ${server.child.exitCode ?? "still running"}`);
    throw error;
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The machine's load, printed beside every figure: this machine's cores are shared. */
export function machineLoad(): string {
  return `${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(" / ")}`;
}
