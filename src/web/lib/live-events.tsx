import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import type { LiveEventType } from "../../shared/events";
import { openLiveEventStream } from "./live-event-stream";

const LIVE_EVENT_DEBOUNCE_MS = 200;

interface LiveEventListener {
  type: LiveEventType;
  onChange(): void;
}

interface LiveEventHub {
  subscribe(listener: LiveEventListener): () => void;
}

const LiveEventsContext = createContext<LiveEventHub | undefined>(undefined);

/**
 * Owns the tab's one connection to the server's live events (ADR 014) while mounted; features
 * subscribe to the event types they show with `useLiveEvents`.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const [listeners] = useState(() => new Set<LiveEventListener>());
  const [hub] = useState<LiveEventHub>(() => ({
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  }));
  useEffect(
    () =>
      openLiveEventStream({
        onEvent: (event) => listeners.forEach((listener) => listener.type === event.type && listener.onChange()),
        onResync: () => listeners.forEach((listener) => listener.onChange()),
      }),
    [listeners],
  );
  return <LiveEventsContext.Provider value={hub}>{children}</LiveEventsContext.Provider>;
}

/**
 * Calls `onChange` once per burst of `type` events, debounced, and once after events may have
 * been missed (a reconnect, the tab shown again). When `onChange` returns a promise (a refetch), a
 * change that arrives before it settles waits for it and then calls `onChange` once more: a new
 * refetch cancelling the one in flight, change after change, would show nothing until the changes
 * stopped (seen on a loaded machine, where a refetch outlasts the gap between progress updates).
 */
export function useLiveEvents(type: LiveEventType, onChange: () => unknown) {
  const hub = useContext(LiveEventsContext);
  if (!hub) throw new Error("useLiveEvents must be used inside LiveEventsProvider");
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isRunning = false;
    let hasChangedSince = false;
    const runOnChange = async () => {
      if (isRunning) {
        hasChangedSince = true;
        return;
      }
      isRunning = true;
      try {
        do {
          hasChangedSince = false;
          await Promise.resolve(onChangeRef.current()).catch(() => undefined);
        } while (hasChangedSince);
      } finally {
        isRunning = false;
      }
    };
    const unsubscribe = hub.subscribe({
      type,
      onChange: () => {
        clearTimeout(timer);
        timer = setTimeout(() => void runOnChange(), LIVE_EVENT_DEBOUNCE_MS);
      },
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [hub, type]);
}
