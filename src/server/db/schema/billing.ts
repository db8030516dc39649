import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { documents } from "./documents";
import { organizations } from "./organizations";

/** One subscription per person, as the payment provider last reported it. */
export const userSubscriptions = pgTable("user_subscriptions", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** basic | pro */
  planKey: text().notNull(),
  /** Stripe's statuses: active, trialing, past_due, canceled, incomplete, incomplete_expired, unpaid, paused */
  status: text().notNull(),
  currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean().notNull().default(false),
  /** local | stripe */
  provider: text().notNull(),
  /** The provider's ids: Stripe's cus_… and sub_…, or the local provider's own. */
  providerCustomerId: text(),
  providerSubscriptionId: text().unique(),
  /** When the provider produced the state stored here; older reports arriving late are ignored. */
  providerStateAt: timestamp({ withTimezone: true }).notNull(),
  ...timestamps,
});

/** Purchased one-time credits; each fulfilled checkout adds exactly one row. */
export const documentCredits = pgTable(
  "document_credits",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quantity: integer().notNull(),
    /** The checkout that paid for them (Stripe checkout session id or local checkout id). */
    providerReference: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId), check("document_credits_quantity_positive", sql`${table.quantity} > 0`)],
);

/**
 * One row per charged document: the unique document id is what makes a charge happen once.
 * The row outlives the document (set null), so deleting a processed document gives no credit back.
 */
export const documentUsageLog = pgTable(
  "document_usage_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: uuid().references(() => documents.id, { onDelete: "set null" }),
    /** plan | purchased | organization: which kind of credit paid, so unused purchases carry over. */
    source: text().notNull(),
    /** The organization whose plan paid (source organization); null for the person's own credits. */
    organizationId: uuid().references(() => organizations.id, { onDelete: "set null" }),
    chargedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when processing failed for a reason of ours: the credit is given back. */
    refundedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex().on(table.documentId),
    index().on(table.userId, table.chargedAt),
    index("document_usage_log_organization_charged_at")
      .on(table.organizationId, table.chargedAt)
      .where(sql`${table.organizationId} is not null`),
  ],
);

/** Provider events already handled (Stripe retries and replays deliver the same id again). */
export const billingEvents = pgTable("billing_events", {
  id: text().primaryKey(),
  type: text().notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Checkouts of the embedded test-mode provider, confirmed on its local page. */
export const localCheckouts = pgTable("local_checkouts", {
  id: uuid().primaryKey().defaultRandom(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** subscription | credit */
  kind: text().notNull(),
  planKey: text(),
  /** open | completed | cancelled */
  status: text().notNull().default("open"),
  ...timestamps,
});
