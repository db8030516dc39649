import { z } from "zod";
import { exportFormatQuery, typedText } from "./fields";

/** /api/chat: conversations about one document and their streamed answers; /api/documents/:id/search, the chat's retrieval. */

export const CHAT_QUESTION_MAX_CHARS = 2000;
export const SESSION_TITLE_MAX_CHARS = 200;
export const SEARCH_QUERY_MAX_CHARS = 500;

/** POST /api/chat/messages: a question about a document, in a new session or a stored one about the same document. */
export const askQuestionRequestSchema = z.object({
  documentId: z.uuid({ message: "Choose a document to ask about." }),
  sessionId: z.uuid().optional(),
  question: typedText(CHAT_QUESTION_MAX_CHARS, {
    blank: "Type a question first.",
    tooLong: `Questions can be at most ${CHAT_QUESTION_MAX_CHARS} characters.`,
  }),
});
export type AskQuestionRequest = z.infer<typeof askQuestionRequestSchema>;

/** PATCH /api/chat/sessions/:id */
export const renameSessionRequestSchema = z.object({
  title: typedText(SESSION_TITLE_MAX_CHARS, { blank: "A title cannot be empty.", tooLong: `Titles can be at most ${SESSION_TITLE_MAX_CHARS} characters.` }),
});
export type RenameSessionRequest = z.infer<typeof renameSessionRequestSchema>;

/** GET /api/chat/sessions/:id/export?format=: the conversation with its citations, as a file to keep or send. */
export const chatExportFormats = ["markdown", "pdf"] as const;
export type ChatExportFormat = (typeof chatExportFormats)[number];
export const chatExportQuerySchema = exportFormatQuery(chatExportFormats, "Choose Markdown or PDF to download the conversation.");
export type ChatExportQuery = z.infer<typeof chatExportQuerySchema>;

/** GET /api/documents/:id/search?q= */
export const documentSearchQuerySchema = z.object({
  q: typedText(SEARCH_QUERY_MAX_CHARS, { blank: "Type something to search for.", tooLong: `Searches can be at most ${SEARCH_QUERY_MAX_CHARS} characters.` }),
});
export type DocumentSearchQuery = z.input<typeof documentSearchQuerySchema>;

/** One verified citation of an assistant answer, as stored in the message metadata. */
export const citationSchema = z.object({
  /** The number the answer's bullets use: [1], [2]… */
  index: z.number().int(),
  chunkId: z.string(),
  clauseNumber: z.string().nullable(),
  heading: z.string(),
  page: z.number().int(),
  /** Verbatim text found on `page`, with its character range in that page's text. */
  quote: z.string(),
  startOffset: z.number().int(),
  endOffset: z.number().int(),
});
export type Citation = z.infer<typeof citationSchema>;

/**
 * What an answer is: a fact read from a cited sentence that is about what was asked ("answer"),
 * the passages nearest the question when no sentence could be confirmed to answer it ("closest"),
 * or a statement that the contract does not appear to address it ("not-addressed").
 */
export const answerOutcomes = ["answer", "closest", "not-addressed"] as const;
export type AnswerOutcome = (typeof answerOutcomes)[number];

export const assistantMetadataSchema = z.object({
  citations: z.array(citationSchema),
  /** extractive (the embedded answerer) or the configured model's id. */
  answeredBy: z.string(),
  /** Citations that could not be verified against the document: each one's point says so. */
  droppedCitations: z.number().int(),
  /** False when the answer says the document does not address the question (answers stored before this was kept have none). */
  addressed: z.boolean().optional(),
  /** Answers stored before the three outcomes were kept have none. */
  outcome: z.enum(answerOutcomes).optional(),
});
export type AssistantMetadata = z.infer<typeof assistantMetadataSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  sequenceNumber: z.number().int(),
  /** An assistant answer's; a question's is empty. */
  metadata: z.union([assistantMetadataSchema, z.record(z.string(), z.never())]),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatSessionSummarySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  documentId: z.uuid(),
  /** The source document's filename; null shows as 'Unknown Document'. */
  documentFilename: z.string().nullable(),
  messageCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type ChatSessionSummary = z.infer<typeof chatSessionSummarySchema>;

/** GET /api/chat/sessions */
export const chatSessionListResponseSchema = z.object({ sessions: z.array(chatSessionSummarySchema) });
export type ChatSessionListResponse = z.infer<typeof chatSessionListResponseSchema>;

/** GET /api/chat/sessions/:id */
export const chatSessionDetailSchema = z.object({ session: chatSessionSummarySchema, messages: z.array(chatMessageSchema) });
export type ChatSessionDetail = z.infer<typeof chatSessionDetailSchema>;

/** PATCH /api/chat/sessions/:id */
export const chatSessionResponseSchema = z.object({ session: chatSessionSummarySchema });
export type ChatSessionResponse = z.infer<typeof chatSessionResponseSchema>;

/**
 * The answer stream of POST /api/chat/messages, one JSON object per line (NDJSON):
 * session first, then text deltas as produced, then the stored message (its content may be
 * reformatted from the deltas after verification), or an error — after which nothing was stored.
 */
export const chatStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("session"), session: chatSessionSummarySchema, userMessage: chatMessageSchema }),
  z.object({ type: z.literal("delta"), text: z.string() }),
  z.object({ type: z.literal("done"), message: chatMessageSchema }),
  z.object({ type: z.literal("error"), code: z.enum(["model_failed", "answer_failed"]), message: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;

/** One ranked passage of a document (GET /api/documents/:id/search and the chat's sources). */
export const searchPassageSchema = z.object({
  chunkId: z.string(),
  clauseNumber: z.string().nullable(),
  heading: z.string(),
  headingPath: z.array(z.string()),
  pageStart: z.number().int(),
  pageEnd: z.number().int(),
  text: z.string(),
  score: z.number(),
});
export type SearchPassage = z.infer<typeof searchPassageSchema>;

/** GET /api/documents/:id/search */
export const documentSearchResponseSchema = z.object({ passages: z.array(searchPassageSchema) });
export type DocumentSearchResponse = z.infer<typeof documentSearchResponseSchema>;
