import { and, eq, isNull, sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client";
import { billingEvents, documentCredits, documentUsageLog, localCheckouts, userSubscriptions } from "../../db/schema/index";

export type SubscriptionRow = typeof userSubscriptions.$inferSelect;
export type NewSubscriptionRow = typeof userSubscriptions.$inferInsert;
export type UsageRow = typeof documentUsageLog.$inferSelect;
export type LocalCheckoutRow = typeof localCheckouts.$inferSelect;

/** Queries for plans, credits and provider events; every read is scoped to one person. */
export function createBillingRepo(db: Database) {
  return {
    async findSubscription(userId: string, tx: Database = db): Promise<SubscriptionRow | undefined> {
      const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId));
      return row;
    },

    /** Holds the person's subscription row until the transaction ends: charges queue up behind it. */
    async lockSubscription(userId: string, tx: Database = db): Promise<SubscriptionRow | undefined> {
      const [row] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.userId, userId)).for("update");
      return row;
    },

    async findUserBySubscription(providerSubscriptionId: string, tx: Database = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ userId: userSubscriptions.userId })
        .from(userSubscriptions)
        .where(eq(userSubscriptions.providerSubscriptionId, providerSubscriptionId));
      return row?.userId;
    },

    async saveSubscription(row: NewSubscriptionRow, tx: Database = db): Promise<void> {
      const { userId: _userId, ...changes } = row;
      await tx.insert(userSubscriptions).values(row).onConflictDoUpdate({ target: userSubscriptions.userId, set: changes });
    },

    /**
     * Purchased credits in total, those spent before `periodStart`, and documents charged to the
     * person's own credits inside the period; refunded charges, and those their organization's
     * plan paid, count nowhere. Without a period nothing counts as used.
     */
    async creditCounts(userId: string, period: { start: Date; end: Date } | null, tx: Database = db) {
      const start = period?.start.toISOString() ?? null;
      const end = period?.end.toISOString() ?? null;
      const [row] = await queryRows<{ purchased: number; purchased_spent_before: number; used: number }>(
        tx,
        sql`
          select
            (select coalesce(sum(quantity), 0)::int from document_credits where user_id = ${userId}) as purchased,
            (select count(*)::int from document_usage_log
              where user_id = ${userId} and refunded_at is null and source = 'purchased'
                and (${start}::timestamptz is null or charged_at < ${start}::timestamptz)) as purchased_spent_before,
            (select count(*)::int from document_usage_log
              where user_id = ${userId} and refunded_at is null and source <> 'organization' and ${start}::timestamptz is not null
                and charged_at >= ${start}::timestamptz and charged_at < ${end}::timestamptz) as used`,
      );
      return { purchased: row!.purchased, purchasedSpentBefore: row!.purchased_spent_before, used: row!.used };
    },

    async findUsage(documentId: string, tx: Database = db): Promise<UsageRow | undefined> {
      const [row] = await tx.select().from(documentUsageLog).where(eq(documentUsageLog.documentId, documentId));
      return row;
    },

    /** Charges the document: a new row, or the refunded one charged again. */
    async charge(input: { userId: string; documentId: string; source: string; organizationId: string | null }, tx: Database = db): Promise<void> {
      await tx
        .insert(documentUsageLog)
        .values(input)
        .onConflictDoUpdate({
          target: documentUsageLog.documentId,
          set: { source: input.source, organizationId: input.organizationId, chargedAt: sql`now()`, refundedAt: null },
          setWhere: sql`${documentUsageLog.refundedAt} is not null`,
        });
    },

    /** Gives a document's credit back; answers whose it was and what paid it, or undefined when nothing was charged. */
    async refund(documentId: string, tx: Database = db): Promise<{ userId: string; source: string } | undefined> {
      const [row] = await tx
        .update(documentUsageLog)
        .set({ refundedAt: sql`now()` })
        .where(and(eq(documentUsageLog.documentId, documentId), isNull(documentUsageLog.refundedAt)))
        .returning({ userId: documentUsageLog.userId, source: documentUsageLog.source });
      return row;
    },

    /** Records a provider event; false when it was already handled (a retry or a replay). */
    async claimEvent(id: string, type: string, tx: Database = db): Promise<boolean> {
      const inserted = await tx.insert(billingEvents).values({ id, type }).onConflictDoNothing().returning({ id: billingEvents.id });
      return inserted.length === 1;
    },

    async addCredits(input: { userId: string; quantity: number; providerReference: string }, tx: Database = db): Promise<boolean> {
      const inserted = await tx.insert(documentCredits).values(input).onConflictDoNothing().returning({ id: documentCredits.id });
      return inserted.length === 1;
    },

    async findLocalCheckout(userId: string, id: string, tx: Database = db): Promise<LocalCheckoutRow | undefined> {
      const [row] = await tx
        .select()
        .from(localCheckouts)
        .where(and(eq(localCheckouts.userId, userId), eq(localCheckouts.id, id)));
      return row;
    },

    /** open → completed or cancelled, once. */
    async closeLocalCheckout(userId: string, id: string, status: "completed" | "cancelled", tx: Database = db): Promise<boolean> {
      const updated = await tx
        .update(localCheckouts)
        .set({ status })
        .where(and(eq(localCheckouts.userId, userId), eq(localCheckouts.id, id), eq(localCheckouts.status, "open")))
        .returning({ id: localCheckouts.id });
      return updated.length === 1;
    },
  };
}

export type BillingRepo = ReturnType<typeof createBillingRepo>;
