import type {
  AskQuestionRequest,
  ChatExportFormat,
  ChatSessionDetail,
  ChatSessionListResponse,
  ChatSessionResponse,
  ChatStreamEvent,
  RenameSessionRequest,
} from "../../../shared/contracts/chat";
import { apiRequest as request, asConnectionError, errorFromAnswer, fetchAnswer } from "../../lib/api-client";

const base = "/api/chat";
const sessionPath = (id: string) => `${base}/sessions/${encodeURIComponent(id)}`;

/** The conversation as a file, for a link the browser downloads (GET /api/chat/sessions/:id/export). */
export const conversationExportUrl = (id: string, format: ChatExportFormat) => `${sessionPath(id)}/export?format=${format}`;

export const chatApi = {
  listSessions: async () => (await request<ChatSessionListResponse>(`${base}/sessions`)).sessions,
  getSession: (id: string) => request<ChatSessionDetail>(sessionPath(id)),
  renameSession: async (id: string, title: string) =>
    (await request<ChatSessionResponse>(sessionPath(id), { method: "PATCH", body: { title } satisfies RenameSessionRequest })).session,
  /** Asks the server to read a document the person opened, so their first question does not wait for it. */
  prepareDocument: (documentId: string) => request<void>(`${base}/documents/${encodeURIComponent(documentId)}/preparation`, { method: "POST" }),
  // Sent when a deleted chat's undo window ends, which may be as its tab closes.
  deleteSession: (id: string) => request<void>(sessionPath(id), { method: "DELETE", keepalive: true }),
};

/** Thrown when an answer stream ends before its `done` or `error` line. */
export class StreamCutError extends Error {
  constructor() {
    super("The connection closed before the answer was complete.");
    this.name = "StreamCutError";
  }
}

/**
 * POST /api/chat/messages: calls `onEvent` for each NDJSON line as it arrives. Refusals before
 * streaming (validation, unknown document or session) throw the server's ApiError; no connection,
 * before or during the answer, a ConnectionError.
 */
export async function askQuestion(question: AskQuestionRequest, onEvent: (event: ChatStreamEvent) => void, signal: AbortSignal): Promise<void> {
  const response = await fetchAnswer(`${base}/messages`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/x-ndjson" },
    body: JSON.stringify(question),
    credentials: "same-origin",
    signal,
  });
  if (!response.ok || !response.body) throw errorFromAnswer(response.status, await response.text());

  let isFinished = false;
  const emit = (line: string) => {
    if (!line.trim()) return;
    const event = JSON.parse(line) as ChatStreamEvent;
    if (event.type === "done" || event.type === "error") isFinished = true;
    onEvent(event);
  };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    // A connection lost mid-answer fails the read, as going offline fails the request.
    const { value, done } = await reader.read().catch((error: unknown) => {
      throw asConnectionError(error);
    });
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split("\n");
    // The last piece may be half a line; it waits for the next chunk.
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (signal.aborted) return;
      emit(line);
    }
  }
  emit(buffered + decoder.decode());
  if (!isFinished) throw new StreamCutError();
}
