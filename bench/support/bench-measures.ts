// What the benchmarks share to measure and to make their databases: percentiles, the machine's
// load, and a fresh embedded or PostgreSQL database for one run.
import os from "node:os";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openPostgres, pgliteExtensions, pgliteSettings, wrapPglite, type DatabaseHandle } from "../../src/server/db/client";

/** The PostgreSQL server the benchmarks use when DATABASE_URL is not set (the one CI starts). */
export const DEFAULT_POSTGRES_URL = "postgres://postgres:postgres@127.0.0.1:5432/postgres";

/** The value `share` of the way up the sorted samples (0.95: the p95); NaN when there are none. */
export function percentile(samples: readonly number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;
}

/** The 1, 5 and 15 minute load averages: printed beside every timing, since this machine's cores are shared. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ");
}

/** One statement on a PostgreSQL server (create or drop a bench database). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database of one kind for one run, and how to throw it away. */
export interface DatabaseTarget {
  kind: "pglite" | "postgres";
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

export function pgliteTarget(): DatabaseTarget {
  return {
    kind: "pglite",
    open: () => wrapPglite(new PGlite({ extensions: pgliteExtensions, postgresqlconf: pgliteSettings })),
    dispose: async () => undefined,
  };
}

/** A database named `name` (with this process's id) created on the server at `serverUrl`, dropped afterwards. */
export function postgresDatabase(serverUrl: string, name: string): { url: string; create(): Promise<void>; drop(): Promise<void> } {
  const databaseName = `${name}_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  const drop = () => adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
  return {
    url: url.toString(),
    async create() {
      await drop();
      await adminQuery(serverUrl, `create database ${databaseName}`);
    },
    drop,
  };
}

export function postgresTarget(serverUrl: string, name: string): DatabaseTarget {
  const database = postgresDatabase(serverUrl, name);
  return {
    kind: "postgres",
    async open() {
      await database.create();
      return openPostgres(database.url);
    },
    dispose: database.drop,
  };
}
