import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { createEventSampler } from "../../../core/audit/event-sampler";
import type { AuditService } from "../audit/audit.service";
import type { AdminActions } from "../admin/admin-actions";
import type { Actor, UserScope } from "../../../core/access/actor";
import { deriveDocumentType } from "../../../core/documents/document-type";
import { cannotProcessMessages } from "../../../shared/billing";
import type { DocumentPageText, DocumentSummary, OutlineEntry, ReadableDocument, StartProcessingResponse } from "../../../shared/contracts/documents";
import { cleanDisplayFilename, renamedFilename } from "../../../core/documents/upload-rules";
import {
  findUploadProblem,
  hasAcceptedExtension,
  normalizeDocumentStatus,
  uploadMessages,
  type ProcessingStage,
  type ProcessingTrigger,
  type UploadProblemKind,
} from "../../../shared/documents";
import type { ErrorCode } from "../../../shared/errors";
import { can, type Permission } from "../../../shared/access";
import { createProcessCache, readWhileVersionHolds, type AsOfVersion } from "../../../shared/process-cache";
import type { PageImageCache } from "../../adapters/page-images/page-image-cache";
import { isImageKind, type PageImage, type PageImages } from "../../adapters/page-images/page-images";
import { ExtractionError } from "../../adapters/extract/types";
import { StoredFileNotFoundError, type FileStorage } from "../../adapters/storage/file-storage";
import { AppError } from "../../http/app-error";
import type { Database } from "../../db/client";
import type {
  AdmitFreeProcessing,
  ChargeForProcessing,
  DocumentRow,
  DocumentsRepo,
  OwnedDocumentId,
  OwnedDocumentRow,
  RefundUnfinishedProcessing,
  Retrying,
} from "./documents.repo";
import { detectStagedKind, stageUpload, UploadTooLargeError } from "./upload-staging";
import { processDocumentJob, processDocumentPayload } from "./documents.jobs";

import type { DocumentKind } from "../../adapters/extract/types";

export type { DocumentKind };

const mimeTypeByKind: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  png: "image/png",
  jpeg: "image/jpeg",
  webp: "image/webp",
  tiff: "image/tiff",
};

export type DocumentChange = { type: "insert" | "update" | "delete"; userId: string; documentId: string };

export interface DocumentsServiceDeps {
  repo: DocumentsRepo;
  chargeForProcessing?: ChargeForProcessing;
  admitFreeProcessing?: AdmitFreeProcessing;
  refundUnfinishedProcessing?: RefundUnfinishedProcessing;
  /** Refuses an upload the person's organization has no storage left for; inside `tx`, it holds the organization until it ends. */
  assertOrganizationStorageRoom?: (userId: string, addedBytes: number, tx?: Database) => Promise<void>;
  /** What one person's documents may take in storage, processed or not. */
  accountStorageLimitBytes: number;
  /** Where uploads are written as they arrive, before they are checked and stored. */
  stagingDir: string;
  storage: FileStorage;
  /** Draws the pages of image documents for the viewer. */
  pageImages: PageImages;
  /** Pages drawn lately, kept in this process's memory. */
  pageImageCache: PageImageCache;
  detectKind: (bytes: Uint8Array, filename: string) => Promise<DocumentKind | undefined>;
  maxUploadBytes: number;
  publishChange: (change: DocumentChange, within?: Database) => Promise<void>;
  /** Work was committed to the queue: a worker in this process can take it now rather than at its next poll. */
  wakeWorker: () => void;
  /** Inside the transaction that stopped it before it ran (its organization was suspended), a document's first processing: not the file's fault. */
  onProcessingStopped: (tx: Database, documentId: string) => Promise<void>;
  audit: AuditService;
  /** The platform console's Retry is recorded as the owner's action, in the transaction that queues it. */
  adminActions: AdminActions;
}

/** The statuses each trigger starts from ('error' is the spec's old word for failed). */
const startableStatuses: Record<ProcessingTrigger, string[]> = {
  start: ["uploaded", "awaiting_credit"],
  retry: ["failed", "error"],
  reprocess: ["completed"],
};

