import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import {
  chainDigests,
  chainOf,
  findChainBreak,
  GENESIS_HASH,
  hashEvent,
  type ChainBreak,
  type ChainedContent,
  type StoredChainEvent,
} from "../../../core/audit/chain";
import type { ChainNow, CheckpointedChain } from "../../../core/audit/checkpoint";
import { securityAuditActions } from "../../../shared/audit";
import { queryRows, type Database } from "../../db/client";
import { auditChainHeads, auditEvents, organizationMembers, users } from "../../db/schema/index";
import type { AuditKeys } from "./audit-keys";

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "$with" | "with">;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<ChainedContent, "chain" | "seq">;

/** Whose events a reader may see: their own security events, their organization's, or all. */
export type AuditScope = { kind: "own"; userId: string } | { kind: "organization"; organizationId: string } | { kind: "platform" };

export interface AuditFilters {
  actor?: string;
  action?: string;
  target?: string;
  from?: Date;
  to?: Date;
}

const VERIFY_BATCH = 1000;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function scopeCondition(scope: AuditScope): SQL | undefined {
  if (scope.kind === "own") return and(eq(auditEvents.actorUserId, scope.userId), inArray(auditEvents.action, [...securityAuditActions]));
  if (scope.kind === "organization") return eq(auditEvents.organizationId, scope.organizationId);
  return undefined;
}

function filterConditions(filters: AuditFilters): (SQL | undefined)[] {
  return [
    filters.actor ? or(eq(auditEvents.actorUserId, filters.actor), ilike(auditEvents.actorEmail, likePattern(filters.actor))) : undefined,
    filters.action ? eq(auditEvents.action, filters.action) : undefined,
    filters.target ? or(eq(auditEvents.targetId, filters.target), ilike(auditEvents.targetName, likePattern(filters.target))) : undefined,
    filters.from ? gte(auditEvents.occurredAt, filters.from) : undefined,
    filters.to ? lte(auditEvents.occurredAt, filters.to) : undefined,
  ];
}

