import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters shared by every process (key = scope:ip or scope:email). */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text().primaryKey(),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
});
