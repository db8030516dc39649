import { loadEnv } from "../../src/server/env";

/** The PostgreSQL pass sets DATABASE_URL; without it tests run on in-memory PGlite. */
export function testDatabaseUrl(): string | undefined {
  return loadEnv({ DATABASE_URL: process.env.DATABASE_URL }).databaseUrl;
}

export function databaseUrlFor(serverUrl: string, databaseName: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
}