export function createAuditRepo(db: Database, keys: AuditKeys) {
  /** The chain's head row, locked until the transaction ends: appends to one chain wait for each other, in any process. */
  async function lockHead(chain: string, tx: Executor) {
    const lock = () => tx.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain)).for("update");
    let [head] = await lock();
    if (!head) {
      await tx.insert(auditChainHeads).values({ chain, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
      [head] = await lock();
    }
    return head!;
  }

  /** Appends one event behind its chain's locked head, keyed, and moves the head to it. */
  async function appendLocked(event: NewAuditEvent, tx: Executor): Promise<void> {
    const chain = chainOf(event.organizationId);
    const head = await lockHead(chain, tx);
    const content: ChainedContent = { ...event, chain, seq: head.seq + 1 };
    const hash = hashEvent(keys.keyed, head.hash, content);
    // One statement: a data-modifying WITH runs whether or not the update reads it.
    const inserted = tx.$with("inserted").as(
      tx
        .insert(auditEvents)
        .values({ ...content, prevHash: head.hash, hash })
        .returning({ id: auditEvents.id }),
    );
    await tx.with(inserted).update(auditChainHeads).set({ seq: content.seq, hash, updatedAt: new Date() }).where(eq(auditChainHeads.chain, chain));
  }

  return {
    /** Appends one event to its organization's chain, inside `tx`: it exists only if the transaction commits. */
    append: appendLocked,

    /** Appends one event in a transaction of its own: written (committed) when this resolves. */
    appendAlone(event: NewAuditEvent): Promise<void> {
      return db.transaction((tx) => appendLocked(event, tx));
    },

    /** Who a person is in the log when the request has no actor yet (sign-in): their address and active membership. */
    async findPerson(by: { userId: string } | { email: string }, tx: Executor = db) {
      const [person] = await tx
        .select({
          userId: users.id,
          email: users.email,
          platformRole: users.role,
          organizationId: organizationMembers.organizationId,
          organizationRole: organizationMembers.role,
        })
        .from(users)
        .leftJoin(organizationMembers, and(eq(organizationMembers.userId, users.id), eq(organizationMembers.status, "active")))
        .where("userId" in by ? eq(users.id, by.userId) : eq(sql`lower(${users.email})`, by.email.toLowerCase()))
        .limit(1);
      return person;
    },

    /** One page of a scope's events, newest first, with one more row than asked to tell whether another page follows. */
    list(scope: AuditScope, filters: AuditFilters, page: { offset: number; limit: number }): Promise<AuditEventRow[]> {
      return db
        .select()
        .from(auditEvents)
        .where(and(scopeCondition(scope), ...filterConditions(filters)))
        .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.seq))
        .offset(page.offset)
        .limit(page.limit);
    },

    /**
     * The first broken link of every chain, or an empty list when the whole log holds; `events`
     * counts what was checked, `heads` are the heads checked up to (what a checkpoint may keep).
     * Each chain is walked up to the head read at the start, so events appended meanwhile wait
     * for the next verification.
     */
    async verify(): Promise<{ chains: number; events: number; breaks: ChainBreak[]; heads: CheckpointedChain[] }> {
      const heads = await db.select().from(auditChainHeads).orderBy(asc(auditChainHeads.chain));
      const breaks: ChainBreak[] = [];
      let events = 0;
      for (const head of heads) {
        const digestAt = chainDigests(keys, head.keyedFromSeq);
        let verified = { seq: head.prunedThroughSeq, hash: head.prunedThroughHash };
        for (;;) {
          const batch: StoredChainEvent[] = await db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.chain, head.chain), gt(auditEvents.seq, verified.seq), lte(auditEvents.seq, head.seq)))
            .orderBy(asc(auditEvents.seq))
            .limit(VERIFY_BATCH);
          events += batch.length;
          const isLast = batch.length < VERIFY_BATCH;
          const found = findChainBreak(digestAt, head.chain, verified, batch, isLast ? { seq: head.seq, hash: head.hash } : null);
          if (found) {
            breaks.push(found);
            break;
          }
          if (isLast) break;
          verified = { seq: batch.at(-1)!.seq, hash: batch.at(-1)!.hash };
        }
      }
      // Rows of a chain with no head at all were written around the application.
      const [orphan] = await db
        .select({ chain: auditEvents.chain, seq: auditEvents.seq, id: auditEvents.id })
        .from(auditEvents)
        .leftJoin(auditChainHeads, eq(auditChainHeads.chain, auditEvents.chain))
        .where(sql`${auditChainHeads.chain} is null`)
        .limit(1);
      if (orphan) breaks.push({ chain: orphan.chain, seq: orphan.seq, eventId: orphan.id, reason: "missing_event" });
      return {
        chains: heads.length,
        events,
        breaks,
        heads: heads.map((head) => ({ chain: head.chain, seq: head.seq, hash: head.hash, keyedFromSeq: head.keyedFromSeq })),
      };
    },

    /** What the database holds now of each chain a checkpoint saw (absent: no head any more). */
    async chainsNow(saw: readonly CheckpointedChain[]): Promise<Map<string, ChainNow>> {
      const states = new Map<string, ChainNow>();
      for (const chain of saw) {
        const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain.chain));
        if (!head) continue;
        const [event] = await db
          .select({ hash: auditEvents.hash })
          .from(auditEvents)
          .where(and(eq(auditEvents.chain, chain.chain), eq(auditEvents.seq, chain.seq)));
        states.set(chain.chain, {
          seq: head.seq,
          keyedFromSeq: head.keyedFromSeq,
          prunedThroughSeq: head.prunedThroughSeq,
          prunedThroughHash: head.prunedThroughHash,
          hashAtCheckpointSeq: event?.hash ?? null,
        });
      }
      return states;
    },

    /**
     * Deletes one chain's events older than `cutoff`, oldest first, at most `batchSize`, and moves
     * the chain's checkpoint to the last one deleted, through `audit_prune_chain`: the database's
     * own function, the only way past the append-only trigger (ADR 031). Only a prefix of the
     * chain is ever deleted, and never events of the last 30 days. Answers what was pruned, or null.
     */
    async pruneBatch(chain: string, cutoff: Date, batchSize: number): Promise<{ deleted: number; throughSeq: number; throughHash: string } | null> {
      const [row] = await queryRows<{ deleted: number; through_seq: string | number; through_hash: string }>(
        db,
        sql`select deleted, through_seq, through_hash from audit_prune_chain(${chain}, ${cutoff.toISOString()}::timestamptz, ${batchSize}::integer)`,
      );
      return row ? { deleted: Number(row.deleted), throughSeq: Number(row.through_seq), throughHash: row.through_hash } : null;
    },

    /** Chains holding an event older than `cutoff`. */
    async chainsOlderThan(cutoff: Date): Promise<string[]> {
      const rows = await db.selectDistinct({ chain: auditEvents.chain }).from(auditEvents).where(lt(auditEvents.occurredAt, cutoff));
      return rows.map((row) => row.chain);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
