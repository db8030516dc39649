import type { Actor } from "../../../core/access/actor";
import type { RankedChunk } from "../../../core/rag/ranking";
import type { SearchPassage } from "../../../shared/contracts/chat";
import { AppError } from "../../http/app-error";
import type { SearchableDocumentSummary } from "../documents/documents.service";
import type { Retrieval } from "./retrieval";
import type { RetrievalRepo } from "./retrieval.repo";

function toSearchPassage(chunk: RankedChunk): SearchPassage {
  return {
    chunkId: chunk.id,
    clauseNumber: chunk.clauseNumber,
    heading: chunk.heading,
    headingPath: chunk.headingPath,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    text: chunk.text,
    score: chunk.score,
  };
}

export interface RetrievalServiceDeps {
  retrieval: Retrieval;
  repo: RetrievalRepo;
  /** The documents module's ownership check, for the chat. */
  getDocument: (actor: Actor, documentId: string) => Promise<SearchableDocumentSummary>;
  /** The documents module's check of a document the actor may read (theirs, or a member's for an admin), for searching in it. */
  getReadableDocument: (actor: Actor, documentId: string) => Promise<SearchableDocumentSummary>;
}

/**
 * Searching one processed document: the only way into its pages and passages for the chat and
 * the search endpoint, each read scoped to a document the actor owns.
 */
export function createRetrievalService(deps: RetrievalServiceDeps) {
  /** The actor's document, once its passages exist: only a processed document can be searched or asked about. */
  async function requireSearchableDocument(actor: Actor, documentId: string, getDocument = deps.getDocument): Promise<SearchableDocumentSummary> {
    const document = await getDocument(actor, documentId);
    if (document.status !== "completed") throw new AppError("conflict", "This document is not ready yet: you can ask about it once processing completes.");
    return document;
  }

  return {
    requireSearchableDocument,
    search: deps.retrieval.search,
    prepare: deps.retrieval.prepare,
    listPages: deps.repo.listPages,
    listTopics: deps.repo.listTopics,

    /** GET /api/documents/:id/search: retrieval's ranked passages, to inspect and measure on their own. */
    async searchPassages(actor: Actor, documentId: string, question: string): Promise<SearchPassage[]> {
      const document = await requireSearchableDocument(actor, documentId, deps.getReadableDocument);
      return (await deps.retrieval.search(document, question)).passages.map(toSearchPassage);
    },
  };
}

export type RetrievalService = ReturnType<typeof createRetrievalService>;
