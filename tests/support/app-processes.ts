import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import os from "node:os";
import { resolveAuditSecret } from "../../src/server/auth/auth-secret";
import type { PostgresHandle } from "../../src/server/db/client";
import type { TestApp } from "./test-app";

/**
 * Processes of the app beside the test's own (web processes, `npm run worker`), as a deployment
 * runs them: on the test app's PostgreSQL database and data directory, with its audit secret.
 * Only *.pg.test.ts use them: several processes need one database server.
 */
export interface AppProcess {
  child: ChildProcess;
  /** The signal the process ended with, once it has. */
  exited: Promise<NodeJS.Signals | null>;
  /** What it wrote to stdout and stderr so far. */
  output(): string;
  /** Its job workers' ids start with this. */
  workerIdPrefix: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `entry` run with tsx as its own process; `env` adds to (or overrides) the deployment's settings.
 * `preloads` are modules imported before it (tests/e2e/support/clock-offset.mjs).
 */
function spawnAppProcess(testApp: TestApp, entry: string, env: Record<string, string>, preloads: readonly string[] = []): AppProcess {
  const child = spawn(process.execPath, ["--import", "tsx", ...preloads.flatMap((preload) => ["--import", preload]), entry], {
    env: {
      ...process.env,
      DATABASE_URL: (testApp.database as PostgresHandle).pool.options.connectionString!,
      AUDIT_SECRET: resolveAuditSecret(testApp.container.env.audit.secret, testApp.container.env.dataDir),
      DATA_DIR: testApp.container.env.dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  return { child, exited, output: () => output, workerIdPrefix: `${os.hostname()}:${child.pid}:` };
}

/** `npm start`'s server as a process of its own, once it answers its health check. */
export async function startWebProcess(testApp: TestApp, env: Record<string, string>): Promise<AppProcess & { origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawnAppProcess(testApp, "src/server/main.ts", { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, ...env });
  // Polled by hand: this may run in a beforeAll, where expect.poll cannot.
  const deadline = Date.now() + 60_000;
  while ((await fetch(`${origin}/api/health`).catch(() => undefined))?.status !== 200) {
    if (Date.now() > deadline) {
      server.child.kill("SIGKILL");
      throw new Error(`The server did not answer its health check within 60 s.\n--- the server said ---\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ...server, origin };
}

/** `npm run worker` as a process of its own. */
export function startWorkerProcess(testApp: TestApp, env: Record<string, string>, preloads: readonly string[] = []): AppProcess {
  return spawnAppProcess(testApp, "src/server/worker.ts", env, preloads);
}
