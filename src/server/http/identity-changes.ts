import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { ChangeFeed } from "../adapters/events/change-feed";
import type { DatabaseHandle } from "../db/client";
import { writesIdentity, type ActorCache } from "./actor-cache";

/** The change-feed channel on which a process says it changed who someone is (ADR 037). */
export const IDENTITY_CHANGES_CHANNEL = "identity_changes";

/**
 * Makes a sign-out, a ban or a change of role or membership in one process reach every other
 * process's actor cache at once rather than within its time to live: each unit of work that writes
 * the identity tables is announced on the change feed once it has committed (a NOTIFY from this
 * process), and a process that hears another's announcement forgets every identity it holds. A
 * look-up that overlapped the forgetting is not kept (the cache's generations). While a process's
 * LISTEN connection is down, its time to live is the bound; once it listens again it forgets
 * everything, as what it missed is unknown. Answers how to stop.
 */
export async function shareIdentityChanges(deps: { database: DatabaseHandle; feed: ChangeFeed; cache: ActorCache; logger: Logger }): Promise<() => void> {
  const processId = randomUUID();
  let isAnnouncing = false;
  // Writes that end together (a sign-in writes several rows) are announced once.
  const announce = () => {
    if (isAnnouncing) return;
    isAnnouncing = true;
    setImmediate(() => {
      isAnnouncing = false;
      deps.feed
        .publish(IDENTITY_CHANGES_CHANNEL, { from: processId })
        .catch((error: unknown) => deps.logger.warn({ err: error }, "could not tell the other processes of an identity change"));
    });
  };
  const stopWatching = deps.database.watchWrites({ isWatched: writesIdentity, began: () => undefined, ended: announce });
  const unsubscribe = await deps.feed.subscribe(IDENTITY_CHANGES_CHANNEL, {
    onNotification(payload) {
      if ((payload as { from?: unknown } | null)?.from !== processId) deps.cache.forgetAll();
    },
    onMissed: () => deps.cache.forgetAll(),
  });
  return () => {
    stopWatching();
    unsubscribe();
  };
}
