import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The embedded mailer's outbox: every message, readable at /dev/mailbox on the local machine. */
export const outboxEmails = pgTable(
  "outbox_emails",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.to, table.createdAt)],
);
