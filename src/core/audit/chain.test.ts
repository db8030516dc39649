import { describe, expect, it } from "vitest";
import { canonicalJson, findChainBreak, GENESIS_HASH, hashEvent, type ChainedContent, type StoredChainEvent } from "./chain";

/** The chain's logic with a stand-in digest (core does no I/O; the server hands in node:crypto's SHA-256): FNV-1a, as 64 hex digits. */
const sha256 = (text: string) => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0").repeat(8);
};

function content(seq: number, overrides: Partial<ChainedContent> = {}): ChainedContent {
  return {
    chain: "org-a",
    seq,
    occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)),
    organizationId: "org-a",
    actorUserId: "user-1",
    actorEmail: "ana@clinic.example",
    actorRole: "org_admin",
    actorOrganizationId: "org-a",
    action: "document.viewed",
    targetType: "document",
    targetId: `doc-${seq}`,
    targetName: "Aetna agreement.pdf",
    outcome: "success",
    ip: "203.0.113.9",
    userAgent: "Firefox",
    requestId: `req-${seq}`,
    details: { pageCount: seq, fields: ["name"] },
    ...overrides,
  };
}

/** A chain of `length` events linked as the repository links them. */
function chainOf(length: number): StoredChainEvent[] {
  const events: StoredChainEvent[] = [];
  let previous = GENESIS_HASH;
  for (let seq = 1; seq <= length; seq += 1) {
    const event = content(seq);
    const hash = hashEvent(sha256, previous, event);
    events.push({ ...event, id: `event-${seq}`, prevHash: previous, hash });
    previous = hash;
  }
  return events;
}

const genesis = { seq: 0, hash: GENESIS_HASH };
const headOf = (events: StoredChainEvent[]) => ({ seq: events.at(-1)!.seq, hash: events.at(-1)!.hash });

describe("canonicalJson", () => {
  it.each([
    [{ b: 1, a: 2 }, '{"a":2,"b":1}'],
    [{ a: { d: [1, { z: 0, y: 1 }], c: null } }, '{"a":{"c":null,"d":[1,{"y":1,"z":0}]}}'],
    [{ a: undefined, b: "x" }, '{"b":"x"}'],
    [["b", "a"], '["b","a"]'],
    ["text", '"text"'],
  ])("%j → %s", (value, expected) => {
    expect(canonicalJson(value)).toBe(expected);
  });

  it("gives the same hash whatever order details' keys come back in", () => {
    const one = content(1, { details: { fields: ["a"], pageCount: 3 } });
    const other = content(1, { details: { pageCount: 3, fields: ["a"] } });
    expect(hashEvent(sha256, GENESIS_HASH, one)).toBe(hashEvent(sha256, GENESIS_HASH, other));
  });
});

describe("findChainBreak", () => {
  const intact = chainOf(5);

  it.each<[string, (events: StoredChainEvent[]) => StoredChainEvent[], ReturnType<typeof findChainBreak>]>([
    ["an intact chain holds", (events) => events, null],
    [
      "a changed action",
      (events) => events.map((event) => (event.seq === 3 ? { ...event, action: "document.deleted" } : event)),
      { chain: "org-a", seq: 3, eventId: "event-3", reason: "content_changed" },
    ],
    [
      "a changed detail",
      (events) => events.map((event) => (event.seq === 2 ? { ...event, details: { pageCount: 99, fields: ["name"] } } : event)),
      { chain: "org-a", seq: 2, eventId: "event-2", reason: "content_changed" },
    ],
    [
      "a changed time",
      (events) => events.map((event) => (event.seq === 4 ? { ...event, occurredAt: new Date(0) } : event)),
      { chain: "org-a", seq: 4, eventId: "event-4", reason: "content_changed" },
    ],
    [
      "a deleted event in the middle",
      (events) => events.filter((event) => event.seq !== 3),
      { chain: "org-a", seq: 3, eventId: null, reason: "missing_event" },
    ],
    [
      "a row rehashed after a change (its successor no longer links)",
      (events) =>
        events.map((event) => {
          if (event.seq !== 2) return event;
          const changed = { ...event, targetName: "Other.pdf" };
          return { ...changed, hash: hashEvent(sha256, changed.prevHash, changed) };
        }),
      { chain: "org-a", seq: 3, eventId: "event-3", reason: "previous_hash_mismatch" },
    ],
    ["the last event deleted", (events) => events.slice(0, 4), { chain: "org-a", seq: 5, eventId: null, reason: "missing_event" }],
  ])("%s", (_name, tamper, expected) => {
    expect(findChainBreak(() => sha256, "org-a", genesis, tamper(intact), headOf(intact))).toEqual(expected);
  });

  it("starts from a retention checkpoint: the events after it hold without the pruned ones", () => {
    const checkpoint = { seq: intact[1]!.seq, hash: intact[1]!.hash };
    expect(findChainBreak(() => sha256, "org-a", checkpoint, intact.slice(2), headOf(intact))).toBeNull();
    expect(findChainBreak(() => sha256, "org-a", genesis, intact.slice(2), headOf(intact))).toMatchObject({ seq: 1, reason: "missing_event" });
  });

  it("a head that names an event with another hash is a mismatch", () => {
    expect(findChainBreak(() => sha256, "org-a", genesis, intact, { seq: 5, hash: GENESIS_HASH })).toMatchObject({ seq: 6, reason: "head_mismatch" });
  });
});
