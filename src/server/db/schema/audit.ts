import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { AuditDetailValue } from "../../../core/audit/chain";

/**
 * The audit log (issue 19, ADR 020): append-only, one hash chain per organization (`chain` is
 * the organization id, or "platform"). No foreign keys: an event says who did what to what even
 * after the person, document or organization is gone. A trigger refuses UPDATE and DELETE except
 * inside `audit_prune_chain`, the retention job's own function (ADR 031).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    chain: text().notNull(),
    /** 1, 2, 3… within the chain, without gaps. */
    seq: bigint({ mode: "number" }).notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** Whose log shows the event: the actor's organization, or the organization acted on. */
    organizationId: uuid(),
    actorUserId: text(),
    /** As they were at the time. */
    actorEmail: text(),
    actorRole: text(),
    actorOrganizationId: uuid(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    /** The target's name at the time (a file name, an address, an organization's name). */
    targetName: text(),
    /** success | denied | failed */
    outcome: text().notNull(),
    ip: text(),
    userAgent: text(),
    requestId: text(),
    /** Allowed keys only (core/audit/redaction.ts). */
    details: jsonb().$type<Record<string, AuditDetailValue>>().notNull().default({}),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (table) => [
    uniqueIndex("audit_events_chain_seq").on(table.chain, table.seq),
    index("audit_events_organization_time").on(table.organizationId, table.occurredAt.desc()),
    index("audit_events_actor_time").on(table.actorUserId, table.occurredAt.desc()),
    index("audit_events_time").on(table.occurredAt.desc()),
    index("audit_events_action_time").on(table.action, table.occurredAt.desc()),
    index("audit_events_target").on(table.targetType, table.targetId),
  ],
);

/**
 * Each chain's last link, locked in the transaction that appends to it, so appends from any number
 * of processes stay one line; and, once the retention job has pruned, the last pruned link, where
 * verification starts.
 */
export const auditChainHeads = pgTable("audit_chain_heads", {
  chain: text().primaryKey(),
  seq: bigint({ mode: "number" }).notNull(),
  hash: text().notNull(),
  prunedThroughSeq: bigint({ mode: "number" }).notNull().default(0),
  prunedThroughHash: text()
    .notNull()
    .default(sql`repeat('0', 64)`),
  /**
   * The first seq hashed with the audit secret (HMAC); events before it were chained with plain
   * SHA-256 before chains were keyed (ADR 031). 1 for every chain begun since.
   */
  keyedFromSeq: bigint({ mode: "number" }).notNull().default(1),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The transactions inside `audit_prune_chain` while it deletes: the append-only trigger lets a
 * DELETE through only for a transaction listed here, and only that function (owned by the
 * migration role, SECURITY DEFINER) may write it (ADR 031). Empty outside those moments.
 */
export const auditPruningTransactions = pgTable("audit_pruning_transactions", {
  transactionId: bigint({ mode: "number" }).primaryKey(),
});
