import type { AuditService } from "../audit/audit.service";
import type { Logger } from "pino";
import type { Database } from "../../db/client";
import type { Actor } from "../../../core/access/actor";
import { formatAnswer, type ComposedAnswer } from "../../../core/rag/answer";
import type { StruckPages } from "../../../core/documents/struck-text";
import type { SourcePassage } from "../../../core/rag/citations";
import { modelSources, nothingFoundPoints } from "../../../core/rag/extractive-answer";
import { checkedAgainstSheet, composeReply, isUnroutedNotAddressed, type KindFindings, type ReplyInputs } from "../../../core/rag/reply";
import { findingsInForce, passageInForce } from "../../../core/rag/struck-passages";
import type { FactField } from "../../../shared/contracts/fact-sheet";
import type { OwnedDocumentId } from "../documents/documents.repo";
import { shownModelAnswer, verifyModelAnswer } from "../../../core/rag/model-answer";
import { questionWithSources, SYSTEM_PROMPT } from "../../../core/rag/prompt";
import type { RankedChunk } from "../../../core/rag/ranking";
import { topicWeights } from "../../../core/rag/relevance";
import { chatTitleFrom, collapseRepeatedAnswers, RECENT_SESSIONS_LOADED } from "../../../shared/chat";
import type {
  AskQuestionRequest,
  ChatExportFormat,
  AssistantMetadata,
  ChatMessage,
  ChatSessionDetail,
  ChatSessionSummary,
  ChatStreamEvent,
} from "../../../shared/contracts/chat";
import { ChatModelError, type ChatModel, type ChatTurn } from "../../adapters/llm/chat-model";
import { AppError } from "../../http/app-error";
import type { SearchableDocument } from "../retrieval/passage-indexes";
import { exportConversation, type ConversationExport } from "./chat-export";
import { toChatMessage, toSessionSummary, type ChatRepo } from "./chat.repo";
import type { RetrievalService } from "../retrieval/retrieval.service";

export interface ChatSessionChange {
  type: "insert" | "update" | "delete";
  userId: string;
  sessionId: string;
}

/** Earlier turns the model sees for a follow-up question. */
const HISTORY_TURNS = 6;
export const EXTRACTIVE_ANSWERER = "extractive";

export interface ChatServiceDeps {
  db: Database;
  repo: ChatRepo;
  /** The chosen document's passages and pages, read only once it is the actor's and processed. */
  retrieval: RetrievalService;
  /** The document's fact-sheet values: what a question about a term the sheet reads is answered from. */
  factFieldsOf: (documentId: OwnedDocumentId) => Promise<FactField[]>;
  /** Undefined: the embedded extractive answerer writes every answer. */
  chatModel?: ChatModel;
  /** Told to browsers once `within` commits. */
  publishChange: (change: ChatSessionChange, within: Database) => Promise<void>;
  logger: Logger;
  audit: AuditService;
}

function toSource(chunk: Omit<RankedChunk, "score">, index: number): SourcePassage {
  return {
    number: index + 1,
    chunkId: chunk.id,
    clauseNumber: chunk.clauseNumber,
    clauseNumbers: chunk.clauseNumbers,
    heading: chunk.heading,
    headingPath: chunk.headingPath,
    pageStart: chunk.pageStart,
    pageEnd: chunk.pageEnd,
    text: chunk.text,
    clauses: chunk.clauses,
  };
}

/** Streams an answer's markdown line by line, so the first words arrive at once. */
function* linesOf(content: string): Generator<string> {
  const lines = content.split("\n");
  for (let index = 0; index < lines.length; index++) yield index < lines.length - 1 ? `${lines[index]}\n` : lines[index]!;
}

