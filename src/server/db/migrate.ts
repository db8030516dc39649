import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import type { DatabaseHandle } from "./client";

/** Committed migrations; the build copies them next to the bundled server. */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

// Any fixed number: every web and worker process takes it, so only one migrates at a time.
const MIGRATION_LOCK_KEY = 727_001;

export async function applyMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  const config = { migrationsFolder: path.resolve(folder) };
  if (handle.kind === "pglite") {
    await migratePglite(drizzlePglite(handle.client), config);
    return;
  }
  const connection = await handle.pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePostgres(drizzlePostgres(connection), config);
  } finally {
    await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    connection.release();
  }
}
