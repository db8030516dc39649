import { noRequest, systemActor, type AuditService } from "../audit/audit.service";
import type { Logger } from "pino";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { PageImageCache } from "../../adapters/page-images/page-image-cache";
import type { PageImages } from "../../adapters/page-images/page-images";
import type { FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import type { PublishDocumentEvent } from "../events/live-events";
import { createDocumentPipeline, type ReadDocument } from "./document-pipeline";
import { processDocumentHandler, processDocumentJob, startAwaitingCreditJob, type ProcessDocumentHandlerDeps } from "./documents.jobs";
import { createDocumentsRepo, type AdmitFreeProcessing, type ChargeForProcessing, type RefundUnfinishedProcessing } from "./documents.repo";
import { createDocumentsService, type DocumentChange, type DocumentKind } from "./documents.service";
import { removeAbandonedUploads } from "./upload-staging";
import type { DomainEvents } from "../events/domain-events";
import type { AdminActions } from "../admin/admin-actions";

export interface DocumentsModuleDeps {
  db: Database;
  jobs: Jobs;
  storage: FileStorage;
  pageImages: PageImages;
  pageImageCache: PageImageCache;
  publishDocumentEvent: PublishDocumentEvent;
  logger: Logger;
  maxUploadBytes: number;
  detectKind: (bytes: Uint8Array, filename: string) => Promise<DocumentKind | undefined>;
  read: ReadDocument;
  /** Embeds chunks while processing, when an embeddings model is configured. */
  embedder?: Embedder;
  /** Billing's credit check (with billing off, only a suspended organization is refused). */
  chargeForProcessing?: ChargeForProcessing;
  /** Billing's check for processing that costs no credit (Reprocess). */
  admitFreeProcessing?: AdmitFreeProcessing;
  /** Billing's refund when a document is deleted before its processing finished. */
  refundUnfinishedProcessing?: RefundUnfinishedProcessing;
  /** Refuses an upload the person's organization has no storage left for; inside `tx`, it holds the organization until it ends. */
  assertOrganizationStorageRoom?: (userId: string, addedBytes: number, tx?: Database) => Promise<void>;
  accountStorageLimitBytes: number;
  /** Where uploads are written as they arrive (DATA_DIR/uploading). */
  stagingDir: string;
  domainEvents: DomainEvents;
  audit: AuditService;
  adminActions: AdminActions;
}

/** An upload takes minutes at most: a staged file a day old was left by a process that stopped mid-upload. */
const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The library service; document processing is registered as a job type any worker process runs. */
export function createDocumentsModule(deps: DocumentsModuleDeps) {
  removeAbandonedUploads(deps.stagingDir, ABANDONED_UPLOAD_MS).catch((error: unknown) => deps.logger.warn({ err: error }, "could not clear abandoned uploads"));
  const publishChange = (change: DocumentChange, within?: Database) =>
    deps.publishDocumentEvent(change.userId, { type: "document", change: change.type, documentId: change.documentId }, within);
  const service = createDocumentsService({
    repo: createDocumentsRepo(deps.db, deps.jobs.queue),
    storage: deps.storage,
    pageImages: deps.pageImages,
    pageImageCache: deps.pageImageCache,
    detectKind: deps.detectKind,
    maxUploadBytes: deps.maxUploadBytes,
    publishChange,
    chargeForProcessing: deps.chargeForProcessing,
    admitFreeProcessing: deps.admitFreeProcessing,
    refundUnfinishedProcessing: deps.refundUnfinishedProcessing,
    assertOrganizationStorageRoom: deps.assertOrganizationStorageRoom,
    accountStorageLimitBytes: deps.accountStorageLimitBytes,
    stagingDir: deps.stagingDir,
    wakeWorker: deps.jobs.poke,
    onProcessingStopped: (tx, documentId) => deps.domainEvents.emit(tx, "documents.processing-failed", { documentId, isOurFault: true }),
    audit: deps.audit,
    adminActions: deps.adminActions,
  });
  /** Processing ends for good (done, or failed): recorded as the system's work, in the owner's organization's log. */
  const recordProcessed: ProcessDocumentHandlerDeps["onEnded"] = async (document, isCompleted) => {
    const owner = await deps.audit.actorFor({ userId: document.userId }, noRequest);
    await deps.audit.record(
      systemActor,
      "document.processed",
      { type: "document", id: document.id, name: document.filename },
      { pageCount: document.pageCount, status: isCompleted ? "completed" : "failed", documentId: document.id },
      { outcome: isCompleted ? "success" : "failed", organizationId: owner.organizationId },
    );
  };
  deps.jobs.register(
    processDocumentJob,
    processDocumentHandler({
      db: deps.db,
      pipeline: createDocumentPipeline({ db: deps.db, storage: deps.storage, read: deps.read, embedder: deps.embedder }),
      logger: deps.logger,
      announce: (userId, documentId) => publishChange({ type: "update", userId, documentId }),
      domainEvents: deps.domainEvents,
      onEnded: recordProcessed,
    }),
  );
  deps.jobs.register(startAwaitingCreditJob, { run: (job) => service.startAwaitingCredit({ userId: job.payload.user_id }).then(() => undefined) });
  const forThePerson = ({ userId }: { userId: string }) => ({ payload: { user_id: userId }, ownerKey: userId });
  deps.domainEvents.on("billing.credits-arrived", startAwaitingCreditJob, forThePerson);
  deps.domainEvents.on("organizations.plan-opened", startAwaitingCreditJob, forThePerson);
  deps.domainEvents.within("organizations.suspended", (tx, { userId }) => service.stopQueuedProcessing(tx, { userId }));
  return { service };
}
