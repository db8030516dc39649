import { z } from "zod";
import type { Database } from "../../db/client";
import { defineJobType, type JobHandler } from "../../jobs/job-type";

const refundPayload = z.object({ document_id: z.uuid() });

/**
 * A document's first processing failed for a reason of ours: its credit comes back. Enqueued in
 * the transaction that failed the document (ADR 036), so a process that stops after that commit
 * loses no refund; keyed by the job's id, so a retried job never pays it twice.
 */
export const refundFailedProcessingJob = defineJobType({
  name: "billing.refund-failed-processing",
  version: 1,
  payload: refundPayload,
  maxAttempts: 10,
  concurrency: 2,
});

export interface RefundHandlerDeps {
  /** Gives the credit back inside `tx` once per `refundKey`; answers whose it was. */
  refundFailedProcessing: (tx: Database, documentId: string, refundKey: string) => Promise<string | undefined>;
  /** After the refund committed: the documents waiting for that credit start now rather than at the next poll. */
  wakeWorker: () => void;
}

export function refundFailedProcessingHandler(deps: RefundHandlerDeps): JobHandler<z.infer<typeof refundPayload>> {
  return {
    async run(job) {
      const userId = await job.withLease((tx) => deps.refundFailedProcessing(tx, job.payload.document_id, `refund:${job.id}`));
      if (userId) deps.wakeWorker();
    },
  };
}
