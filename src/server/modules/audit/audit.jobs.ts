import type { Logger } from "pino";
import type { Jobs } from "../../jobs/jobs";
import { defineJobType, emptyPayload, PermanentJobError } from "../../jobs/job-type";
import type { AuditRepo } from "./audit.repo";
import { describeVerification, systemActor, type AuditService } from "./audit.service";

const DAY_SECONDS = 24 * 60 * 60;
/** Events deleted per transaction: each holds its chain's head locked only briefly. */
export const AUDIT_PRUNE_BATCH = 1000;

export const pruneAuditEventsJob = defineJobType({ name: "audit.prune", version: 1, payload: emptyPayload, maxAttempts: 3, concurrency: 1 });
export const checkpointAuditChainsJob = defineJobType({ name: "audit.checkpoint", version: 1, payload: emptyPayload, maxAttempts: 3, concurrency: 1 });

/**
 * Deletes events older than the retention period, chain by chain, oldest first, in batches; each
 * batch moves its chain's checkpoint, and each chain pruned is recorded with the checkpoint's
 * sequence number and hash, so the log says what was removed and what remains still verifies.
 */
export async function pruneAuditEvents(deps: { repo: AuditRepo; audit: AuditService; retentionDays: number; now: () => Date; batchSize?: number }) {
  const cutoff = new Date(deps.now().getTime() - deps.retentionDays * DAY_SECONDS * 1000);
  const pruned: { chain: string; deleted: number; throughSeq: number }[] = [];
  for (const chain of await deps.repo.chainsOlderThan(cutoff)) {
    let deleted = 0;
    let last: { throughSeq: number; throughHash: string } | undefined;
    for (;;) {
      const batch = await deps.repo.pruneBatch(chain, cutoff, deps.batchSize ?? AUDIT_PRUNE_BATCH);
      if (!batch) break;
      deleted += batch.deleted;
      last = batch;
    }
    if (!last) continue;
    await deps.audit.record(
      systemActor,
      "audit.retention-pruned",
      { type: "audit_log", id: chain },
      { chain, deleted, throughSeq: last.throughSeq, throughHash: last.throughHash },
      { organizationId: null },
    );
    pruned.push({ chain, deleted, throughSeq: last.throughSeq });
  }
  return pruned;
}

/** Daily retention of the audit log (AUDIT_RETENTION_DAYS, default six years). */
export function registerAuditRetention(deps: { jobs: Jobs; repo: AuditRepo; audit: AuditService; retentionDays: number; logger: Logger; now: () => Date }) {
  deps.jobs.register(pruneAuditEventsJob, {
    run: async () => {
      const pruned = await pruneAuditEvents(deps);
      if (pruned.length > 0) deps.logger.info({ pruned }, "audit events past retention pruned");
    },
  });
  deps.jobs.schedule({ name: "prune-audit-events", type: pruneAuditEventsJob, payload: {}, everySeconds: DAY_SECONDS });
}

/**
 * Daily (and at once when first declared): verifies the log and keeps a signed checkpoint of its
 * heads outside the database (ADR 031). A broken log fails the job for good, with the break, so
 * the System tab's jobs list shows it, and is not checkpointed.
 */
export function registerAuditCheckpoints(deps: { jobs: Jobs; audit: AuditService; logger: Logger }) {
  deps.jobs.register(checkpointAuditChainsJob, {
    run: async () => {
      const { verification, checkpoint } = await deps.audit.checkpoint();
      if (!checkpoint) throw new PermanentJobError(describeVerification(verification));
      deps.logger.info({ chains: checkpoint.chains.length, createdAt: checkpoint.createdAt }, "audit chains checkpointed");
    },
  });
  deps.jobs.schedule({ name: "checkpoint-audit-chains", type: checkpointAuditChainsJob, payload: {}, everySeconds: DAY_SECONDS });
}
