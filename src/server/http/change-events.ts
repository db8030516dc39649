import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Actor } from "../../core/access/actor";
import { can, type Permission } from "../../shared/access";
import type { ChangeFeed } from "../adapters/events/change-feed";

const SSE_KEEPALIVE_MS = 25_000;

/**
 * Server-Sent Events of one change-feed channel: only the changes to things the actor's
 * `permission` reaches (their own, today), each sent as `eventName` with the data `toData` picks;
 * a ping keeps proxies from closing it.
 */
export function streamUserChanges<Change extends { userId: string }>(
  c: Context,
  feed: ChangeFeed,
  options: { channel: string; actor: Actor; permission: Permission; eventName: string; toData: (change: Change) => unknown },
) {
  return streamSSE(c, async (stream) => {
    const unsubscribe = await feed.subscribe(options.channel, (payload) => {
      const change = payload as Change | null;
      if (!change || !can(options.actor, options.permission, { userId: change.userId })) return;
      void stream.writeSSE({ event: options.eventName, data: JSON.stringify(options.toData(change)) });
    });
    stream.onAbort(unsubscribe);
    while (!stream.aborted) {
      await stream.writeSSE({ event: "ping", data: "" });
      await stream.sleep(SSE_KEEPALIVE_MS);
    }
    unsubscribe();
  });
}
