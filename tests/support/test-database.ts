import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openPostgres, pgliteExtensions, wrapPglite, type DatabaseHandle } from "../../src/server/db/client";
import { databaseUrlFor, testDatabaseUrl } from "./test-database-url";

/** A fresh, migrated database of its own for one test file (or one test). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const template = inject("testDatabase");
  if (template.kind === "pglite") {
    const dump = new Blob([await readFile(template.dumpFile)]);
    return wrapPglite(new PGlite({ loadDataDir: dump, extensions: pgliteExtensions }));
  }
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error("The PostgreSQL template exists but DATABASE_URL is gone");
  const name = `${template.prefix}_${randomBytes(4).toString("hex")}`;
  await runAdminQuery(serverUrl, `create database ${name} template ${template.templateName}`);
  const handle = openPostgres(databaseUrlFor(serverUrl, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      // The pool's end() resolves while its connections are still closing; dropping the database
      // with force then kills them mid-goodbye, and pg reports that as an uncaught error.
      await waitForNoConnections(serverUrl, name);
      await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function waitForNoConnections(serverUrl: string, name: string, timeoutMs = 5000): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await admin.query<{ connections: number }>("select count(*)::int as connections from pg_stat_activity where datname = $1", [name]);
      if (rows[0]?.connections === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await admin.end();
  }
}

async function runAdminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
