import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { collapseRepeatedAnswers } from "../../../shared/chat";
import type { AnswerOutcome, ChatMessage, ChatStreamEvent } from "../../../shared/contracts/chat";
import { paths } from "../../../shared/paths";
import { errorMessage, isApiError } from "../../lib/api-client";
import { askQuestion, chatApi } from "./chat-api";
import { chatKeys } from "./use-chat-sessions";

export const FAILED_ANSWER_TEXT = "Sorry—there was a problem generating a response.";

/**
 * One bubble. `pending` waits for the first streamed text; `failed` shows FAILED_ANSWER_TEXT.
 * A bubble begun here keeps its local id when the stored message replaces it, so it is not redrawn.
 */
export interface ChatTurn {
  id: string;
  /** The stored message's id, once the server has stored it. */
  messageId?: string;
  role: ChatMessage["role"];
  content: string;
  createdAt: string;
  status: "pending" | "streaming" | "done" | "failed";
  /** A stored answer's outcome; a streamed one's is read from its title until the stored message arrives. */
  outcome?: AnswerOutcome;
}

interface Conversation {
  /** Bumped whenever the conversation is replaced, so a stream still running for the old one is ignored. */
  generation: number;
  sessionId: string | null;
  /** False while an opened session's messages are still to be loaded from the server. */
  isHydrated: boolean;
  documentId: string | null;
  turns: ChatTurn[];
  error: string | null;
  isSending: boolean;
}

function conversationFor(sessionId: string | null, documentId: string | null, generation: number): Conversation {
  return { generation, sessionId, isHydrated: sessionId === null, documentId: sessionId ? null : documentId, turns: [], error: null, isSending: false };
}

function turnFrom(message: ChatMessage): ChatTurn {
  const turn: ChatTurn = { id: message.id, messageId: message.id, role: message.role, content: message.content, createdAt: message.createdAt, status: "done" };
  if (message.role !== "assistant") return turn;
  // Answers stored before the three outcomes were kept have none: they were all answers.
  return { ...turn, outcome: ("outcome" in message.metadata ? message.metadata.outcome : undefined) ?? "answer" };
}

/** A session id the server refuses to show: missing, someone else's, or not an id at all. */
function isUnknownSession(error: unknown): boolean {
  return isApiError(error, "bad_request", "not_found", "validation_failed");
}

/**
 * The conversation on /app/chat, driven by the URL: `?session=` opens a stored session,
 * `?document=` starts a new chat about that document, and any other navigation to /app/chat
 * (New Chat, the parameter removed) starts afresh. The first answer's session event puts the
 * new session's id in the URL without reloading the conversation.
 */
export function useConversation() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const urlSessionId = searchParams.get("session");
  const urlDocumentId = searchParams.get("document");

  const [conversation, setConversation] = useState(() => conversationFor(urlSessionId, urlDocumentId, 0));
  const [locationKey, setLocationKey] = useState(location.key);
  if (location.key !== locationKey) {
    setLocationKey(location.key);
    if (urlSessionId === null || urlSessionId !== conversation.sessionId) {
      setConversation(conversationFor(urlSessionId, urlDocumentId, conversation.generation + 1));
    }
  }

  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), [conversation.generation]);

  const sessionQuery = useQuery({
    queryKey: chatKeys.session(conversation.sessionId ?? ""),
    queryFn: () => chatApi.getSession(conversation.sessionId ?? ""),
    enabled: conversation.sessionId !== null && !conversation.isHydrated,
    // Loaded once into the conversation; opening the session again must read it afresh.
    gcTime: 0,
  });
  const detail = sessionQuery.data;
  if (!conversation.isHydrated && detail && detail.session.id === conversation.sessionId) {
    setConversation({
      ...conversation,
      isHydrated: true,
      documentId: detail.session.documentId,
      turns: collapseRepeatedAnswers(detail.messages).map(turnFrom),
    });
  }

  const isSessionUnknown = !conversation.isHydrated && isUnknownSession(sessionQuery.error);
  useEffect(() => {
    if (isSessionUnknown) navigate(paths.chat, { replace: true });
  }, [isSessionUnknown, navigate]);

  const localIds = useRef(0);
  async function send(rawQuestion: string): Promise<void> {
    const question = rawQuestion.trim();
    const { documentId, sessionId, generation, isSending, isHydrated } = conversation;
    if (!question || !documentId || isSending || !isHydrated) return;

    const controller = new AbortController();
    abortRef.current = controller;
    localIds.current += 1;
    const userTurnId = `local-question-${localIds.current}`;
    const answerId = `local-answer-${localIds.current}`;
    const now = new Date().toISOString();
    const update = (change: (current: Conversation) => Conversation) =>
      setConversation((current) => (current.generation === generation ? change(current) : current));
    const updateTurn = (id: string, change: (turn: ChatTurn) => ChatTurn) =>
      update((current) => ({ ...current, turns: current.turns.map((turn) => (turn.id === id ? change(turn) : turn)) }));
    const fail = (detailText: string) => {
      updateTurn(answerId, (turn) => ({ ...turn, content: FAILED_ANSWER_TEXT, status: "failed" }));
      update((current) => ({ ...current, error: detailText }));
    };

    update((current) => ({
      ...current,
      isSending: true,
      error: null,
      turns: [
        ...current.turns,
        { id: userTurnId, role: "user", content: question, createdAt: now, status: "done" },
        { id: answerId, role: "assistant", content: "", createdAt: now, status: "pending" },
      ],
    }));

    const onEvent = (event: ChatStreamEvent) => {
      switch (event.type) {
        case "session":
          update((current) => ({ ...current, sessionId: event.session.id }));
          updateTurn(userTurnId, (turn) => ({ ...turnFrom(event.userMessage), id: turn.id }));
          if (sessionId === null) navigate(paths.chatSession(event.session.id), { replace: true });
          void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
          break;
        case "delta":
          updateTurn(answerId, (turn) => ({ ...turn, content: turn.content + event.text, status: "streaming" }));
          break;
        case "done":
          updateTurn(answerId, (turn) => ({ ...turnFrom(event.message), id: turn.id }));
          void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
          break;
        case "error":
          fail(event.message);
          break;
      }
    };

    try {
      await askQuestion({ documentId, question, ...(sessionId ? { sessionId } : {}) }, onEvent, controller.signal);
    } catch (error) {
      if (!controller.signal.aborted) fail(errorMessage(error));
    } finally {
      update((current) => ({ ...current, isSending: false }));
      if (abortRef.current === controller) abortRef.current = null;
    }
  }

  return {
    conversation,
    // An unknown session keeps showing as loading until the reset to a new chat lands.
    isLoadingSession: !conversation.isHydrated && !(sessionQuery.isError && !isSessionUnknown),
    /** The stored session's load failure while it shows, else null. */
    loadFailed: !conversation.isHydrated && !isSessionUnknown ? sessionQuery.error : null,
    retryLoad: () => void sessionQuery.refetch(),
    send,
    chooseDocument: (documentId: string) => navigate(paths.chatAbout(documentId)),
  };
}