function notStartableMessage(trigger: ProcessingTrigger, status: string): string {
  if (trigger === "retry") return `Only a failed document can be retried (this one is ${status}).`;
  if (trigger === "reprocess") {
    return status === "completed"
      ? "This document is still finishing its last processing. Try again in a moment."
      : `Only a completed document can be reprocessed (this one is ${status}).`;
  }
  return `This document is already ${status}.`;
}

/** Bump when page images are drawn differently, so browsers stop reusing the old ones. */
const PAGE_IMAGE_VERSION = 1;

function toPageText(page: {
  pageNumber: number;
  text: string;
  method: string;
  isUnreadable: boolean;
  struckRanges: [number, number][] | null;
}): DocumentPageText {
  const struck = page.struckRanges?.length ? { struckRanges: page.struckRanges } : {};
  return { pageNumber: page.pageNumber, text: page.text, method: page.method === "ocr" ? "ocr" : "text", isUnreadable: page.isUnreadable, ...struck };
}

const errorCodeByUploadProblem: Record<UploadProblemKind, ErrorCode> = {
  unsupported_type: "unsupported_media_type",
  too_large: "payload_too_large",
  empty: "validation_failed",
};

/** A document the ownership check passed: its id may be used to read what belongs to it (chat, retrieval). */
export type OwnedDocumentSummary = DocumentSummary & { id: OwnedDocumentId };

/** An owned document with the version of its passages (`documents.passages_version`), for retrieval. */
export type SearchableDocumentSummary = OwnedDocumentSummary & { passagesVersion: number };

/** A document the reader may read (documents.read): theirs, or a member's of the organization they administer. */
type ReadableDocumentRow = OwnedDocumentRow & { ownerName: string | null };

/** A document opened to be read, with whose it is. */
export type ReadableDocumentSummary = OwnedDocumentSummary & Pick<ReadableDocument, "isOwn" | "ownerName">;

