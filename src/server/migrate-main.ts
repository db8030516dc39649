import { acquireDataDirLock } from "./data-dir-lock";
import { openDatabase } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { EnvError, readProcessEnv } from "./env";

/** `npm run db:migrate`: applies committed migrations without starting the server. */
try {
  const env = readProcessEnv();
  const lock = env.databaseUrl ? undefined : acquireDataDirLock(env.dataDir);
  const database = await openDatabase(env);
  try {
    await applyMigrations(database);
    process.stdout.write(`Migrations applied (${database.kind}).\n`);
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
  process.exit(1);
}
