import { useEffect, useLayoutEffect, useRef } from "react";

const LIVE_EVENT_DEBOUNCE_MS = 200;

/**
 * Server-Sent Events at `url`: each burst of `eventName` events calls `onChange` once, debounced.
 * EventSource reconnects by itself; after a dropped connection `onChange` runs once more to catch
 * up on whatever changed while it was down. When `onChange` returns a promise (a refetch), a
 * change that arrives before it settles waits for it and then calls `onChange` once more: a new
 * refetch cancelling the one in flight, change after change, would show nothing until the changes
 * stopped (seen on a loaded machine, where a refetch outlasts the gap between progress updates).
 *
 * A hidden tab lets go of its connection and catches up when shown again: browsers allow six
 * HTTP/1.1 connections per host across all tabs, and each page holds several streams, so a
 * citation opened in a new tab would otherwise wait for a free connection.
 */
export function useLiveEvents(url: string, eventName: string, onChange: () => unknown) {
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
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
    const onEvent = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void runOnChange(), LIVE_EVENT_DEBOUNCE_MS);
    };
    let source: EventSource | undefined;
    const connect = ({ catchUp }: { catchUp: boolean }) => {
      const current = new EventSource(url, { withCredentials: true });
      current.addEventListener(eventName, onEvent);
      let hasOpened = false;
      current.addEventListener("open", () => {
        if (hasOpened || catchUp) onEvent();
        hasOpened = true;
      });
      source = current;
    };
    const disconnect = () => {
      source?.close();
      source = undefined;
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") disconnect();
      else if (!source) connect({ catchUp: true });
    };
    if (document.visibilityState !== "hidden") connect({ catchUp: false });
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      document.removeEventListener("visibilitychange", onVisibilityChange);
      clearTimeout(timer);
      disconnect();
    };
  }, [url, eventName]);
}
