import type { Logger } from "pino";
import type { ClauseModelSource } from "../../adapters/clause-model/clause-model-file";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { Database } from "../../db/client";
import type { Jobs } from "../../jobs/jobs";
import type { DocumentsService } from "../documents/documents.service";
import type { DomainEvents } from "../events/domain-events";
import { kindReading, readKindsHandler, readKindsJob } from "./retrieval.jobs";
import { createRetrieval } from "./retrieval";
import { createRetrievalRepo } from "./retrieval.repo";
import { createRetrievalService } from "./retrieval.service";

export function createRetrievalModule(deps: {
  db: Database;
  jobs: Pick<Jobs, "register">;
  domainEvents: DomainEvents;
  documents: DocumentsService;
  embedder?: Embedder;
  clauseModel: ClauseModelSource;
  logger: Logger;
}) {
  const repo = createRetrievalRepo(deps.db);
  deps.jobs.register(readKindsJob, readKindsHandler({ repo, clauseModel: deps.clauseModel.model }));
  // Every processing of a document is read for the model once, in a worker, not by the first question about it.
  deps.domainEvents.on("documents.processed", readKindsJob, ({ documentId, passagesVersion }) => kindReading(documentId, passagesVersion));
  return createRetrievalService({
    retrieval: createRetrieval({ repo, embedder: deps.embedder, clauseModel: deps.clauseModel, logger: deps.logger }),
    repo,
    getDocument: (actor, documentId) => deps.documents.getSearchable(actor, documentId),
    getReadableDocument: (actor, documentId) => deps.documents.readSearchable(actor, documentId),
  });
}
