import { acquireDataDirLock } from "./data-dir-lock";
import { openDatabase, type DatabaseHandle } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { EnvError, readProcessEnv, type Env } from "./env";

/**
 * A command line task on the configured database (`npm run db:migrate`, `npm run audit:verify`):
 * the settings read, DATA_DIR locked when the database is embedded, migrations applied, `work`
 * run, and everything released; a settings problem or failure is printed and exits 1.
 */
export async function runDatabaseCommand(work: (database: DatabaseHandle, env: Env) => Promise<void>): Promise<void> {
  try {
    const env = readProcessEnv();
    const lock = env.databaseUrl ? undefined : acquireDataDirLock(env.dataDir);
    const database = await openDatabase(env);
    try {
      await applyMigrations(database);
      await work(database, env);
    } finally {
      await database.close();
      lock?.release();
    }
  } catch (error) {
    process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
