import { Hono } from "hono";
import { streamSSE, type SSEStreamingApi } from "hono/streaming";
import type { Actor } from "../../../core/access/actor";
import { canReceiveEvent } from "../../../core/access/event-delivery";
import { RESYNC_EVENT } from "../../../shared/events";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import type { AppBindings } from "../../http/bindings";
import { requireActor } from "../../http/guards";
import type { LiveEvents } from "./live-events";

/** Proxies commonly close a response silent for 30–60 s; a comment line this often keeps the stream open. */
const HEARTBEAT_INTERVAL_MS = 25_000;
const HEARTBEAT = ": heartbeat\n\n";

/** Live streams one person may hold open in one web process: a tab each holds one; more is a script, not a person. */
export const MAX_LIVE_STREAMS_PER_PERSON = 10;

/** Counts each person's open streams in this process; `open` answers undefined when they hold the maximum. */
function createStreamCounter(limit: number) {
  const openByPerson = new Map<string, number>();
  return {
    open(userId: string): (() => void) | undefined {
      const open = openByPerson.get(userId) ?? 0;
      if (open >= limit) return undefined;
      openByPerson.set(userId, open + 1);
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        const left = (openByPerson.get(userId) ?? 1) - 1;
        if (left > 0) openByPerson.set(userId, left);
        else openByPerson.delete(userId);
      };
    },
  };
}

/** Writes to `stream` every live event `actor` may receive, and a resync when some may have been lost, until the browser leaves. */
async function relayLiveEvents(stream: SSEStreamingApi, liveEvents: LiveEvents, actor: Actor): Promise<void> {
  const unsubscribe = await liveEvents.subscribe({
    onEvent: (addressed) => {
      if (canReceiveEvent(actor, addressed)) void stream.writeSSE({ event: addressed.event.type, data: JSON.stringify(addressed.event) });
    },
    onMissed: () => void stream.writeSSE({ event: RESYNC_EVENT, data: "{}" }),
  });
  stream.onAbort(unsubscribe);
  while (!stream.aborted) {
    await stream.write(HEARTBEAT);
    await stream.sleep(HEARTBEAT_INTERVAL_MS);
  }
  unsubscribe();
}

/**
 * GET /api/events: the one live stream of a browser tab (ADR 014). Every live event of the
 * process passes through `canReceiveEvent`, so a stream carries only what the actor's permissions
 * reach. The first heartbeat is written once the stream listens.
 */
export function eventsRoutes(container: Pick<Container, "liveEvents" | "logger">) {
  const streams = createStreamCounter(MAX_LIVE_STREAMS_PER_PERSON);
  return new Hono<AppBindings>().use(requireActor()).get("/", (c) => {
    const actor = c.var.actor;
    const release = streams.open(actor.userId);
    if (!release) throw new AppError("rate_limited", "Too many tabs are following live updates. Close a few of them, then reload this page.");
    // nginx would otherwise hold events back in its buffer.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      // A closed tab frees its place at once, not at the next heartbeat.
      stream.onAbort(release);
      // The status is sent already: a failure (the database is down) ends the stream, and the browser connects again.
      await relayLiveEvents(stream, container.liveEvents, actor)
        .catch((error: unknown) => container.logger.warn({ err: error, requestId: actor.requestId }, "live event stream ended by an error"))
        .finally(release);
    });
  });
}
