import { useEffect, useLayoutEffect, useRef } from "react";

const LIVE_EVENT_DEBOUNCE_MS = 200;

/**
 * Server-Sent Events at `url`: each burst of `eventName` events calls `onChange` once, debounced.
 * EventSource reconnects by itself; after a dropped connection `onChange` runs once more to catch
 * up on whatever changed while it was down.
 */
export function useLiveEvents(url: string, eventName: string, onChange: () => void) {
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(() => {
    if (typeof EventSource === "undefined") return undefined;
    const source = new EventSource(url, { withCredentials: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onEvent = () => {
      clearTimeout(timer);
      timer = setTimeout(() => onChangeRef.current(), LIVE_EVENT_DEBOUNCE_MS);
    };
    source.addEventListener(eventName, onEvent);
    let hasOpened = false;
    const onOpen = () => {
      if (hasOpened) onEvent();
      hasOpened = true;
    };
    source.addEventListener("open", onOpen);
    return () => {
      source.removeEventListener("open", onOpen);
      source.removeEventListener(eventName, onEvent);
      clearTimeout(timer);
      source.close();
    };
  }, [url, eventName]);
}