export function createChatService(deps: ChatServiceDeps) {
  const { db, repo } = deps;

  async function requireSession(actor: Actor, sessionId: string) {
    const session = await repo.forUser(actor).findSession(sessionId);
    if (!session) throw new AppError("not_found", "Conversation not found.");
    return session;
  }

  /** A model's answer from the sources it is given, streamed as written, then verified against the pages. */
  async function* modelAnswer(
    chatModel: ChatModel,
    question: string,
    history: ChatMessage[],
    given: SourcePassage[],
    pages: Map<number, string>,
    signal?: AbortSignal,
  ): AsyncGenerator<string, ComposedAnswer> {
    const turns: ChatTurn[] = history.slice(-HISTORY_TURNS).map((message) => ({ role: message.role, content: message.content }));
    let written = "";
    for await (const text of chatModel.streamAnswer({
      system: SYSTEM_PROMPT,
      messages: [...turns, { role: "user", content: questionWithSources(question, given) }],
      signal,
    })) {
      written += text;
      yield text;
    }
    return verifyModelAnswer(written, given, pages);
  }

  /** The page texts an answer's quotes are checked against, and what is struck through on them: every page the given passages span. */
  function pagesOf(documentId: OwnedDocumentId, passages: readonly SourcePassage[]): Promise<{ texts: Map<number, string>; struck: StruckPages }> {
    const pageNumbers = passages.flatMap((passage) => Array.from({ length: passage.pageEnd - passage.pageStart + 1 }, (_, index) => passage.pageStart + index));
    return deps.retrieval.listPages(documentId, pageNumbers);
  }

  /** The reply, with "not addressed" to a question routed to no kind checked against the fact sheet's values, which such a question has not loaded. */
  async function replyCheckedAgainstSheet(inputs: ReplyInputs, documentId: OwnedDocumentId): Promise<ComposedAnswer> {
    const composed = composeReply(inputs);
    return isUnroutedNotAddressed(composed, inputs) && !inputs.facts
      ? checkedAgainstSheet(composed, { ...inputs, facts: await deps.factFieldsOf(documentId) })
      : composed;
  }

  /**
   * One reading of the question for every answerer (ADR 027): a term the fact sheet reads is answered
   * from the sheet's values; a kind of clause the model knows, from its reading of the whole document;
   * anything else from the passages retrieval found. A configured model writes the answer from the
   * passages that answer instead of the extractive answerer, held to the same outcomes and verification.
   */
  async function* composeAnswer(
    document: SearchableDocument,
    question: string,
    history: ChatMessage[],
    signal?: AbortSignal,
  ): AsyncGenerator<string, { composed: ComposedAnswer; answeredBy: string }> {
    const documentId = document.id;
    const previousQuestions = history.filter((message) => message.role === "user").map((message) => message.content);
    const { query, topicCounts, passages, nearestInMeaningId, findings, alternativeFindings, passageOf } = await deps.retrieval.search(
      document,
      question,
      previousQuestions,
    );
    const retrieved = passages.map(toSource);
    const found = [...(findings?.sentences ?? []), ...(alternativeFindings?.sentences ?? [])].flatMap((finding) => passageOf(finding.passageId) ?? []);
    const retrievedOf = new Map(
      [...found.map((chunk, index) => toSource(chunk, retrieved.length + index)), ...retrieved].map((source) => [source.chunkId, source]),
    );
    const [{ texts: pages, struck }, facts] = await Promise.all([
      pagesOf(documentId, [...retrievedOf.values()]),
      query.kind?.factFields || query.alternativeKind?.factFields ? deps.factFieldsOf(documentId) : undefined,
    ]);
    // Words struck through on the page are not what the agreement says: no answer reads or quotes them (ADR 044).
    const sources = retrieved.map((source) => passageInForce(source, pages, struck));
    const sourceOf = new Map([...retrievedOf].map(([id, source]) => [id, passageInForce(source, pages, struck)]));
    const inForce = (found?: KindFindings) => found && { ...found, sentences: findingsInForce(found.sentences, (id) => retrievedOf.get(id), pages, struck) };
    const inputs: ReplyInputs = {
      question,
      query,
      kind: query.kind,
      facts,
      findings: inForce(findings),
      alternative: query.alternativeKind && { kind: query.alternativeKind, findings: inForce(alternativeFindings) },
      sources,
      passageOf: (id) => sourceOf.get(id),
      pages,
      weights: topicWeights(query.topic, topicCounts),
      nearestInMeaning: sources.find((source) => source.chunkId === nearestInMeaningId),
    };
    const composed = await replyCheckedAgainstSheet(inputs, documentId);
    const { chatModel } = deps;
    // The sheet's Answer and "not addressed" are settled without a model; otherwise a model writes from the passages that answer,
    // also where the sheet's values are only the closest (held back, or a route left unconfirmed): the question may ask what they do not settle.
    const isSheetAnswer = composed.fromSheet && composed.outcome === "answer";
    if (chatModel && composed.outcome !== "not-addressed" && !isSheetAnswer) {
      const forModel = modelSources(question, query, sources, pages, inputs.weights, inputs.nearestInMeaning);
      if ("given" in forModel) {
        const written = yield* modelAnswer(chatModel, question, history, forModel.given, pages, signal);
        return { composed: shownModelAnswer(written, composed), answeredBy: chatModel.id };
      }
    }
    if (composed.points.length > 0) return { composed, answeredBy: EXTRACTIVE_ANSWERER };
    return {
      composed: { ...composed, points: nothingFoundPoints(question, await deps.retrieval.listTopics(documentId)) },
      answeredBy: EXTRACTIVE_ANSWERER,
    };
  }

  /** The answer to one question, streamed, and what is stored with it. */
  async function* answer(
    document: SearchableDocument,
    question: string,
    history: ChatMessage[],
    signal?: AbortSignal,
  ): AsyncGenerator<string, { content: string; metadata: AssistantMetadata }> {
    const { composed, answeredBy } = yield* composeAnswer(document, question, history, signal);
    const content = formatAnswer(composed, document.id);
    // A model's answer streamed as it was written; the extractive answerer's streams now.
    if (answeredBy === EXTRACTIVE_ANSWERER) yield* linesOf(content);
    return {
      content,
      metadata: {
        citations: composed.citations,
        answeredBy,
        droppedCitations: composed.droppedCitations,
        addressed: composed.outcome !== "not-addressed",
        outcome: composed.outcome,
      },
    };
  }

  async function getSession(actor: Actor, sessionId: string): Promise<ChatSessionDetail> {
    const session = await requireSession(actor, sessionId);
    const messages = collapseRepeatedAnswers((await repo.listMessages(session.id)).map(toChatMessage));
    return { session: toSessionSummary(session), messages };
  }

  return {
    async listSessions(actor: Actor): Promise<ChatSessionSummary[]> {
      return (await repo.forUser(actor).listSessions(RECENT_SESSIONS_LOADED)).map(toSessionSummary);
    },

    getSession,

    /** One of the actor's conversations as a Markdown or PDF file, with its citations; not found otherwise. */
    async exportSession(actor: Actor, sessionId: string, format: ChatExportFormat, generatedAt = new Date()): Promise<ConversationExport> {
      const file = exportConversation(await getSession(actor, sessionId), format, generatedAt);
      await deps.audit.record(actor, "chat.exported", { type: "chat", id: sessionId }, { format });
      return file;
    },

    /** One of the actor's answers, for a report about it: its conversation, itself and its document; not found otherwise. */
    async getAnswer(actor: Actor, sessionId: string, messageId: string): Promise<{ sessionId: string; messageId: string; documentId: string }> {
      const answer = await repo.forUser(actor).findAnswer(sessionId, messageId);
      if (!answer) throw new AppError("not_found", "This answer was not found. It may have been deleted.");
      return answer;
    },

    async renameSession(actor: Actor, sessionId: string, title: string): Promise<ChatSessionSummary> {
      const session = await db.transaction(async (tx) => {
        const renamed = await repo.forUser(actor).renameSession(sessionId, title, tx);
        if (renamed) await deps.publishChange({ type: "update", userId: actor.userId, sessionId }, tx);
        return renamed;
      });
      if (!session) throw new AppError("not_found", "Conversation not found.");
      return toSessionSummary(session);
    },

    async deleteSession(actor: Actor, sessionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await repo.forUser(actor).deleteSession(sessionId, tx))) throw new AppError("not_found", "Conversation not found.");
        await deps.publishChange({ type: "delete", userId: actor.userId, sessionId }, tx);
        // A conversation's title is taken from its first question: the log names it by id only.
        await deps.audit.record(actor, "chat.deleted", { type: "chat", id: sessionId }, {}, { tx });
      });
    },

    /** The person opened the document in the chat: what its first question needs is read now, not while they wait for the answer. */
    async prepareDocument(actor: Actor, documentId: string): Promise<void> {
      await deps.retrieval.prepare(await deps.retrieval.requireSearchableDocument(actor, documentId));
    },

    /**
     * Checks the question and stores it (creating the conversation on a first question); the
     * returned events then stream the answer, which is stored only once it is complete.
     */
    async ask(actor: Actor, input: AskQuestionRequest, signal?: AbortSignal): Promise<AsyncGenerator<ChatStreamEvent>> {
      const document = await deps.retrieval.requireSearchableDocument(actor, input.documentId);
      const existing = input.sessionId ? await requireSession(actor, input.sessionId) : undefined;
      if (existing && existing.documentId !== document.id) throw new AppError("validation_failed", "This conversation is about another document.");
      const history = existing ? (await repo.listMessages(existing.id)).map(toChatMessage) : [];
      // The conversation, the question and its audit event commit together, in one write.
      const { session, userMessage } = await db.transaction(async (tx) => {
        const session = existing ?? (await repo.forUser(actor).createSession(document, chatTitleFrom(input.question), tx));
        const userMessage = toChatMessage(await repo.appendMessage(session.id, { role: "user", content: input.question }, tx));
        await deps.publishChange({ type: existing ? "update" : "insert", userId: actor.userId, sessionId: session.id }, tx);
        // Ids only: a question (and its answer) may hold patient details by mistake.
        const details = { documentId: document.id, messageId: userMessage.id };
        await deps.audit.record(actor, "chat.question-asked", { type: "chat", id: session.id }, details, { tx });
        return { session, userMessage };
      });
      const { logger } = deps;

      return (async function* (): AsyncGenerator<ChatStreamEvent> {
        yield { type: "session", session: toSessionSummary({ ...session, messageCount: session.messageCount + 1 }), userMessage };
        try {
          const writing = answer(document, input.question, history, signal);
          let step = await writing.next();
          while (!step.done) {
            yield { type: "delta", text: step.value };
            step = await writing.next();
          }
          if (signal?.aborted) return;
          const { content, metadata } = step.value;
          // One statement, so no transaction: the answer is stored (and counted) before other tabs are told.
          const stored = await repo.appendMessage(session.id, { role: "assistant", content, metadata: { ...metadata } });
          await deps.publishChange({ type: "update", userId: actor.userId, sessionId: session.id }, db);
          yield { type: "done", message: toChatMessage(stored) };
        } catch (error) {
          if (signal?.aborted) return;
          logger.warn({ err: error, sessionId: session.id }, "answer failed");
          const message = error instanceof ChatModelError ? error.message : "The answer could not be generated.";
          yield { type: "error", code: error instanceof ChatModelError ? "model_failed" : "answer_failed", message };
        }
      })();
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
