import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pino, { type Logger } from "pino";
import { createApp } from "../../src/server/app";
import { createContainer } from "../../src/server/container";
import { loadEnv } from "../../src/server/env";
import type { WebShell } from "../../src/server/web/spa";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { testOcrEngineSetting } from "./test-ocr";
import { findAuditLeaks } from "./audit";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  container: ReturnType<typeof createContainer>;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The real app and container on a database of its own (createTestDatabase), for requests through app.request(). */
export async function createTestApp(options: { env?: Record<string, string>; web?: WebShell; logger?: Logger } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "clausewise-app-"));
  const env = loadEnv({ DATA_DIR: dataDir, LOG_LEVEL: "silent", TRUST_PROXY: "true", OCR_ENGINE: testOcrEngineSetting(), ...options.env });
  const database = await createTestDatabase();
  const container = createContainer(env, database, options.logger ?? pino({ level: "silent" }));
  return {
    app: createApp(container, options.web),
    container,
    database,
    close: async () => {
      await container.close();
      // Every integration test's audit events are scanned for what must never be recorded.
      const leaks = await findAuditLeaks(database.db);
      await database.release();
      if (leaks.length > 0) throw new Error(`The audit log recorded what it must not:\n${leaks.join("\n")}`);
    },
  };
}
