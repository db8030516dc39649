import pino from "pino";
import { runDatabaseCommand } from "./database-command";
import { createAuditRepo } from "./modules/audit/audit.repo";
import { createAuditService, describeVerification } from "./modules/audit/audit.service";

/**
 * `npm run audit:verify`: walks every audit chain and reports the first broken link (exit 1), or
 * that the log holds. On PGlite the server must be stopped first (it holds DATA_DIR); on
 * PostgreSQL it runs beside the running processes.
 */
await runDatabaseCommand(async (database) => {
  const verification = await createAuditService({ repo: createAuditRepo(database.db), logger: pino({ level: "silent" }) }).verify();
  process.stdout.write(`${describeVerification(verification)}\n`);
  if (!verification.isIntact) process.exitCode = 1;
});
