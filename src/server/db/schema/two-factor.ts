import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/**
 * Better Auth's two-factor plugin's table (ADR 029): a person's authenticator secret and recovery
 * codes, both encrypted with AUTH_SECRET; unverified until the first code confirms the set-up.
 */
export const twoFactors = pgTable("two_factors", {
  id: text().primaryKey(),
  userId: text()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text().notNull(),
  backupCodes: text().notNull(),
  verified: boolean().notNull().default(false),
  /** Wrong codes in a row at sign-in; at 10 the account's second step is locked for 15 minutes. */
  failedVerificationCount: integer().notNull().default(0),
  lockedUntil: timestamp({ withTimezone: true }),
  ...timestamps,
});
