import { backoffDelayMs, type Backoff } from "../../shared/backoff";
import { LIVE_EVENTS_PATH, liveEventTypes, RESYNC_EVENT, type LiveEvent } from "../../shared/events";

export interface LiveEventHandlers {
  onEvent(event: LiveEvent): void;
  /** Events may have been missed: everything kept live should be refetched. */
  onResync(): void;
}

/** Waits before opening again a stream the browser gave up on (an error answer such as a 503). */
const REOPEN_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 30_000 };

/**
 * The tab's one connection to GET /api/events, held while the tab is visible. A hidden tab lets
 * go of it: browsers allow six HTTP/1.1 connections per host across all tabs, so a citation opened
 * in a new tab would otherwise wait for a free one. Whenever the stream opens after a time without
 * a connection — the browser reconnecting a dropped one, the tab shown again — `onResync` runs,
 * since events of that time are lost; the server sends a resync itself when it may have lost some.
 * Returns the function that closes it for good.
 */
export function openLiveEventStream(handlers: LiveEventHandlers): () => void {
  let source: EventSource | undefined;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let failedOpens = 0;
  let hasMissedEvents = false;

  const connect = () => {
    const current = new EventSource(LIVE_EVENTS_PATH, { withCredentials: true });
    for (const type of liveEventTypes) current.addEventListener(type, (message) => handlers.onEvent(JSON.parse(message.data) as LiveEvent));
    current.addEventListener(RESYNC_EVENT, () => handlers.onResync());
    current.addEventListener("open", () => {
      failedOpens = 0;
      if (hasMissedEvents) handlers.onResync();
      hasMissedEvents = false;
    });
    current.addEventListener("error", () => {
      hasMissedEvents = true;
      // The browser reconnects a dropped connection by itself, but gives up after an error answer.
      if (current.readyState !== EventSource.CLOSED) return;
      source = undefined;
      reopenTimer = setTimeout(
        () => {
          reopenTimer = undefined;
          connect();
        },
        backoffDelayMs(failedOpens, REOPEN_BACKOFF),
      );
      failedOpens += 1;
    });
    source = current;
  };
  const disconnect = () => {
    clearTimeout(reopenTimer);
    reopenTimer = undefined;
    source?.close();
    source = undefined;
    hasMissedEvents = true;
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === "hidden") disconnect();
    else if (!source && !reopenTimer) connect();
  };

  if (document.visibilityState === "hidden") hasMissedEvents = true;
  else connect();
  document.addEventListener("visibilitychange", onVisibilityChange);
  return () => {
    document.removeEventListener("visibilitychange", onVisibilityChange);
    disconnect();
  };
}
