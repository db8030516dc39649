import type { AnswerOutcome, ChatMessage, Citation } from "./contracts/chat";
import { paths, withQuery } from "./paths";

// The rag core reads the Citation type from here; its home is the chat contract.
export type { Citation } from "./contracts/chat";

/** Each outcome's name: the title an answer's markdown begins with, the chat's badge and the exported transcript's heading. */
export const outcomeLabels: Record<AnswerOutcome, string> = {
  answer: "Answer",
  closest: "Closest passages",
  "not-addressed": "Not addressed",
};

/** What a Closest reply says before its passages. */
export const CLOSEST_INTRODUCTION = "I could not confirm an answer in this contract. The closest clauses are:";

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
/** The spec's name for a conversation whose document is gone. */
export const UNKNOWN_DOCUMENT = "Unknown Document";

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

/** Whether a link in an answer is one of its citations: the only links an answer may carry. */
export function isCitationHref(href: string | undefined): boolean {
  return href !== undefined && href.startsWith(`${paths.documents}/`) && /^[0-9a-f-]{36}\?/.test(href.slice(paths.documents.length + 1));
}

/** Where a citation opens: the document view at the cited page with the quote highlighted. */
export function citationHref(documentId: string, citation: Pick<Citation, "page" | "quote">): string {
  return withQuery(paths.document(documentId), { page: String(citation.page), q: citation.quote });
}

/** A citation's link read back: the document, page and quote it opens at; undefined for any other link. */
export function parseCitationHref(href: string | undefined): { documentId: string; page: number; quote: string } | undefined {
  if (!isCitationHref(href)) return undefined;
  const url = new URL(href!, "http://citation.invalid");
  const page = Number.parseInt(url.searchParams.get("page") ?? "", 10);
  const quote = url.searchParams.get("q") ?? "";
  const documentId = url.pathname.slice(paths.documents.length + 1);
  return Number.isFinite(page) && page >= 1 ? { documentId, page, quote } : undefined;
}

/** The spec: consecutive duplicate assistant messages are collapsed when a conversation loads. */
export function collapseRepeatedAnswers<Message extends Pick<ChatMessage, "role" | "content">>(messages: readonly Message[]): Message[] {
  return messages.filter(
    (message, index) =>
      !(index > 0 && message.role === "assistant" && messages[index - 1]!.role === "assistant" && messages[index - 1]!.content === message.content),
  );
}
