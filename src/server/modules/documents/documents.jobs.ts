import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { ProcessingTrigger } from "../../../shared/documents";
import type { Database } from "../../db/client";
import { documents } from "../../db/schema/index";
import { defineJobType, type JobFailure, type JobHandler } from "../../jobs/job-type";
import { PROGRESS_INTERVAL_MS, throttleProgress } from "../../jobs/progress";
import type { DocumentPipeline } from "./document-pipeline";

/** The spec's input_data (document_id, retry, retried_at), marking a Reprocess as such. */
export interface ProcessDocumentPayload {
  document_id: string;
  retry: boolean;
  retried_at?: string;
  /** Rebuilds a completed document: failing leaves it completed with its earlier pages and passages. */
  reprocess?: true;
}

/** Two at once per worker: one document is stored while the next is being extracted in its thread. */
export const processDocumentJob = defineJobType<ProcessDocumentPayload>({ name: "document.process", maxAttempts: 3, concurrency: 2 });

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
  /** Told when a document fails for good, and whether the file was to blame (it was not when ours): billing refunds ours. */
  onFailed: (documentId: string, isOurFault: boolean) => Promise<void>;
  /** Told when a document's pages and passages were (re)written: its fact sheet is read again. */
  onProcessed: (documentId: string, userId: string) => Promise<void>;
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
  const announce = (userId: string, documentId: string) =>
    deps.announce(userId, documentId).catch((error: unknown) => deps.logger.warn({ err: error, documentId }, "could not announce a document change"));

  return {
    async run(job) {
      const documentId = job.payload.document_id;
      const [document] = await job.withLease((tx) =>
        tx.update(documents).set({ status: "processing" }).where(eq(documents.id, documentId)).returning({ userId: documents.userId }),
      );
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

    /** A reprocessed document's pages and passages are replaced only when its job completes, so failing leaves the earlier ones. */
    async onAttemptEnd(tx, job, end) {
      const documentId = job.payload.document_id;
      if (end.kind === "retry") await tx.update(documents).set({ status: "queued" }).where(eq(documents.id, documentId));
      if (end.kind === "failed") {
        await tx
          .update(documents)
          .set({ status: job.payload.reprocess ? "completed" : "failed", failureReason: end.reason })
          .where(eq(documents.id, documentId));
      }
    },

    async afterAttemptEnd(job, end) {
      const documentId = job.payload.document_id;
      if (end.kind === "failed" && !job.payload.reprocess) {
        await deps.onFailed(documentId, !end.isPermanent).catch((error: unknown) => deps.logger.error({ err: error, documentId }, "after-failure step failed"));
      }
      const [document] = await deps.db
        .select({ id: documents.id, userId: documents.userId, filename: documents.filename, pageCount: documents.pageCount })
        .from(documents)
        .where(eq(documents.id, documentId));
      if (!document) return;
      await announce(document.userId, documentId);
      if (end.kind === "completed") {
        await deps
          .onProcessed(documentId, document.userId)
          .catch((error: unknown) => deps.logger.error({ err: error, documentId }, "after-processing step failed"));
      }
      if (end.kind === "completed" || end.kind === "failed") {
        await deps
          .onEnded?.(document, end.kind === "completed")
          .catch((error: unknown) => deps.logger.error({ err: error, documentId }, "processing end not recorded"));
      }
    },
  };
}
