// The real app (HTTP handler and services) on a fresh database of one kind, for the benchmarks that
// ask it through HTTP as a signed-in person (audit log, portfolio).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createApp } from "../../src/server/app";
import { createContainer, type Container } from "../../src/server/container";
import type { DatabaseHandle } from "../../src/server/db/client";
import { applyMigrations } from "../../src/server/db/migrate";
import { loadEnv, type Env } from "../../src/server/env";
import type { DatabaseTarget } from "./bench-measures";

export interface BenchApp {
  database: DatabaseHandle;
  env: Env;
  container: Container;
  app: ReturnType<typeof createApp>;
  /** Closes the app and the database, drops the database and deletes the data directory. */
  close(): Promise<void>;
}

/** `name` names the temporary data directory; `settings` are added to the defaults (no worker, no billing). */
export async function openBenchApp(target: DatabaseTarget, name: string, settings: Record<string, string> = {}): Promise<BenchApp> {
  const database = await target.open();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `clausewise-${name}-bench-`));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", BILLING: "off", RUN_WORKER: "false", AUTH_SECRET: "a".repeat(40), ...settings });
  const container = createContainer(env, database, pino({ level: "silent" }));
  const close = async () => {
    await container.close();
    await database.close();
    await target.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await applyMigrations(database);
  } catch (error) {
    await close();
    throw error;
  }
  return { database, env, container, app: createApp(container), close };
}

/** Signs in with email and password; the headers that send the session (and pass the same-site check) on later requests. */
export async function signInHeaders(bench: BenchApp, email: string, password: string): Promise<Record<string, string>> {
  const origin = { Origin: bench.env.publicUrl };
  const response = await bench.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { ...origin, "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { ...origin, Cookie: cookie };
}
