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
      await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
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
