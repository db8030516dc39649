import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openPostgres, pgliteExtensions, wrapPglite, type DatabaseHandle } from "../../src/server/db/client";
import { databaseUrlFor, testDatabaseUrl } from "./test-database-url";

/**
 * A migrated database with no rows in it, for one test file (or one test). `close()` ends it for
 * good, as a test that takes the database away needs; `release()` is how a test is done with it.
 */
export type TestDatabase = DatabaseHandle & { release(): Promise<void> };

/**
 * A fresh database of its own on PostgreSQL (a copy of the migrated template). On PGlite, a
 * database a test released is emptied and handed to the next one when nothing but rows differs
 * from the migrated template; otherwise (and the first time in a worker) a new PGlite is loaded
 * from the template's dump, which takes 1.1–1.4 s on a quiet 2-core machine (ADR 048).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject("testDatabase");
  if (template.kind === "pglite") return openPgliteTestDatabase(template.dumpFile);
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error("The PostgreSQL template exists but DATABASE_URL is gone");
  const name = `${template.prefix}_${randomBytes(4).toString("hex")}`;
  await runAdminQuery(serverUrl, `create database ${name} template ${template.templateName}`);
  const handle = openPostgres(databaseUrlFor(serverUrl, name));
  const close = async () => {
    await handle.close();
    // The pool's end() resolves while its connections are still closing; dropping the database
    // with force then kills them mid-goodbye, and pg reports that as an uncaught error.
    await waitForNoConnections(serverUrl, name);
    await runAdminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
  return { ...handle, close, release: close };
}

/** This worker's emptied PGlite, waiting for the next test; and what the migrated template is. */
let spare: PGlite | undefined;
let migrated: { shape: string; tables: string[]; holdsRows: boolean } | undefined;

async function openPgliteTestDatabase(dumpFile: string): Promise<TestDatabase> {
  let client = spare;
  spare = undefined;
  if (!client) {
    client = new PGlite({ loadDataDir: new Blob([await readFile(dumpFile)]), extensions: pgliteExtensions });
    await client.waitReady;
    migrated ??= await describeTemplate(client);
  }
  const handle = await wrapPglite(client);
  const pglite = client;
  // Once released, the PGlite may be the next test's: this handle no longer closes it.
  let released = false;
  return {
    ...handle,
    close: async () => {
      if (!released) await pglite.close();
    },
    release: async () => {
      if (released) return;
      released = true;
      await releasePglite(pglite);
    },
  };
}

/**
 * Empties a released PGlite for the next test, or ends it when it cannot be made to look like the
 * migrated template: closed (a test took the database away), still in a transaction, listening on
 * a channel (a callback of a test's app would stay registered), or changed in anything but rows
 * (a table, a column, a trigger disabled, a function, a role, a sequence, a setting). The reset:
 * the session's state (settings, prepared statements, temporary tables, advisory locks) goes, and
 * every table of the application is truncated, identities restarted. The migrations insert no rows
 * into a fresh database, so an empty table is what a fresh copy holds.
 */
async function releasePglite(client: PGlite): Promise<void> {
  if (client.closed) return;
  try {
    const { rows } = await client.query<{ listening: number }>("select count(*)::int as listening from pg_listening_channels()");
    if (!migrated || migrated.holdsRows || spare || rows[0]?.listening !== 0) throw new Error("not reusable");
    await client.exec("discard all");
    // Replica mode skips triggers, among them the audit log's refusal of TRUNCATE (migration 0018).
    await client.exec(`set session_replication_role = replica; truncate ${migrated.tables.join(", ")} restart identity cascade`);
    await client.exec("discard all");
    if ((await shapeOf(client)) !== migrated.shape) throw new Error("not reusable");
    spare = client;
  } catch {
    await client.close().catch(() => undefined);
  }
}

/** The fresh template's shape and tables, and whether the migrations left a row in any of them. */
async function describeTemplate(client: PGlite): Promise<NonNullable<typeof migrated>> {
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1",
  );
  const tables = rows.map((row) => row.name);
  const holding = await client.query<{ holds: boolean }>(`select ${tables.map((table) => `exists (select from ${table})`).join(" or ")} as holds`);
  return { shape: await shapeOf(client), tables, holdsRows: holding.rows[0]?.holds !== false };
}

/**
 * Everything in the database but the application's rows, as one hash: the classes and columns,
 * constraints, indexes, triggers and whether each is enabled, functions, roles, settings,
 * extensions, sequences, privileges and the migrations applied.
 */
async function shapeOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(`
    with spaces as (
      select oid, nspname from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_toast%' and nspname not like 'pg\\_temp%'
    )
    select md5(string_agg(item, E'\\n' order by item)) as shape from (
      select format('class %s.%s %s %s %s', s.nspname, c.relname, c.relkind, c.relacl, c.relrowsecurity) as item
        from pg_class c join spaces s on s.oid = c.relnamespace
      union all
      select format('column %s %s %s %s %s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
        from pg_attribute a join pg_class c on c.oid = a.attrelid join spaces s on s.oid = c.relnamespace
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attnum > 0 and not a.attisdropped
      union all
      select format('constraint %s %s %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) from pg_constraint c join spaces s on s.oid = c.connamespace
      union all
      select format('trigger %s %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled, t.tgfoid::regproc) from pg_trigger t where not t.tgisinternal
      union all
      select format('policy %s %s %s', p.polrelid::regclass, p.polname, pg_get_expr(p.polqual, p.polrelid)) from pg_policy p
      union all
      select format('function %s %s %s %s %s', p.oid::regprocedure, md5(p.prosrc), p.prosecdef, p.proconfig, p.proacl)
        from pg_proc p join spaces s on s.oid = p.pronamespace
      union all
      select format('role %s %s %s', r.rolname, r.rolsuper, r.rolcanlogin) from pg_roles r
      union all
      select format('setting %s %s %s', d.setdatabase, d.setrole, d.setconfig) from pg_db_role_setting d
      union all
      select format('extension %s %s', e.extname, e.extversion) from pg_extension e
      union all
      select format('sequence %s.%s %s', q.schemaname, q.sequencename, q.last_value) from pg_sequences q
      union all
      select format('migrations %s', (select count(*) from drizzle.__drizzle_migrations))

    ) items`);
  return rows[0]!.shape;
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
