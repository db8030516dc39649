import { access, mkdir } from "node:fs/promises";
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
  /** Tells `watcher` of every unit of work that writes what it watches (see WriteWatcher); answers how to stop. */
  watchWrites(watcher: WriteWatcher): () => void;
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

/**
 * Told of writes through this handle's Drizzle database, whoever makes them (our repositories,
 * Better Auth's adapter, raw SQL): `began` when a unit of work (a statement on its own, or a
 * transaction) sends its first statement that `isWatched` accepts, `ended` once that unit is over,
 * committed or rolled back. Between the two, what the unit wrote may be visible or not.
 */
export interface WriteWatcher {
  isWatched(statement: string): boolean;
  began(): void;
  ended(): void;
}

/** One unit of work's view of the watchers: which of them its statements began. */
interface WatchedUnit {
  see(statement: string): void;
  end(): void;
}

function createWriteWatch() {
  const watchers = new Set<WriteWatcher>();
  return {
    add(watcher: WriteWatcher) {
      watchers.add(watcher);
      return () => void watchers.delete(watcher);
    },
    unit(): WatchedUnit {
      let begun: WriteWatcher[] = [];
      return {
        see(statement) {
          for (const watcher of watchers) {
            if (begun.includes(watcher) || !watcher.isWatched(statement)) continue;
            begun.push(watcher);
            watcher.began();
          }
        },
        end() {
          const ended = begun;
          begun = [];
          for (const watcher of ended) watcher.ended();
        },
      };
    },
  };
}
type WriteWatch = ReturnType<typeof createWriteWatch>;

/** Told when PostgreSQL drops a pooled connection (a restart, a failover); the pool replaces it. */
export type ConnectionErrorHandler = (error: Error) => void;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in DATA_DIR. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }, onConnectionError?: ConnectionErrorHandler): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, onConnectionError);
  const pgdata = path.join(options.dataDir, "pgdata");
  await mkdir(pgdata, { recursive: true });
  if (!(await isPgliteDatabase(pgdata))) await createPgliteDatabase(pgdata);
  return wrapPglite(openPglite(pgdata));
}

const openPglite = (pgdata: string) => new PGlite(pgdata, { extensions: pgliteExtensions, postgresqlconf: pgliteSettings });

async function isPgliteDatabase(pgdata: string): Promise<boolean> {
  return access(path.join(pgdata, "PG_VERSION")).then(
    () => true,
    () => false,
  );
}

/**
 * Creating a database (initdb) grows PGlite's WebAssembly memory to about 570 MB, and that memory
 * never shrinks: a server that went on with it held 886 MB once listening, against 493 MB when the
 * database is created by an instance of its own, closed, and opened again (ADR 046).
 */
async function createPgliteDatabase(pgdata: string): Promise<void> {
  const creating = openPglite(pgdata);
  await creating.waitReady;
  await creating.close();
}

export function openPostgres(databaseUrl: string, onConnectionError: ConnectionErrorHandler = () => undefined): PostgresHandle {
  // A server that does not answer fails a request in seconds instead of holding it for ever.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
  // Without a listener, an idle connection the server closes is an uncaught error that ends the process.
  pool.on("error", onConnectionError);
  const watch = createWriteWatch();
  watchPoolWrites(pool, watch);
  return {
    db: drizzlePostgres(pool, { schema, casing: "snake_case" }),
    kind: "postgres",
    pool,
    close: () => pool.end(),
    watchWrites: watch.add,
  };
}

/**
 * Every statement through the pool runs on a checked-out connection (pool.query checks one out
 * too), and a transaction holds its connection until it ends: a checkout is the unit of work,
 * over when the connection is released, after its COMMIT or ROLLBACK answered.
 */
function watchPoolWrites(pool: pg.Pool, watch: WriteWatch): void {
  const units = new WeakMap<pg.PoolClient, WatchedUnit>();
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      const [first] = args;
      units
        .get(client as pg.PoolClient)
        ?.see(typeof first === "string" ? first : (((first as { text?: unknown } | undefined)?.text as string | undefined) ?? ""));
      return query(...args);
    }) as typeof client.query;
  });
  pool.on("acquire", (client) => units.set(client, watch.unit()));
  pool.on("release", (_error, client) => {
    units.get(client)?.end();
    units.delete(client);
  });
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
export function drizzleClientOf(client: PGlite, watch: WriteWatch = createWriteWatch()): PGlite {
  for (const oid of TYPES_DRIZZLE_KEEPS_AS_TEXT) client.parsers[oid] = keepAsText;
  const withoutKeptParsers = (options?: QueryOptions): QueryOptions | undefined =>
    options?.parsers && Object.keys(options.parsers).every((oid) => TYPES_DRIZZLE_KEEPS_AS_TEXT.has(Number(oid)))
      ? { ...options, parsers: undefined }
      : options;
  // A statement outside a transaction is its own unit of work; a transaction's end is after its COMMIT (or ROLLBACK).
  const drizzleClient = {
    query: ((query, params, options) => {
      const unit = watch.unit();
      unit.see(query);
      return client.query(query, params, withoutKeptParsers(options)).finally(unit.end);
    }) as Transaction["query"],
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) => {
      const unit = watch.unit();
      const queryIn =
        (tx: Transaction): Transaction["query"] =>
        (statement, params, options) => {
          unit.see(statement);
          return tx.query(statement, params, withoutKeptParsers(options));
        };
      return client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: queryIn(tx) }))).finally(unit.end);
    },
  };
  // Drizzle's PGlite session calls nothing else on its client.
  return drizzleClient as unknown as PGlite;
}

export async function wrapPglite(client: PGlite): Promise<PgliteHandle> {
  await client.waitReady;
  const watch = createWriteWatch();
  return {
    db: drizzlePglite(drizzleClientOf(client, watch), { schema, casing: "snake_case" }),
    kind: "pglite",
    client,
    close: () => client.close(),
    watchWrites: watch.add,
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
