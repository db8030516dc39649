import { useEffect, useLayoutEffect, useRef } from "react";

const LIVE_EVENT_DEBOUNCE_MS = 200;

/**
 * Server-Sent Events at `url`: each burst of `eventName` events calls `onChange` once, debounced.
 * EventSource reconnects by itself; after a dropped connection `onChange` runs once more to catch
 * up on whatever changed while it was down.
 *
 * A hidden tab lets go of its connection and catches up when shown again: browsers allow six
 * HTTP/1.1 connections per host across all tabs, and each page holds several streams, so a
 * citation opened in a new tab would otherwise wait for a free connection.
 */
export function useLiveEvents(url: string, eventName: string, onChange: () => void) {
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onChangeRef.current(), LIVE_EVENT_DEBOUNCE_MS);
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
