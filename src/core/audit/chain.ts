/**
 * The audit log's hash chain (ADR 020, ADR 031): each event's hash is an HMAC-SHA-256, keyed with
 * the audit secret, over the previous event's hash and the event's canonical content, so changing,
 * removing or reordering a row breaks every link after it and no one without the secret can
 * rehash what follows. One chain per organization (and one for events of no organization).
 * Events chained before chains were keyed keep their plain SHA-256 links.
 */

/** The hash before a chain's first event. */
export const GENESIS_HASH = "0".repeat(64);

/** The chain of events that belong to no organization: sign-ins of people in none, platform upkeep. */
export const PLATFORM_CHAIN = "platform";

export function chainOf(organizationId: string | null): string {
  return organizationId ?? PLATFORM_CHAIN;
}

export type AuditDetailValue = string | number | boolean | null | string[];

/** Everything an event says, as hashed: every column but its id and its two hashes. */
export interface ChainedContent {
  chain: string;
  seq: number;
  occurredAt: Date;
  organizationId: string | null;
  actorUserId: string | null;
  actorEmail: string | null;
  actorRole: string | null;
  actorOrganizationId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  targetName: string | null;
  outcome: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  details: Record<string, AuditDetailValue>;
}

/** JSON with object keys sorted at every depth: the same content always gives the same text, whatever order a database returns keys in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The hashed text of an event: its content fields only, named one by one, so a stored row's id and hashes never enter it. */
export function canonicalContent(event: ChainedContent): string {
  const content: Record<keyof ChainedContent, unknown> = {
    chain: event.chain,
    seq: event.seq,
    occurredAt: event.occurredAt.toISOString(),
    organizationId: event.organizationId,
    actorUserId: event.actorUserId,
    actorEmail: event.actorEmail,
    actorRole: event.actorRole,
    actorOrganizationId: event.actorOrganizationId,
    action: event.action,
    targetType: event.targetType,
    targetId: event.targetId,
    targetName: event.targetName,
    outcome: event.outcome,
    ip: event.ip,
    userAgent: event.userAgent,
    requestId: event.requestId,
    details: event.details,
  };
  return canonicalJson(content);
}

/** A digest of a text as 64 hex digits (HMAC-SHA-256 with the chain key, or plain SHA-256 for links made before keying); core does no I/O, so the server hands in node:crypto's. */
export type Digest = (text: string) => string;

/** An event's hash: over the previous event's hash, a newline, and the event's canonical content. */
export function hashEvent(digest: Digest, previousHash: string, event: ChainedContent): string {
  return digest(`${previousHash}\n${canonicalContent(event)}`);
}

/** Which digest links the event at `seq`: plain SHA-256 before the chain's `keyedFromSeq`, the keyed one from there on. */
export function chainDigests(digests: { unkeyed: Digest; keyed: Digest }, keyedFromSeq: number): (seq: number) => Digest {
  return (seq) => (seq < keyedFromSeq ? digests.unkeyed : digests.keyed);
}

export interface StoredChainEvent extends ChainedContent {
  id: string;
  prevHash: string;
  hash: string;
}

/** Where a chain starts being checked: its genesis, or the checkpoint the retention job left after pruning. */
export interface ChainStart {
  seq: number;
  hash: string;
}

export type ChainBreakReason =
  | "missing_event"
  | "previous_hash_mismatch"
  | "content_changed"
  | "head_mismatch"
  /** A chain the latest checkpoint holds is gone, head and all. */
  | "chain_missing"
  /** The chain no longer reaches or holds the head the latest checkpoint saw (its tail was cut, or rewritten). */
  | "checkpoint_mismatch"
  /** The latest checkpoint's signature does not hold: it was written by someone without the audit secret. */
  | "checkpoint_invalid";

export interface ChainBreak {
  chain: string;
  /** The sequence number where the chain stops holding. */
  seq: number;
  /** The stored event at that place, when there is one. */
  eventId: string | null;
  reason: ChainBreakReason;
}

/**
 * The first broken link of one chain, or null when it holds: events must follow `start` one by
 * one, each naming the hash before it and hashing to what it stores, up to the recorded head.
 */
export function findChainBreak(
  digestAt: (seq: number) => Digest,
  chain: string,
  start: ChainStart,
  events: readonly StoredChainEvent[],
  head: ChainStart | null,
): ChainBreak | null {
  let expected = start;
  for (const event of events) {
    if (event.seq !== expected.seq + 1) return { chain, seq: expected.seq + 1, eventId: null, reason: "missing_event" };
    if (event.prevHash !== expected.hash) return { chain, seq: event.seq, eventId: event.id, reason: "previous_hash_mismatch" };
    if (hashEvent(digestAt(event.seq), event.prevHash, event) !== event.hash) return { chain, seq: event.seq, eventId: event.id, reason: "content_changed" };
    expected = { seq: event.seq, hash: event.hash };
  }
  if (head && (head.seq !== expected.seq || head.hash !== expected.hash)) {
    return { chain, seq: expected.seq + 1, eventId: null, reason: head.seq > expected.seq ? "missing_event" : "head_mismatch" };
  }
  return null;
}
