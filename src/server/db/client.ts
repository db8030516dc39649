import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { sql, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = "pglite" | "postgres";

interface HandleBase {
  db: Database;
  close(): Promise<void>;
}
export type PgliteHandle = HandleBase & { kind: "pglite"; client: PGlite };
export type PostgresHandle = HandleBase & { kind: "postgres"; pool: pg.Pool };
export type DatabaseHandle = PgliteHandle | PostgresHandle;

export const pgliteExtensions = { vector };

/**
 * PostgreSQL settings of the embedded database. PGlite allocates (and touches) all of
 * shared_buffers inside its WebAssembly memory when it starts, so PostgreSQL's default 128 MB
 * stays resident for the life of the process; an embedded database of one practice's contracts
 * is a few tens of MB and pages it does not hold are read back from the OS page cache.
 */
export const pgliteSettings = ["shared_buffers = 32MB"];

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const pgdata = path.join(options.dataDir, "pgdata");
  await mkdir(pgdata, { recursive: true });
  return wrapPglite(new PGlite(pgdata, { extensions: pgliteExtensions, postgresqlconf: pgliteSettings }));
}

export function openPostgres(databaseUrl: string): PostgresHandle {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return {
    db: drizzlePostgres(pool, { schema, casing: "snake_case" }),
    kind: "postgres",
    pool,
    close: () => pool.end(),
  };
}

export async function wrapPglite(client: PGlite): Promise<PgliteHandle> {
  await client.waitReady;
  return {
    db: drizzlePglite(client, { schema, casing: "snake_case" }),
    kind: "pglite",
    client,
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type does not show. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
