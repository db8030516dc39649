import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import type { DocumentsService } from "../documents/documents.service";
import type { DomainEvents } from "../events/domain-events";
import { userAddress, type PublishLiveEvent } from "../events/live-events";
import { buildFactSheetHandler, buildFactSheetJob } from "./fact-sheet.jobs";
import { createFactSheetRepo } from "./fact-sheet.repo";
import { createFactSheetService } from "./fact-sheet.service";

export interface FactSheetModuleDeps {
  db: Database;
  jobs: Jobs;
  documents: DocumentsService;
  publishLiveEvent: PublishLiveEvent;
  logger: Logger;
  domainEvents: DomainEvents;
}

/** Fact sheets: read by a job each time a document is processed; the sheet's page refetches when told. */
export function createFactSheetModule(deps: FactSheetModuleDeps) {
  const repo = createFactSheetRepo(deps.db, deps.jobs.queue);
  const service = createFactSheetService({ repo, getDocument: (actor, documentId) => deps.documents.get(actor, documentId), onBuildQueued: deps.jobs.poke });
  deps.jobs.register(
    buildFactSheetJob,
    buildFactSheetHandler({
      repo,
      logger: deps.logger,
      announce: (userId, documentId) => deps.publishLiveEvent(userAddress(userId), { type: "fact_sheet", documentId }),
    }),
  );
  deps.domainEvents.on("documents.processed", ({ documentId }) => service.requestBuild(documentId));
  return service;
}
