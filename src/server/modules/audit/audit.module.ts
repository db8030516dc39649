import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import { registerAuditRetention } from "./audit.jobs";
import { createAuditRepo } from "./audit.repo";
import { createAuditService } from "./audit.service";

/** The audit log: the service every module records through, and its daily retention job. */
export function createAuditModule(deps: { db: Database; jobs: Jobs; logger: Logger; retentionDays: number; now: () => Date }) {
  const repo = createAuditRepo(deps.db);
  const audit = createAuditService({ repo, logger: deps.logger, now: deps.now });
  registerAuditRetention({ jobs: deps.jobs, repo, audit, retentionDays: deps.retentionDays, logger: deps.logger, now: deps.now });
  return audit;
}
