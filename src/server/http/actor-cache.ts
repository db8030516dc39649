import { getTableName } from "drizzle-orm";
import type { Actor } from "../../core/access/actor";
import { createProcessCache } from "../../shared/process-cache";
import type { WriteWatcher } from "../db/client";
import { organizationInvitations, organizationMembers, organizations, platformSettings, sessions, users } from "../db/schema/index";

/** What identifyActor learns from a session cookie: everything in the actor but the request's own details. */
export type SignedInIdentity = Omit<Actor, "requestId" | "ip" | "userAgent">;

/** How long a looked-up identity is used without asking the database again: the bound on another process's revocation. */
const ACTOR_CACHE_TTL_MS = 5_000;
/** At most this many sessions are remembered; the least recently used goes first. */
const ACTOR_CACHE_MAX_ENTRIES = 10_000;

/** The tables an identity is read from: a session, its user, their membership and organization (and the invitations that may make one), the owners' two-factor rule. */
const identityTables = [sessions, users, organizationMembers, organizations, organizationInvitations, platformSettings].map((table) => getTableName(table));
const identityWrite = new RegExp(
  String.raw`\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:${identityTables.join("|")})"?(?![\w$])`,
  "i",
);

/** Whether a SQL statement may change who a session is, their role or their organization (a cascade starts from one of these tables too). */
export function writesIdentity(statement: string): boolean {
  return identityWrite.test(statement);
}

/**
 * The signed-in identity of recent session cookies, so that a request does not read its session,
 * user and membership again within seconds (ADR 025). The rule: in this process, any write to the
 * identity tables (sign-out, a revoked session, a password or email change, a role, membership or
 * organization change, a ban, an account closed: whoever writes it, through this process's
 * database handle) forgets every entry when its statement is sent and again when its transaction
 * ends, and a look-up that overlapped such a write is not kept; so a change is seen by the next
 * request at once. Another process (PostgreSQL) sees it within ACTOR_CACHE_TTL_MS. An entry is
 * keyed by the exact signed cookie value Better Auth verified, and never outlives its session.
 */
export function createActorCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const { ttlMs = ACTOR_CACHE_TTL_MS, maxEntries = ACTOR_CACHE_MAX_ENTRIES, now = Date.now } = options;
  const identities = createProcessCache<string, SignedInIdentity>("http.actor-identities", { maxEntries, ttlMs, now });
  let generation = 0;
  let writesInProgress = 0;

  const forgetAll = () => {
    identities.clear();
    generation++;
  };

  const watcher: WriteWatcher = {
    isWatched: writesIdentity,
    began() {
      writesInProgress++;
      forgetAll();
    },
    ended() {
      writesInProgress--;
      forgetAll();
    },
  };

  return {
    watcher,

    /** The identity remembered for this signed session cookie, while it is fresh. */
    find: (signedCookie: string): SignedInIdentity | undefined => identities.get(signedCookie),

    /** Taken before reading the database for a cookie; `remember` keeps the result only if no identity write overlapped the read. */
    startLookUp(): number {
      return generation;
    },

    remember(signedCookie: string, identity: SignedInIdentity, sessionExpiresAt: Date, lookUp: number): void {
      if (lookUp !== generation || writesInProgress > 0) return;
      identities.set(signedCookie, identity, { ttlMs: Math.min(ttlMs, sessionExpiresAt.getTime() - now()) });
    },

    /** Forgets every identity at once: another process said an identity changed (ADR 037). */
    forgetAll,

    get size() {
      return identities.size;
    },
  };
}

export type ActorCache = ReturnType<typeof createActorCache>;

/**
 * The value of the one cookie called `name` in a Cookie header, as sent (still encoded); undefined
 * when there is none or more than one, which are then left to Better Auth alone.
 */
export function singleCookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1 || pair.slice(0, equals).trim() !== name) continue;
    if (found !== undefined) return undefined;
    found = pair.slice(equals + 1).trim();
  }
  return found || undefined;
}

/** Whether a signed session cookie (`<token>.<signature>`, URL-encoded) carries this session token. */
export function isCookieOfSession(signedCookie: string, token: string): boolean {
  try {
    const decoded = decodeURIComponent(signedCookie);
    return decoded.slice(0, decoded.lastIndexOf(".")) === token;
  } catch {
    return false;
  }
}