export function toDocumentSummary<Row extends Omit<DocumentRow, "outline">>(
  row: Row,
  job?: { stage: string; progressDone: number; progressTotal: number } | null,
): DocumentSummary & { id: Row["id"] } {
  return {
    id: row.id,
    filename: row.filename,
    displayType: deriveDocumentType(row.filename),
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    status: normalizeDocumentStatus(row.status),
    failureReason: row.failureReason,
    pageCount: row.pageCount,
    pageNumbersEstimated: row.pageNumbersEstimated,
    unreadablePages: row.unreadablePages,
    progress: job ? { stage: job.stage as ProcessingStage, pagesDone: job.progressDone, pagesTotal: job.progressTotal } : null,
    isSample: row.isSample,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** People whose library list is kept in a process; past it the least recently asked go first. A list is a few kB. */
const MAX_KEPT_LIBRARIES = 2_000;

/** A document open in a tab is fetched again on every change: one view per person and document in 15 minutes is recorded. */
const VIEW_RECORD_WINDOW_MS = 15 * 60 * 1000;

export function createDocumentsService(deps: DocumentsServiceDeps) {
  const { repo, storage } = deps;
  const views = createEventSampler({ perWindow: 1, windowMs: VIEW_RECORD_WINDOW_MS });
  const libraries = createProcessCache<string, AsOfVersion<DocumentSummary[]>>("documents.libraries", { maxEntries: MAX_KEPT_LIBRARIES });

  /** A document opened to be read, recorded as viewed (once per person and document in 15 minutes), whoever's it is (ADR 040). */
  async function viewDocument<Row extends OwnedDocumentRow>(actor: Actor, row: Row): Promise<Row> {
    if (views.admit(`${actor.userId}:${row.id}`).record)
      await deps.audit.record(actor, "document.viewed", { type: "document", id: row.id, name: row.filename });
    return row;
  }

  /** The actor's own document, or else one of an active member of their organization. */
  async function findInOrganization(actor: Actor, id: string): Promise<ReadableDocumentRow | undefined> {
    const own = await repo.forUser(actor).find(id);
    if (own) return { ...own, ownerName: null };
    return actor.organizationId ? repo.forOrganization(actor.organizationId).find(id) : undefined;
  }

  /**
   * The check every read by document id starts with (documents.read): the actor's own document, or
   * a member's of the organization they administer. Anything else is not found — a member asking for
   * a colleague's document learns no more than the portfolio shows them, which is none of it (ADR 040).
   */
  async function requireReadableDocument(actor: Actor, id: string): Promise<ReadableDocumentRow> {
    const row = await findInOrganization(actor, id);
    if (!row || !can(actor, "documents.read", { userId: row.userId, organizationId: actor.organizationId }))
      throw new AppError("not_found", "Document not found.");
    return row;
  }

  /** The ownership check every use case by document id starts with. */
  async function requireDocument(actor: Actor, id: string): Promise<OwnedDocumentRow> {
    const row = await repo.forUser(actor).find(id);
    if (!row) throw new AppError("not_found", "Document not found.");
    return row;
  }

  async function readOriginal(row: OwnedDocumentRow): Promise<Uint8Array> {
    return storage.read(row.storageKey).catch((error: unknown) => {
      if (error instanceof StoredFileNotFoundError) throw new AppError("not_found", "The original file of this document is missing from storage.");
      throw error;
    });
  }

  async function start(current: OwnedDocumentRow, trigger: ProcessingTrigger, retrying?: Retrying): Promise<StartProcessingResponse> {
    // A reprocess was paid for at first processing; the sample agreement is ours to give.
    const isFree = trigger === "reprocess" || current.isSample;
    if (isFree) {
      const admitted = (await deps.admitFreeProcessing?.(current.userId)) ?? { ok: true };
      if (!admitted.ok) return { ok: false, reason: admitted.reason, message: cannotProcessMessages[admitted.reason], document: toDocumentSummary(current) };
    }
    const charge = isFree ? undefined : deps.chargeForProcessing;
    const outcome = await repo.enqueue(current.id, startableStatuses[trigger], processDocumentPayload(current.id, trigger), charge, retrying);
    if (outcome.kind === "not_startable") throw new AppError("conflict", notStartableMessage(trigger, normalizeDocumentStatus(current.status)));
    if (outcome.kind === "queued") deps.wakeWorker();
    await deps.publishChange({ type: "update", userId: current.userId, documentId: current.id });
    if (outcome.kind === "refused") {
      return { ok: false, reason: outcome.reason, message: cannotProcessMessages[outcome.reason], document: toDocumentSummary(outcome.row) };
    }
    return { ok: true, document: toDocumentSummary(outcome.row) };
  }

  /** The person's own limit, then their organization's (locked inside `tx`). */
  async function assertStorageRoom(userId: string, usedBytes: number, addedBytes: number, tx?: Database): Promise<void> {
    if (usedBytes + addedBytes > deps.accountStorageLimitBytes)
      throw new AppError("payload_too_large", uploadMessages.libraryFull(deps.accountStorageLimitBytes));
    await deps.assertOrganizationStorageRoom?.(userId, addedBytes, tx);
  }

  return {
    /**
     * Refuses, before a byte of the file is read, an upload its request's length already shows
     * cannot fit the person's storage (or their organization's). Cheap and unlocked: `upload`
     * judges again, race-free.
     */
    async admitUpload(actor: Actor, declaredBytes: number): Promise<void> {
      await assertStorageRoom(actor.userId, await repo.forUser(actor).storageUsedBytes(), declaredBytes);
    },

    /**
     * Streams the file to disk, hashing it on the way, then checks it (type, size, duplicate,
     * storage) before anything is stored; a refused upload leaves no trace. The storage check is
     * made again when the row is written, under a lock, so uploads arriving together cannot pass
     * the limit between them.
     */
    async upload(actor: Actor, input: { filename: string; content: Readable; isSample?: boolean }): Promise<DocumentSummary> {
      const library = repo.forUser(actor);
      const filename = cleanDisplayFilename(input.filename);
      if (!filename) throw new AppError("validation_failed", "The file needs a name.");
      // The type by name first, as findUploadProblem judges it, so a refused type is not read at all.
      if (!hasAcceptedExtension(filename)) throw new AppError(errorCodeByUploadProblem.unsupported_type, uploadMessages.unsupportedType);
      const staged = await stageUpload(input.content, { dir: deps.stagingDir, maxBytes: deps.maxUploadBytes }).catch((error: unknown) => {
        if (error instanceof UploadTooLargeError) throw new AppError("payload_too_large", uploadMessages.tooLarge(deps.maxUploadBytes));
        throw error;
      });
      try {
        const problem = findUploadProblem({ name: filename, size: staged.size }, deps.maxUploadBytes);
        if (problem) throw new AppError(errorCodeByUploadProblem[problem.kind], problem.message);
        const kind = await detectStagedKind(staged, filename, deps.detectKind);
        if (!kind) throw new AppError("unsupported_media_type", `The file's contents do not match its type. ${uploadMessages.unsupportedType}`);
        const existing = await library.findByHash(staged.sha256);
        if (existing) throw new AppError("conflict", uploadMessages.duplicate, { documentId: existing.id });
        await assertStorageRoom(actor.userId, await library.storageUsedBytes(), staged.size);

        const storageKey = `documents/${randomUUID()}`;
        await storage.putFile(storageKey, staged, mimeTypeByKind[kind]);
        try {
          const row = await library.insertWithinStorage(
            { filename, kind, mimeType: mimeTypeByKind[kind], fileSize: staged.size, sha256: staged.sha256, storageKey, isSample: input.isSample ?? false },
            (tx, usedBytes, addedBytes) => assertStorageRoom(actor.userId, usedBytes, addedBytes, tx),
          );
          await deps.publishChange({ type: "insert", userId: actor.userId, documentId: row.id });
          await deps.audit.record(actor, "document.uploaded", { type: "document", id: row.id, name: row.filename }, { format: kind });
          return toDocumentSummary(row);
        } catch (error) {
          await storage.delete(storageKey);
          if (await library.findByHash(staged.sha256)) throw new AppError("conflict", uploadMessages.duplicate);
          throw error;
        }
      } finally {
        await rm(staged.path, { force: true });
      }
    },

    /** The actor's library, kept per person while their library's version holds: a request then reads one short row. */
    async list(actor: Actor): Promise<readonly DocumentSummary[]> {
      const library = repo.forUser(actor);
      const read = async () => (await library.list()).map(({ document, job }) => toDocumentSummary(document, job?.stage ? job : null));
      return (await readWhileVersionHolds(libraries, actor.userId, library.findLibraryVersion, read)).value;
    },

    /** One of the actor's own documents, to act on (chat, contract details): recorded as viewed. */
    async get(actor: Actor, id: string): Promise<OwnedDocumentSummary> {
      return toDocumentSummary(await viewDocument(actor, await requireDocument(actor, id)));
    },

    /** `get`, with the version of its passages: what retrieval keeps its passage index by (ADR 037). */
    async getSearchable(actor: Actor, id: string): Promise<SearchableDocumentSummary> {
      const row = await viewDocument(actor, await requireDocument(actor, id));
      return { ...toDocumentSummary(row), passagesVersion: row.passagesVersion };
    },

    /** A document as the document view and fact sheet open it, the reader's or a member's (documents.read): recorded as viewed. */
    async read(actor: Actor, id: string): Promise<ReadableDocumentSummary> {
      const row = await viewDocument(actor, await requireReadableDocument(actor, id));
      return { ...toDocumentSummary(row), isOwn: row.ownerName === null, ownerName: row.ownerName };
    },

    /** `read`, with the version of its passages, for searching in the document. */
    async readSearchable(actor: Actor, id: string): Promise<SearchableDocumentSummary> {
      const row = await viewDocument(actor, await requireReadableDocument(actor, id));
      return { ...toDocumentSummary(row), passagesVersion: row.passagesVersion };
    },

    /**
     * A document `actor` may act on as `permission` reaches (ADR 032): their own, or another
     * member's of their organization when it reaches the organization. Another organization's is
     * not found; a member's the permission does not reach is refused with `refusal`.
     */
    async getWithinReach(actor: Actor, id: string, permission: Permission, refusal: string): Promise<OwnedDocumentSummary & { userId: string }> {
      const row = await findInOrganization(actor, id);
      if (!row) throw new AppError("not_found", "Document not found.");
      if (!can(actor, permission, { userId: row.userId, organizationId: actor.organizationId })) throw new AppError("forbidden", refusal);
      return { ...toDocumentSummary(row), userId: row.userId };
    },

    async listPages(actor: Actor, id: string): Promise<DocumentPageText[]> {
      const document = await requireReadableDocument(actor, id);
      return (await repo.listPages(document.id)).map(toPageText);
    },

    /** One page's text, with its word boxes when OCR placed them (pages read before boxes were kept have none). */
    async getPage(actor: Actor, id: string, pageNumber: number): Promise<DocumentPageText> {
      const document = await requireReadableDocument(actor, id);
      const page = await repo.findPage(document.id, pageNumber);
      if (!page) throw new AppError("not_found", `This document has no page ${pageNumber}.`);
      return { ...toPageText(page), wordBoxes: page.wordBoxes ?? undefined };
    },

    /** Each clause once, in document order, with the page it starts on. */
    async getOutline(actor: Actor, id: string): Promise<OutlineEntry[]> {
      const document = await requireReadableDocument(actor, id);
      const kept = await repo.findOutline(document.id);
      if (kept) return kept;
      // Processed before outlines were kept: the clauses that head a passage (merged short clauses are missing).
      const seen = new Set<string>();
      const outline: OutlineEntry[] = [];
      for (const chunk of await repo.listChunkHeadings(document.id)) {
        for (let depth = 1; depth <= chunk.headingPath.length; depth++) {
          const path = chunk.headingPath.slice(0, depth);
          const key = path.join("\u0000");
          if (seen.has(key)) continue;
          seen.add(key);
          const isOwn = depth === chunk.headingPath.length;
          outline.push({ clauseNumber: isOwn ? chunk.clauseNumber : null, heading: path.at(-1)!, path, page: chunk.pageStart });
        }
      }
      return outline;
    },

    async rename(actor: Actor, id: string, requested: string): Promise<DocumentSummary> {
      const current = await requireDocument(actor, id);
      const filename = renamedFilename(current.filename, requested);
      if (!cleanDisplayFilename(requested)) throw new AppError("validation_failed", "The new name cannot be blank.");
      if (filename === current.filename) throw new AppError("validation_failed", "The new name is the same as the current one.");
      const row = (await repo.rename(current.id, filename))!;
      await deps.publishChange({ type: "update", userId: actor.userId, documentId: current.id });
      await deps.audit.record(
        actor,
        "document.renamed",
        { type: "document", id: row.id, name: row.filename },
        { previousName: current.filename, newName: row.filename },
      );
      return toDocumentSummary(row);
    },

    /**
     * Removes the file, then the document with its pages, chunks and jobs (cascade), giving back the
     * credit of processing that had not finished. The file goes first: if storage fails, the document
     * is still there to delete again (deleting a missing file succeeds), instead of gone from the
     * library with its file left behind.
     */
    async delete(actor: Actor, id: string): Promise<void> {
      const row = await requireDocument(actor, id);
      await storage.delete(row.storageKey);
      if (!(await repo.delete(row.id, deps.refundUnfinishedProcessing))) throw new AppError("not_found", "Document not found.");
      deps.pageImageCache.forgetDocument(row.id);
      await deps.publishChange({ type: "delete", userId: actor.userId, documentId: row.id });
      await deps.audit.record(actor, "document.deleted", { type: "document", id: row.id, name: row.filename });
    },

    async openDownload(actor: Actor, id: string) {
      const row = await requireReadableDocument(actor, id);
      const stream = await storage.stream(row.storageKey).catch((error: unknown) => {
        if (error instanceof StoredFileNotFoundError) throw new AppError("not_found", "The original file of this document is missing from storage.");
        throw error;
      });
      await deps.audit.record(actor, "document.downloaded", { type: "document", id: row.id, name: row.filename });
      return { filename: row.filename, mimeType: row.mimeType, fileSize: row.fileSize, stream };
    },

    /**
     * One page of an image document (PNG, JPEG, WebP, TIFF) as an image a browser shows. The
     * original never changes, so its hash names every rendering of the page: `etag` is known
     * before the work, and `render` draws the page only for a browser that lacks it.
     */
    async getPageImage(actor: Actor, id: string, pageNumber: number): Promise<{ etag: string; render: () => Promise<PageImage> }> {
      const row = await requireReadableDocument(actor, id);
      const kind = row.kind;
      if (!isImageKind(kind)) throw new AppError("not_found", "Only image documents have page images; open the file itself.");
      return {
        etag: `"${row.sha256.slice(0, 32)}-${pageNumber}-v${PAGE_IMAGE_VERSION}"`,
        render: async () => {
          // The original never changes (Reprocess reads it again, the same bytes): its hash names its drawings.
          const key = { documentId: row.id, version: `${row.sha256}-v${PAGE_IMAGE_VERSION}`, pageNumber };
          const image = await deps.pageImageCache.getOrRender(key, async () =>
            deps.pageImages.render(await readOriginal(row), kind, pageNumber).catch((error: unknown) => {
              if (error instanceof ExtractionError) throw new AppError("validation_failed", `Page ${pageNumber} cannot be shown. ${error.message}`);
              throw error;
            }),
          );
          if (!image) throw new AppError("not_found", `This document has no page ${pageNumber}.`);
          return image;
        },
      };
    },

    /**
     * uploaded → queued (Process), failed → queued (Retry), once a credit is charged (never twice
     * for one document). Without a credit the document waits as awaiting_credit and starts by
     * itself when one arrives (startAwaitingCredit). completed → queued (Reprocess) charges nothing
     * and needs no credit or active period: the document was paid for when first processed, and
     * rebuilding it with a newer reading is ours to offer (ADR 007).
     */
    async startProcessing(actor: Actor, id: string, trigger: ProcessingTrigger): Promise<StartProcessingResponse> {
      return start(await requireDocument(actor, id), trigger);
    },

    /**
     * The platform console's Retry of a failed processing job: the owner's Retry (Reprocess for a
     * document its failed reprocess left completed), under the same charging rules, replacing the
     * failed job, and recorded as the owner's action in the transaction that queues it. The actor
     * must administer the platform.
     */
    async retryForPlatform(actor: Actor, documentId: string, failedJobId: string): Promise<StartProcessingResponse> {
      const current = await repo.forPlatform(actor).find(documentId);
      if (!current) throw new AppError("not_found", "Document not found.");
      const record = (tx: Database) =>
        deps.adminActions.recordAdminAction(
          actor,
          "job.retry",
          { kind: "job", id: failedJobId },
          { jobType: processDocumentJob.name, documentId: current.id },
          tx,
        );
      return start(current, normalizeDocumentStatus(current.status) === "completed" ? "reprocess" : "retry", { failedJobId, record });
    },

    /**
     * Inside the transaction that suspends the person's organization: their queued processing
     * stops with it, documents not yet processed get their credit back (billing's reaction), and
     * their browsers hear of it at the commit.
     */
    async stopQueuedProcessing(tx: Database, user: UserScope): Promise<void> {
      for (const { documentId, isReprocess } of await repo.stopQueuedProcessing(user.userId, cannotProcessMessages.organization_suspended, tx)) {
        if (!isReprocess) await deps.onProcessingStopped(tx, documentId);
        await deps.publishChange({ type: "update", userId: user.userId, documentId }, tx);
      }
    },

    /** Starts the user's documents that wait for a credit, oldest first, while credits last. */
    async startAwaitingCredit(user: UserScope): Promise<number> {
      let started = 0;
      for (const id of await repo.forUser(user).listAwaitingCredit()) {
        const outcome = await repo.enqueue(id, ["awaiting_credit"], processDocumentPayload(id, "start"), deps.chargeForProcessing);
        if (outcome.kind === "refused") break;
        if (outcome.kind === "queued") {
          started += 1;
          deps.wakeWorker();
          await deps.publishChange({ type: "update", userId: user.userId, documentId: id });
        }
      }
      return started;
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
