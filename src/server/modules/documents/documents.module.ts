import type { Logger } from "pino";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { ChangeFeed } from "../../adapters/events/change-feed";
import type { FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import { createDocumentPipeline, type ReadDocument } from "./document-pipeline";
import { createDocumentsRepo, type ChargeForProcessing } from "./documents.repo";
import { createDocumentsService, DOCUMENT_CHANGES_CHANNEL, type DocumentKind } from "./documents.service";
import { createProcessingQueue, type ClaimedJob } from "./processing-queue";
import { startProcessingWorker } from "./processing-worker";

const LEASE_SECONDS = 60;
const POLL_INTERVAL_MS = 2000;

export interface DocumentsModuleDeps {
  db: Database;
  storage: FileStorage;
  changeFeed: ChangeFeed;
  logger: Logger;
  maxUploadBytes: number;
  detectKind: (bytes: Uint8Array, filename: string) => Promise<DocumentKind | undefined>;
  read: ReadDocument;
  /** Embeds chunks while processing, when an embeddings model is configured. */
  embedder?: Embedder;
  /** Billing's credit check; absent when billing is off. */
  chargeForProcessing?: ChargeForProcessing;
  /** A document failed for good; `isOurFault` when not because of its file (billing refunds those). */
  onProcessingFailed?: (documentId: string, isOurFault: boolean) => Promise<void>;
}

/** The library service, and the processing worker that any process may start. */
export function createDocumentsModule(deps: DocumentsModuleDeps) {
  const repo = createDocumentsRepo(deps.db);
  const publishChange = async (change: { type: "insert" | "update" | "delete"; userId: string; documentId: string }) =>
    deps.changeFeed.publish(DOCUMENT_CHANGES_CHANNEL, change);
  const service = createDocumentsService({
    repo,
    storage: deps.storage,
    detectKind: deps.detectKind,
    maxUploadBytes: deps.maxUploadBytes,
    publishChange,
    chargeForProcessing: deps.chargeForProcessing,
  });
  const queue = createProcessingQueue(deps.db, { leaseSeconds: LEASE_SECONDS });
  const pipeline = createDocumentPipeline({ db: deps.db, storage: deps.storage, read: deps.read, embedder: deps.embedder });

  const onDocumentChanged = (job: ClaimedJob) => publishChange({ type: "update", userId: job.userId, documentId: job.documentId });

  return {
    service,
    queue,
    startWorker: (options: { pollIntervalMs?: number; leaseSeconds?: number } = {}) =>
      startProcessingWorker({
        queue: options.leaseSeconds ? createProcessingQueue(deps.db, { leaseSeconds: options.leaseSeconds }) : queue,
        pipeline,
        logger: deps.logger,
        leaseSeconds: options.leaseSeconds ?? LEASE_SECONDS,
        pollIntervalMs: options.pollIntervalMs ?? POLL_INTERVAL_MS,
        onDocumentChanged,
        onFailed: deps.onProcessingFailed,
      }),
  };
}
