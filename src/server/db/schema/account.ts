import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/**
 * An email change waiting for its two confirmations (spec section 4): a code to the old address
 * and one to the new, each kept as an HMAC under the server's secret. One per account; a new
 * request replaces it. The address changes only once both are confirmed.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    oldEmail: text().notNull(),
    newEmail: text().notNull(),
    oldCodeHash: text().notNull(),
    newCodeHash: text().notNull(),
    oldConfirmedAt: timestamp({ withTimezone: true }),
    newConfirmedAt: timestamp({ withTimezone: true }),
    /** Wrong codes typed for either address; at the limit the change is dropped and must be asked again. */
    failedAttempts: integer().notNull().default(0),
    /** The session that asked: it stays signed in when the change takes effect, every other one ends. */
    requestedBySessionId: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index().on(table.oldEmail), index().on(table.newEmail)],
);
