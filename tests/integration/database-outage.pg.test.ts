import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import type { ErrorBody } from "../../src/shared/errors";
import { signedUpClient } from "../support/accounts";
import type { HttpClient } from "../support/http-client";
import { testDatabaseUrl } from "../support/test-database-url";
import { createTestApp, type TestApp } from "../support/test-app";

// A real outage as the web process meets it: PostgreSQL ends every connection of the app and
// refuses new ones (as during a restart or a failover), then comes back. The server answers 503
// meanwhile, never exits, and serves again with the same sessions once the database is back.

let testApp: TestApp;
let person: HttpClient;
let databaseName: string;

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signedUpClient(testApp);
  databaseName = (await queryRows<{ name: string }>(testApp.database.db, sql`select current_database() as name`))[0]!.name;
});
afterAll(async () => {
  await asAdmin(`alter database ${databaseName} allow_connections true`);
  await testApp.close();
});

describe("PostgreSQL going away and coming back", () => {
  it("answers 503 while the database refuses connections, and serves the same session once it is back", { timeout: 60_000 }, async () => {
    expect((await person.get("/api/documents")).status).toBe(200);

    await asAdmin(`alter database ${databaseName} allow_connections false`);
    await asAdmin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`);
    const duringOutage = await person.get("/api/documents");
    expect(duringOutage.status).toBe(503);
    expect(((await duringOutage.json()) as ErrorBody).error.code).toBe("service_unavailable");
    expect((await person.get("/api/auth/get-session")).status).toBe(503);

    await asAdmin(`alter database ${databaseName} allow_connections true`);
    await expect.poll(async () => (await person.get("/api/documents")).status, { timeout: 20_000 }).toBe(200);
    expect((await person.get("/api/me")).status).toBe(200);
  });
});
