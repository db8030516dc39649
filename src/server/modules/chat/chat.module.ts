import type { Logger } from "pino";
import type { Embedder } from "../../adapters/embeddings/embedder";
import type { ChatModel } from "../../adapters/llm/chat-model";
import type { Database } from "../../db/client";
import type { DocumentsService } from "../documents/documents.service";
import { userAddress, type PublishLiveEvent } from "../events/live-events";
import { createChatRepo } from "./chat.repo";
import { createChatService } from "./chat.service";
import { createRetrieval } from "./retrieval";
import { createRetrievalRepo } from "./retrieval.repo";

export function createChatModule(deps: {
  db: Database;
  documents: DocumentsService;
  chatModel?: ChatModel;
  embedder?: Embedder;
  publishLiveEvent: PublishLiveEvent;
  logger: Logger;
}) {
  const retrievalRepo = createRetrievalRepo(deps.db);
  return createChatService({
    repo: createChatRepo(deps.db),
    retrieval: createRetrieval({ repo: retrievalRepo, embedder: deps.embedder, logger: deps.logger }),
    retrievalRepo,
    getDocument: (actor, documentId) => deps.documents.get(actor, documentId),
    chatModel: deps.chatModel,
    publishChange: (change) => deps.publishLiveEvent(userAddress(change.userId), { type: "chat_session", change: change.type, sessionId: change.sessionId }),
    logger: deps.logger,
  });
}
