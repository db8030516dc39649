import type { Logger } from "pino";
import { z } from "zod";
import type { ProcessingTrigger } from "../../../shared/documents";
import type { Database } from "../../db/client";
import { defineJobType, type JobFailure, type JobHandler } from "../../jobs/job-type";
import { PROGRESS_INTERVAL_MS, throttleProgress } from "../../jobs/progress";
import type { DomainEvents } from "../events/domain-events";
import type { DocumentPipeline } from "./document-pipeline";
import { createDocumentProcessingRepo } from "./document-processing.repo";

/** The spec's input_data (document_id, retry, retried_at), marking a Reprocess as such. */
const processDocumentPayloadSchema = z.object({
  document_id: z.uuid(),
  retry: z.boolean(),
  retried_at: z.string().optional(),
  /** Rebuilds a completed document: failing leaves it completed with its earlier pages and passages. */
  reprocess: z.literal(true).optional(),
});
export type ProcessDocumentPayload = z.infer<typeof processDocumentPayloadSchema>;

/** Two at once per worker: one document is stored while the next is being extracted in its thread. */
export const processDocumentJob = defineJobType({
  name: "document.process",
  version: 1,
  payload: processDocumentPayloadSchema,
  maxAttempts: 3,
  concurrency: 2,
});

/** Credits arrived or the organization's plan opened: the person's documents waiting for a credit start (a reaction, ADR 036). */
export const startAwaitingCreditJob = defineJobType({
  name: "document.start-awaiting-credit",
  version: 1,
  payload: z.object({ user_id: z.string().min(1) }),
  maxAttempts: 5,
  concurrency: 1,
});

export function processDocumentPayload(documentId: string, trigger: ProcessingTrigger): ProcessDocumentPayload {
  if (trigger === "retry") return { document_id: documentId, retry: true, retried_at: new Date().toISOString() };
  if (trigger === "reprocess") return { document_id: documentId, retry: false, reprocess: true };
  return { document_id: documentId, retry: false };
}

/**
 * What a failure tells the owner to do: a failed document shows Retry; a failed reprocess leaves
 * its document completed (the library says it kept its earlier passages), to be reprocessed again.
 */
const failureMessages = {
  process: {
    transient: "Processing failed. Please retry; if it keeps failing, contact support.",
    repeatedCrash: "Processing stopped unexpectedly several times. Please retry or contact support.",
  },
  reprocess: {
    transient: "Please reprocess it again; if it keeps failing, contact support.",
    repeatedCrash: "It stopped unexpectedly several times. Please reprocess it again or contact support.",
  },
};

/** A bad file's own message (encrypted, corrupt, empty) is for its uploader; our failures say what to do. */
export function documentFailureReason(payload: ProcessDocumentPayload, failure: JobFailure): string {
  const messages = failureMessages[payload.reprocess ? "reprocess" : "process"];
  if (failure.kind === "crashed") return messages.repeatedCrash;
  return failure.isPermanent && failure.error instanceof Error ? failure.error.message : messages.transient;
}

export interface ProcessDocumentHandlerDeps {
  db: Database;
  pipeline: DocumentPipeline;
  logger: Logger;
  /** Announces a change to the document to its owner (the library updates live). */
  announce: (userId: string, documentId: string) => Promise<void>;
  /**
   * Told, inside the transaction that ends the job, that a first processing failed (billing gives
   * our failures' credit back) or that the pages and passages are new (the fact sheet is read again).
   */
  domainEvents: Pick<DomainEvents, "emit">;
  /** Told when processing ends for good, done or failed (the audit log). */
  onEnded?: (document: { id: string; userId: string; filename: string; pageCount: number | null }, isCompleted: boolean) => Promise<void>;
  /** Progress is written and announced at most this often. */
  progressIntervalMs?: number;
}

/**
 * Processing one document: marks it processing, runs the pipeline with its progress written and
 * announced, and keeps the document's status in step with the job's: queued again for a retry,
 * failed (or, for a reprocess, completed as it was) when the job fails for good.
 */
export function processDocumentHandler(deps: ProcessDocumentHandlerDeps): JobHandler<ProcessDocumentPayload> {
  const processingRows = createDocumentProcessingRepo(deps.db);
  const announce = (userId: string, documentId: string) =>
    deps.announce(userId, documentId).catch((error: unknown) => deps.logger.warn({ err: error, documentId }, "could not announce a document change"));

  return {
    async run(job) {
      const documentId = job.payload.document_id;
      const document = await job.withLease((tx) => processingRows.start(documentId, tx));
      // Deleted since it was queued: nothing left to process.
      if (!document) return;
      await announce(document.userId, documentId);
      const progress = throttleProgress(async (reported) => {
        await job.heartbeat(reported);
        await announce(document.userId, documentId);
      }, deps.progressIntervalMs ?? PROGRESS_INTERVAL_MS);
      try {
        await deps.pipeline(documentId, (stage, done, total) => progress.report({ stage, done, total }), job.withLease);
      } finally {
        await progress.settle();
      }
    },

    describeFailure: (job, failure) => documentFailureReason(job.payload, failure),

    /**
     * A reprocessed document's pages and passages are replaced only when its job completes, so
     * failing leaves the earlier ones. What other modules do about the end is enqueued here, so it
     * happens exactly when the end is written.
     */
    async onAttemptEnd(tx, job, end) {
      const documentId = job.payload.document_id;
      if (end.kind === "retry") await processingRows.requeue(documentId, tx);
      if (end.kind === "failed") {
        const isFound = await processingRows.end(documentId, { status: job.payload.reprocess ? "completed" : "failed", failureReason: end.reason }, tx);
        if (isFound && !job.payload.reprocess) {
          await deps.domainEvents.emit(tx, "documents.processing-failed", { documentId, isOurFault: !end.isPermanent });
        }
      }
      if (end.kind === "completed") {
        const processed = await processingRows.processed(documentId, tx);
        if (processed) await deps.domainEvents.emit(tx, "documents.processed", { documentId, ...processed });
      }
    },

    async afterAttemptEnd(job, end) {
      const documentId = job.payload.document_id;
      const document = await processingRows.ended(documentId);
      if (!document) return;
      await announce(document.userId, documentId);
      if (end.kind === "completed" || end.kind === "failed") {
        await deps
          .onEnded?.(document, end.kind === "completed")
          .catch((error: unknown) => deps.logger.error({ err: error, documentId }, "processing end not recorded"));
      }
    },
  };
}
