import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { chainOf, findChainBreak, GENESIS_HASH, hashEvent, type ChainBreak, type ChainedContent, type StoredChainEvent } from "../../../core/audit/chain";
import { securityAuditActions } from "../../../shared/audit";
import type { Database } from "../../db/client";
import { auditChainHeads, auditEvents, organizationMembers, users } from "../../db/schema/index";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;
export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<ChainedContent, "chain" | "seq">;

/** Whose events a reader may see: their own security events, their organization's, or all. */
export type AuditScope = { kind: "own"; userId: string } | { kind: "organization"; organizationId: string } | { kind: "platform" };

type ChainHead = { seq: number; hash: string };

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

export function createAuditRepo(db: Database) {
  /** The chain's head row, locked until the transaction ends: appends to one chain wait for each other, in any process. */
  async function lockHead(tx: Executor, chain: string) {
    const lock = () => tx.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain)).for("update");
    let [head] = await lock();
    if (!head) {
      await tx.insert(auditChainHeads).values({ chain, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
      [head] = await lock();
    }
    return head!;
  }

  /** The head each chain had after this process's last batch: a hint, checked by the database on use. */
  const knownHeads = new Map<string, ChainHead>();

  /** The events chained behind `head`, hashed in order. */
  function chainedRows(chain: string, head: ChainHead, events: readonly NewAuditEvent[]) {
    let previous = head;
    const rows = events.map((event) => {
      const content: ChainedContent = { ...event, chain, seq: previous.seq + 1 };
      const row = { ...content, prevHash: previous.hash, hash: hashEvent(sha256, previous.hash, content) };
      previous = { seq: row.seq, hash: row.hash };
      return row;
    });
    return { rows, head: previous };
  }

  /** Inserts the events behind the locked `head` and moves the head past them; answers the new head. */
  async function appendRows(tx: Executor, chain: string, head: ChainHead, events: readonly NewAuditEvent[]): Promise<ChainHead> {
    const chained = chainedRows(chain, head, events);
    await tx.insert(auditEvents).values(chained.rows);
    await tx
      .update(auditChainHeads)
      .set({ ...chained.head, updatedAt: new Date() })
      .where(eq(auditChainHeads.chain, chain));
    return chained.head;
  }

  /**
   * One statement: the head moves from `known` to the last new event only if it is still at
   * `known`, and each row's seq is read from that move, so when the head has moved elsewhere the
   * seq is null, the NOT NULL column refuses the row and nothing of the statement stays.
   * Answers false then.
   */
  async function appendAfterKnownHead(chain: string, known: ChainHead, events: readonly NewAuditEvent[]): Promise<boolean> {
    const chained = chainedRows(chain, known, events);
    const moved = db.$with("moved").as(
      db
        .update(auditChainHeads)
        .set({ ...chained.head, updatedAt: new Date() })
        .where(and(eq(auditChainHeads.chain, chain), eq(auditChainHeads.seq, known.seq), eq(auditChainHeads.hash, known.hash)))
        .returning({ seq: auditChainHeads.seq }),
    );
    const rows = chained.rows.map((row) => ({ ...row, seq: sql<number>`(select ${row.seq}::bigint from ${moved})` }));
    try {
      await db.with(moved).insert(auditEvents).values(rows);
    } catch {
      knownHeads.delete(chain);
      return false;
    }
    knownHeads.set(chain, chained.head);
    return true;
  }

  return {
    /** Appends one event to its organization's chain, inside `tx`: it exists only if the transaction commits. */
    async append(tx: Executor, event: NewAuditEvent): Promise<void> {
      const chain = chainOf(event.organizationId);
      knownHeads.delete(chain);
      await appendRows(tx, chain, await lockHead(tx, chain), [event]);
    },

    /**
     * Appends events recorded outside a transaction, in their order, each chain's events in one
     * statement. The head this process last wrote is remembered, so the usual append is a single
     * statement that moves the head only if it is still there and inserts behind it (see
     * `appendAfterKnownHead`); when another process (or an append inside a transaction) moved it,
     * that statement fails whole and the chain is appended under its locked head instead.
     */
    async appendBatch(events: readonly NewAuditEvent[]): Promise<void> {
      const byChain = new Map<string, NewAuditEvent[]>();
      for (const event of events) {
        const chain = chainOf(event.organizationId);
        byChain.set(chain, [...(byChain.get(chain) ?? []), event]);
      }
      for (const [chain, chainEvents] of byChain) {
        const known = knownHeads.get(chain);
        if (known && (await appendAfterKnownHead(chain, known, chainEvents))) continue;
        knownHeads.set(chain, await db.transaction(async (tx) => appendRows(tx, chain, await lockHead(tx, chain), chainEvents)));
      }
    },

    /** Who a person is in the log when the request has no actor yet (sign-in): their address and active membership. */
    async findPerson(by: { userId: string } | { email: string }, executor: Executor = db) {
      const [person] = await executor
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

    /** The first broken link of every chain, or an empty list when the whole log holds; `events` counts what was checked. */
    async verify(): Promise<{ chains: number; events: number; breaks: ChainBreak[] }> {
      const heads = await db.select().from(auditChainHeads).orderBy(asc(auditChainHeads.chain));
      const breaks: ChainBreak[] = [];
      let events = 0;
      for (const head of heads) {
        let verified = { seq: head.prunedThroughSeq, hash: head.prunedThroughHash };
        for (;;) {
          const batch: StoredChainEvent[] = await db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.chain, head.chain), gt(auditEvents.seq, verified.seq)))
            .orderBy(asc(auditEvents.seq))
            .limit(VERIFY_BATCH);
          events += batch.length;
          const isLast = batch.length < VERIFY_BATCH;
          const found = findChainBreak(sha256, head.chain, verified, batch, isLast ? { seq: head.seq, hash: head.hash } : null);
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
      return { chains: heads.length, events, breaks };
    },

    /**
     * Deletes one chain's events older than `cutoff`, oldest first, at most `batchSize`, and moves
     * the chain's checkpoint to the last one deleted (same transaction), so what remains still
     * verifies. Only a prefix of the chain is ever deleted. Answers what was pruned, or null.
     */
    async pruneBatch(chain: string, cutoff: Date, batchSize: number): Promise<{ deleted: number; throughSeq: number; throughHash: string } | null> {
      return db.transaction(async (tx) => {
        const head = await lockHead(tx, chain);
        const oldest = await tx
          .select({ seq: auditEvents.seq, hash: auditEvents.hash, occurredAt: auditEvents.occurredAt })
          .from(auditEvents)
          .where(and(eq(auditEvents.chain, chain), gt(auditEvents.seq, head.prunedThroughSeq)))
          .orderBy(asc(auditEvents.seq))
          .limit(batchSize);
        const cut = oldest.findIndex((event) => event.occurredAt >= cutoff);
        const pruned = cut === -1 ? oldest : oldest.slice(0, cut);
        const last = pruned.at(-1);
        if (!last) return null;
        // The append-only trigger lets this one transaction delete (migration 0018).
        await tx.execute(sql`select set_config('clausewise.audit_retention', 'on', true)`);
        const deleted = await tx
          .delete(auditEvents)
          .where(and(eq(auditEvents.chain, chain), lte(auditEvents.seq, last.seq)))
          .returning({ id: auditEvents.id });
        await tx.update(auditChainHeads).set({ prunedThroughSeq: last.seq, prunedThroughHash: last.hash }).where(eq(auditChainHeads.chain, chain));
        return { deleted: deleted.length, throughSeq: last.seq, throughHash: last.hash };
      });
    },

    /** Chains holding an event older than `cutoff`. */
    async chainsOlderThan(cutoff: Date): Promise<string[]> {
      const rows = await db.selectDistinct({ chain: auditEvents.chain }).from(auditEvents).where(lt(auditEvents.occurredAt, cutoff));
      return rows.map((row) => row.chain);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
