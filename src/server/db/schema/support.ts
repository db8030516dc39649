import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Feedback, help requests and problem reports, kept as sent; each is also emailed to the support
 * address by an `email.send` job enqueued in the same transaction.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Closing the account removes what the person sent with everything else of theirs. */
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** feedback | help | problem_report */
    kind: text().notNull(),
    /** The dialog's category; null for a problem report, which is about one answer. */
    category: text(),
    message: text().notNull(),
    /** Where the person asked to be answered; null when they gave no address. */
    contactEmail: text(),
    /** The page they were on, with its query. */
    path: text().notNull(),
    // A problem report's answer, as the email named it. No foreign keys: the record says what was
    // reported even after the conversation or document is deleted, and deleting those never has
    // to look through this table.
    chatSessionId: uuid(),
    chatMessageId: uuid(),
    documentId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId, table.createdAt)],
);
