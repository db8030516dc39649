import type { Logger } from "pino";
import type { FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import { createAuditCheckpoints } from "./audit-checkpoints";
import { createAuditKeys } from "./audit-keys";
import { registerAuditCheckpoints, registerAuditRetention } from "./audit.jobs";
import { createAuditRepo } from "./audit.repo";
import { createAuditService } from "./audit.service";

/** The audit log's repository and service, keyed with the audit secret, checkpointing to `storage`: the server's, and `npm run audit:verify`'s. */
export function createAuditLog(deps: { db: Database; storage: FileStorage; secret: string; logger: Logger; now: () => Date }) {
  const keys = createAuditKeys(deps.secret);
  const repo = createAuditRepo(deps.db, keys);
  const checkpoints = createAuditCheckpoints({ storage: deps.storage, sign: keys.checkpoint, now: deps.now });
  return { repo, audit: createAuditService({ repo, checkpoints, logger: deps.logger, now: deps.now }) };
}

/** The audit log: the service every module records through, its daily retention and its daily checkpoint. */
export function createAuditModule(deps: {
  db: Database;
  jobs: Jobs;
  storage: FileStorage;
  secret: string;
  logger: Logger;
  retentionDays: number;
  now: () => Date;
}) {
  const { repo, audit } = createAuditLog(deps);
  registerAuditRetention({ jobs: deps.jobs, repo, audit, retentionDays: deps.retentionDays, logger: deps.logger, now: deps.now });
  registerAuditCheckpoints({ jobs: deps.jobs, audit, logger: deps.logger });
  return audit;
}
