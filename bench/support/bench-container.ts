// The app's services on a fresh embedded database in a temporary directory, with one person to act
// as, for the benchmarks that call services directly (fact sheet, question answering).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import type { Actor } from "../../src/core/access/actor";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import { createContainer, type Container } from "../../src/server/container";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../../src/server/db/client";
import { applyMigrations } from "../../src/server/db/migrate";
import { users } from "../../src/server/db/schema/index";
import { loadEnv, type Env } from "../../src/server/env";

export interface BenchContainer {
  container: Container;
  env: Env;
  /** The person the bench uploads and asks as. */
  actor: Actor;
  close(): Promise<void>;
}

/** `name` names the temporary directory and the actor's user agent; `settings` are added to the embedded defaults. */
export async function openBenchContainer(name: string, settings: Record<string, string> = {}): Promise<BenchContainer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `clausewise-${name}-bench-`));
  const database = await openDatabase({ dataDir: path.join(dataDir, "pgdata") });
  await applyMigrations(database);
  const env = loadEnv({ ...settings, DATA_DIR: dataDir, LOG_LEVEL: "silent", BILLING: "off" });
  const container = createContainer(env, database, pino({ level: "silent" }));
  const actor: Actor = {
    userId: "bench-owner",
    email: "bench@clausewise.example",
    platformRole: "user",
    organizationId: null,
    organizationRole: null,
    requestId: "bench",
    ip: "127.0.0.1",
    userAgent: `bench/${name}`,
    signInMethod: null,
    sessionId: null,
  };
  await container.db.insert(users).values({ id: actor.userId, name: "Bench", email: actor.email, emailVerified: true });
  return {
    container,
    env,
    actor,
    async close() {
      await container.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A document's fact sheet once its reading is done (asking queues one never read). */
export async function readySheet(container: Container, actor: Actor, documentId: string): Promise<FactSheet> {
  for (;;) {
    const sheet = await container.factSheets.get(actor, documentId);
    if (sheet.status === "ready") return sheet;
    if (sheet.status === "failed") throw new Error(`the fact sheet of ${documentId} failed`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until none of the document's jobs (its processing's reactions: the fact sheet, the model's reading) is queued or running. */
export async function settledDocument(container: Container, documentId: string): Promise<void> {
  for (;;) {
    const [pending] = await queryRows<{ total: number }>(
      container.db,
      sql`select count(*)::int as total from jobs where payload->>'document_id' = ${documentId} and status in ('queued', 'running')`,
    );
    if (pending!.total === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
