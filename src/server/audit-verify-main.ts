import pino from "pino";
import { createFileStorage } from "./adapters/storage/configured-storage";
import { resolveAuditSecret } from "./auth/auth-secret";
import { runDatabaseCommand } from "./database-command";
import { createAuditLog } from "./modules/audit/audit.module";
import { describeVerification } from "./modules/audit/audit.service";

/**
 * `npm run audit:verify`: walks every audit chain, compares the heads with the latest signed
 * checkpoint and reports the first broken link (exit 1), or that the log holds and a new
 * checkpoint was written. On PGlite the server must be stopped first (it holds DATA_DIR); on
 * PostgreSQL it runs beside the running processes, with their AUDIT_SECRET and storage settings.
 */
await runDatabaseCommand(async (database, env) => {
  const { audit } = createAuditLog({
    db: database.db,
    storage: createFileStorage(env.storage),
    secret: resolveAuditSecret(env.audit.secret, env.dataDir),
    logger: pino({ level: "silent" }),
    now: () => new Date(),
  });
  const { verification, checkpoint } = await audit.checkpoint();
  process.stdout.write(`${describeVerification(verification)}\n`);
  if (checkpoint) process.stdout.write(`Checkpoint of ${checkpoint.chains.length} chain heads written (${checkpoint.createdAt}).\n`);
  if (!verification.isIntact) process.exitCode = 1;
});
