import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite, types, type QueryOptions, type Transaction } from "@electric-sql/pglite";
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

/** Told when PostgreSQL drops a pooled connection (a restart, a failover); the pool replaces it. */
export type ConnectionErrorHandler = (error: Error) => void;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, onConnectionError?: ConnectionErrorHandler): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, onConnectionError);
  const pgdata = path.join(options.dataDir, "pgdata");
  await mkdir(pgdata, { recursive: true });
  return wrapPglite(new PGlite(pgdata, { extensions: pgliteExtensions, postgresqlconf: pgliteSettings }));
}

export function openPostgres(databaseUrl: string, onConnectionError: ConnectionErrorHandler = () => undefined): PostgresHandle {
  // A server that does not answer fails a request in seconds instead of holding it for ever.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // Without a listener, an idle connection the server closes is an uncaught error that ends the process.
  pool.on("error", onConnectionError);
  return {
    db: drizzlePostgres(pool, { schema, casing: "snake_case" }),
    kind: "postgres",
    pool,
    close: () => pool.end(),
  };
}

/** The types Drizzle has PGlite leave as text (it parses them itself): dates, times, intervals, their arrays, numeric[]. */
const TYPES_DRIZZLE_KEEPS_AS_TEXT = new Set<number>([types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]);
const keepAsText = (value: string) => value;

/**
 * The PGlite client Drizzle is given. Drizzle passes the same text-keeping parsers with every
 * query, and PGlite copies its whole table of ~320 type parsers to merge them in, on each call:
 * a third of a millisecond per query on the web process's main thread, more than a short query
 * itself. The parsers are set on the instance once instead and the per-query copy is dropped;
 * parsers of any other type still pass through.
 */
export function drizzleClientOf(client: PGlite): PGlite {
  for (const oid of TYPES_DRIZZLE_KEEPS_AS_TEXT) client.parsers[oid] = keepAsText;
  const withoutKeptParsers = (options?: QueryOptions): QueryOptions | undefined =>
    options?.parsers && Object.keys(options.parsers).every((oid) => TYPES_DRIZZLE_KEEPS_AS_TEXT.has(Number(oid)))
      ? { ...options, parsers: undefined }
      : options;
  const queryOf =
    (target: Pick<Transaction, "query">): Transaction["query"] =>
    (query, params, options) =>
      target.query(query, params, withoutKeptParsers(options));
  const drizzleClient = {
    query: queryOf(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: queryOf(tx) }))),
  };
  // Drizzle's PGlite session calls nothing else on its client.
  return drizzleClient as unknown as PGlite;
}

export async function wrapPglite(client: PGlite): Promise<PgliteHandle> {
  await client.waitReady;
  return {
    db: drizzlePglite(drizzleClientOf(client), { schema, casing: "snake_case" }),
    kind: "pglite",
    client,
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Whether the database answers a trivial query within `timeoutMs`: what an outage looks like from here. */
export async function isDatabaseReachable(db: Database, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const pinged = pingDatabase(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([pinged, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`, which the shared type does not show. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
