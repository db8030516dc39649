import type { Logger } from "pino";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { ChangeFeed } from "../../adapters/events/change-feed";
import type { ChatModel } from "../../adapters/llm/chat-model";
import type { Database } from "../../db/client";
import type { DocumentsService } from "../documents/documents.service";
import { createChatRepo } from "./chat.repo";
import { CHAT_CHANGES_CHANNEL, createChatService } from "./chat.service";
import { createRetrieval } from "./retrieval";
import { createRetrievalRepo } from "./retrieval.repo";

export function createChatModule(deps: {
  db: Database;
  documents: DocumentsService;
  chatModel?: ChatModel;
  embedder?: Embedder;
  changeFeed: ChangeFeed;
  logger: Logger;
}) {
  const retrievalRepo = createRetrievalRepo(deps.db);
  return createChatService({
    repo: createChatRepo(deps.db),
    retrieval: createRetrieval({ repo: retrievalRepo, embedder: deps.embedder, logger: deps.logger }),
    retrievalRepo,
    getDocument: (actor, documentId) => deps.documents.get(actor, documentId),
    chatModel: deps.chatModel,
    publishChange: (change) => deps.changeFeed.publish(CHAT_CHANGES_CHANNEL, change),
    logger: deps.logger,
  });
}
