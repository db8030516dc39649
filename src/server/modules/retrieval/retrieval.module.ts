import type { Logger } from "pino";
import type { ClauseModel } from "../../../core/rag/clause-model";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { Database } from "../../db/client";
import type { DocumentsService } from "../documents/documents.service";
import { createRetrieval } from "./retrieval";
import { createRetrievalRepo } from "./retrieval.repo";
import { createRetrievalService } from "./retrieval.service";

export function createRetrievalModule(deps: {
  db: Database;
  documents: DocumentsService;
  embedder?: Embedder;
  clauseModel: () => Promise<ClauseModel>;
  logger: Logger;
}) {
  const repo = createRetrievalRepo(deps.db);
  return createRetrievalService({
    retrieval: createRetrieval({ repo, embedder: deps.embedder, clauseModel: deps.clauseModel, logger: deps.logger }),
    repo,
    getDocument: (actor, documentId) => deps.documents.getSearchable(actor, documentId),
    getReadableDocument: (actor, documentId) => deps.documents.readSearchable(actor, documentId),
  });
}
