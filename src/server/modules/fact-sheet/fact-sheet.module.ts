import type { Logger } from "pino";
import { paths } from "../../../shared/paths";
import type { SiteConfig } from "../../../shared/site-config";
import type { ChatModel } from "../../adapters/llm/chat-model";
import type { AuditService } from "../audit/audit.service";
import type { Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import type { DocumentsService } from "../documents/documents.service";
import type { DomainEvents } from "../events/domain-events";
import type { PublishDocumentEvent } from "../events/live-events";
import { buildFactSheetHandler, buildFactSheetJob, factSheetBuild, sendReminderHandler, sendReminderJob } from "./fact-sheet.jobs";
import { createFactSheetRepo } from "./fact-sheet.repo";
import { createFactSheetService } from "./fact-sheet.service";
import { createFactValueReviewsRepo } from "./fact-value-reviews.repo";
import { createFactValueReviews, REVIEW_REFUSED } from "./fact-value-reviews.service";

export interface FactSheetModuleDeps {
  db: Database;
  jobs: Jobs;
  documents: DocumentsService;
  publishDocumentEvent: PublishDocumentEvent;
  logger: Logger;
  domainEvents: DomainEvents;
  mailer: Mailer;
  site: SiteConfig;
  publicUrl: string;
  now: () => Date;
  /** A configured language model proposes values for the fields the rules leave blank. */
  chatModel?: ChatModel;
  audit: AuditService;
}

/** Fact sheets: read by a job each time a document is processed; the sheet's page refetches when told. */
export function createFactSheetModule(deps: FactSheetModuleDeps) {
  const repo = createFactSheetRepo(deps.db, deps.jobs.queue);
  const reviews = createFactValueReviewsRepo(deps.db);
  const service = createFactSheetService({
    repo,
    reviews,
    getDocument: (actor, documentId) => deps.documents.get(actor, documentId),
    getReadableDocument: (actor, documentId) => deps.documents.read(actor, documentId),
    wakeWorker: deps.jobs.poke,
    now: deps.now,
    audit: deps.audit,
  });
  deps.jobs.register(
    buildFactSheetJob,
    buildFactSheetHandler({
      repo,
      logger: deps.logger,
      chatModel: deps.chatModel,
      announce: (userId, documentId) => deps.publishDocumentEvent(userId, { type: "fact_sheet", documentId }),
    }),
  );
  deps.jobs.register(
    sendReminderJob,
    sendReminderHandler({
      repo,
      mailer: deps.mailer,
      site: deps.site,
      factSheetUrl: (documentId) => new URL(paths.documentFactSheet(documentId), deps.publicUrl).toString(),
    }),
  );
  deps.domainEvents.on("documents.processed", buildFactSheetJob, ({ documentId, passagesVersion }) => factSheetBuild(documentId, passagesVersion));
  const valueReviews = createFactValueReviews({
    db: deps.db,
    repo,
    reviews,
    getReviewableDocument: (actor, documentId) => deps.documents.getWithinReach(actor, documentId, "fact-sheet.review", REVIEW_REFUSED),
    audit: deps.audit,
    publishDocumentEvent: deps.publishDocumentEvent,
  });
  return { ...service, ...valueReviews };
}
