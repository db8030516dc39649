import { z } from "zod";

/** The spec's five suggested questions for a new conversation. */
export const suggestedQuestions = [
  "What are the key terms of this contract?",
  "What are the compliance requirements?",
  "What are the payment terms and conditions?",
  "What are the termination clauses?",
  "What are the provider's obligations?",
] as const;

export const CHAT_TITLE_MAX_CHARS = 40;
export const DEFAULT_CHAT_TITLE = "New Chat";
export const RECENT_SESSIONS_LOADED = 20;
export const RECENT_SESSIONS_SHOWN = 5;
export const CHAT_QUESTION_MAX_CHARS = 2000;

/** The spec's title rule: the first question, cut at about 40 characters on a word boundary with '...', without a trailing ? or !. */
export function chatTitleFrom(question: string): string {
  const text = question
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[?!]+$/, "")
    .trim();
  if (!text) return DEFAULT_CHAT_TITLE;
  if (text.length <= CHAT_TITLE_MAX_CHARS) return text;
  const cut = text.slice(0, CHAT_TITLE_MAX_CHARS + 1);
  const boundary = cut.lastIndexOf(" ");
  const head = (boundary > CHAT_TITLE_MAX_CHARS / 2 ? cut.slice(0, boundary) : text.slice(0, CHAT_TITLE_MAX_CHARS)).replace(/[\s,;:.?!-]+$/, "");
  return `${head}...`;
}

export const askQuestionSchema = z.object({
  documentId: z.uuid({ message: "Choose a document to ask about." }),
  sessionId: z.uuid().optional(),
  question: z
    .string()
    .trim()
    .min(1, { message: "Type a question first." })
    .max(CHAT_QUESTION_MAX_CHARS, { message: `Questions can be at most ${CHAT_QUESTION_MAX_CHARS} characters.` }),
});
export type AskQuestion = z.infer<typeof askQuestionSchema>;

export const renameSessionSchema = z.object({
  title: z.string().trim().min(1, { message: "A title cannot be empty." }).max(200, { message: "Titles can be at most 200 characters." }),
});

/** One verified citation of an assistant answer, as stored in the message metadata. */
export interface Citation {
  /** The number the answer's bullets use: [1], [2]… */
  index: number;
  chunkId: string;
  clauseNumber: string | null;
  heading: string;
  page: number;
  /** Verbatim text found on `page`, with its character range in that page's text. */
  quote: string;
  startOffset: number;
  endOffset: number;
}

export interface AssistantMetadata {
  citations: Citation[];
  /** extractive (the embedded answerer) or the configured model's id. */
  answeredBy: string;
  /** Citations that could not be verified against the document: each one's point says so. */
  droppedCitations: number;
  /** False when the answer says the document does not address the question (answers stored before this was kept have none). */
  addressed?: boolean;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  sequenceNumber: number;
  metadata: AssistantMetadata | Record<string, never>;
  createdAt: string;
}

export interface ChatSessionSummary {
  id: string;
  title: string;
  documentId: string;
  /** The source document's filename; null shows as 'Unknown Document'. */
  documentFilename: string | null;
  messageCount: number;
  updatedAt: string;
}

export interface ChatSessionDetail {
  session: ChatSessionSummary;
  messages: ChatMessage[];
}

/**
 * The answer stream of POST /api/chat/messages, one JSON object per line (NDJSON):
 * session first, then text deltas as produced, then the stored message (its content may be
 * reformatted from the deltas after verification), or an error — after which nothing was stored.
 */
export type ChatStreamEvent =
  | { type: "session"; session: ChatSessionSummary; userMessage: ChatMessage }
  | { type: "delta"; text: string }
  | { type: "done"; message: ChatMessage }
  | { type: "error"; code: string; message: string };

/** One ranked passage of a document (GET /api/documents/:id/search and the chat's sources). */
export interface SearchPassage {
  chunkId: string;
  clauseNumber: string | null;
  heading: string;
  headingPath: string[];
  pageStart: number;
  pageEnd: number;
  text: string;
  score: number;
}

/** Where a citation opens: the document view at the cited page with the quote highlighted. */
/** Whether a link in an answer is one of its citations: the only links an answer may carry. */
export function isCitationHref(href: string | undefined): boolean {
  return href !== undefined && /^\/app\/documents\/[0-9a-f-]{36}\?/.test(href);
}

export function citationHref(documentId: string, citation: Pick<Citation, "page" | "quote">): string {
  const params = new URLSearchParams({ page: String(citation.page), q: citation.quote });
  return `/app/documents/${documentId}?${params.toString()}`;
}

/** The spec: consecutive duplicate assistant messages are collapsed when a conversation loads. */
export function collapseRepeatedAnswers<Message extends Pick<ChatMessage, "role" | "content">>(messages: readonly Message[]): Message[] {
  return messages.filter(
    (message, index) =>
      !(index > 0 && message.role === "assistant" && messages[index - 1]!.role === "assistant" && messages[index - 1]!.content === message.content),
  );
}
