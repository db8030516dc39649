import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { UserScope } from "../../../core/access/actor";
import type { ChatMessage, ChatSessionSummary } from "../../../shared/contracts/chat";
import type { Database } from "../../db/client";
import { chatMessages, chatSessions, documents } from "../../db/schema/index";
import type { OwnedDocumentId } from "../documents/documents.repo";

/** A session's own columns; a summary adds its document's name, joined from documents. */
const ownSessionColumns = {
  id: chatSessions.id,
  title: chatSessions.title,
  documentId: chatSessions.documentId,
  messageCount: chatSessions.messageCount,
  updatedAt: chatSessions.updatedAt,
};
const sessionColumns = { ...ownSessionColumns, documentFilename: documents.filename };

type SessionRow = Omit<ChatSessionSummary, "updatedAt"> & { updatedAt: Date };
type MessageRow = typeof chatMessages.$inferSelect;

export function toSessionSummary(row: SessionRow): ChatSessionSummary {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role as ChatMessage["role"],
    content: row.content,
    sequenceNumber: row.sequenceNumber,
    metadata: row.metadata as ChatMessage["metadata"],
    createdAt: row.createdAt.toISOString(),
  };
}

export function createChatRepo(db: Database) {
  return {
    /** One user's conversations: another user's are never found. */
    forUser({ userId }: UserScope) {
      const findSession = async (id: string, tx: Database = db) => {
        const [row] = await tx
          .select(sessionColumns)
          .from(chatSessions)
          .leftJoin(documents, eq(documents.id, chatSessions.documentId))
          .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)));
        return row;
      };

      return {
        findSession,

        listSessions(limit: number) {
          return db
            .select(sessionColumns)
            .from(chatSessions)
            .leftJoin(documents, eq(documents.id, chatSessions.documentId))
            .where(eq(chatSessions.userId, userId))
            .orderBy(desc(chatSessions.updatedAt))
            .limit(limit);
        },

        /** The new conversation as findSession reads it; the document's name comes from the caller, which has just read it. */
        async createSession(document: { id: OwnedDocumentId; filename: string }, title: string, tx: Database = db): Promise<SessionRow> {
          const [row] = await tx.insert(chatSessions).values({ userId, documentId: document.id, title }).returning(ownSessionColumns);
          return { ...row!, documentFilename: document.filename };
        },

        async renameSession(id: string, title: string, tx: Database = db) {
          const [row] = await tx
            .update(chatSessions)
            .set({ title })
            .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
            .returning({ id: chatSessions.id });
          return row ? findSession(id, tx) : undefined;
        },

        /** An assistant answer in one of the user's conversations, with the document it is about. */
        async findAnswer(sessionId: string, messageId: string) {
          const [row] = await db
            .select({ sessionId: chatSessions.id, messageId: chatMessages.id, documentId: chatSessions.documentId })
            .from(chatMessages)
            .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
            .where(and(eq(chatMessages.id, messageId), eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId), eq(chatMessages.role, "assistant")));
          return row;
        },

        async deleteSession(id: string, tx: Database = db): Promise<boolean> {
          const rows = await tx
            .delete(chatSessions)
            .where(and(eq(chatSessions.id, id), eq(chatSessions.userId, userId)))
            .returning({ id: chatSessions.id });
          return rows.length > 0;
        },
      };
    },

    listMessages(sessionId: string) {
      return db.select().from(chatMessages).where(eq(chatMessages.sessionId, sessionId)).orderBy(asc(chatMessages.sequenceNumber));
    },

    /**
     * Appends a message as the session's next one and counts it, in one statement: the session's count moves (its row locked, so two messages at once take turns)
     * and the message takes the new count as its sequence number.
     */
    async appendMessage(sessionId: string, message: { role: ChatMessage["role"]; content: string; metadata?: Record<string, unknown> }, tx: Database = db) {
      const counted = tx.$with("counted").as(
        tx
          .update(chatSessions)
          .set({ messageCount: sql`${chatSessions.messageCount} + 1` })
          .where(eq(chatSessions.id, sessionId))
          .returning({ messageCount: chatSessions.messageCount }),
      );
      const [row] = await tx
        .with(counted)
        .insert(chatMessages)
        .values({
          sessionId,
          role: message.role,
          content: message.content,
          metadata: message.metadata ?? {},
          sequenceNumber: sql`(select ${counted.messageCount} from ${counted})`,
        })
        .returning();
      return row!;
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
