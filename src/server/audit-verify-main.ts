import pino from "pino";
import { acquireDataDirLock } from "./data-dir-lock";
import { openDatabase } from "./db/client";
import { applyMigrations } from "./db/migrate";
import { EnvError, readProcessEnv } from "./env";
import { createAuditRepo } from "./modules/audit/audit.repo";
import { createAuditService, describeVerification } from "./modules/audit/audit.service";

/**
 * `npm run audit:verify`: walks every audit chain and reports the first broken link (exit 1), or
 * that the log holds. On PGlite the server must be stopped first (it holds DATA_DIR); on
 * PostgreSQL it runs beside the running processes.
 */
try {
  const env = readProcessEnv();
  const lock = env.databaseUrl ? undefined : acquireDataDirLock(env.dataDir);
  const database = await openDatabase(env);
  try {
    await applyMigrations(database);
    const verification = await createAuditService({ repo: createAuditRepo(database.db), logger: pino({ level: "silent" }) }).verify();
    process.stdout.write(`${describeVerification(verification)}\n`);
    if (!verification.isIntact) process.exitCode = 1;
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  process.stderr.write(`${error instanceof EnvError ? error.message : String(error)}\n`);
  process.exit(1);
}
