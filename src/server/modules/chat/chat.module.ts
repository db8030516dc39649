import type { Logger } from "pino";
import type { AuditService } from "../audit/audit.service";
import type { ChatModel } from "../../adapters/llm/chat-model";
import type { Database } from "../../db/client";
import { userAddress, type PublishLiveEvent } from "../events/live-events";
import { createChatRepo } from "./chat.repo";
import { createChatService } from "./chat.service";
import type { RetrievalService } from "../retrieval/retrieval.service";
import type { FactSheetService } from "../fact-sheet/fact-sheet.service";

export function createChatModule(deps: {
  db: Database;
  retrieval: RetrievalService;
  factSheets: Pick<FactSheetService, "fieldsFor">;
  chatModel?: ChatModel;
  publishLiveEvent: PublishLiveEvent;
  logger: Logger;
  audit: AuditService;
}) {
  return createChatService({
    db: deps.db,
    repo: createChatRepo(deps.db),
    retrieval: deps.retrieval,
    factFieldsOf: deps.factSheets.fieldsFor,
    chatModel: deps.chatModel,
    publishChange: (change, within) =>
      deps.publishLiveEvent(userAddress(change.userId), { type: "chat_session", change: change.type, sessionId: change.sessionId }, within),
    logger: deps.logger,
    audit: deps.audit,
  });
}
