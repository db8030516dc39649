import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { documents } from "./documents";

export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Deleting a document removes the conversations about it (spec: derived artifacts go with it). */
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    title: text().notNull(),
    messageCount: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index().on(table.userId, table.updatedAt),
    // The platform console's conversations, newest first across everyone, and Recent Activity.
    index("chat_sessions_updated_at").on(table.updatedAt.desc()),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid()
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    /** user | assistant */
    role: text().notNull(),
    content: text().notNull(),
    sequenceNumber: integer().notNull(),
    /** Assistant messages: citations (chunk, clause, page, quote, offsets) and how the answer was made. */
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex().on(table.sessionId, table.sequenceNumber)],
);
