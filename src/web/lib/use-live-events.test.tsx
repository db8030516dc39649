import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useLiveEvents } from "./use-live-events";

class FakeEventSource {
  static all: FakeEventSource[] = [];
  isClosed = false;
  private listeners = new Map<string, Set<() => void>>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)!.add(listener);
  }
  close() {
    this.isClosed = true;
  }
  emit(name: string) {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
}

let visibility: DocumentVisibilityState = "visible";
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

function Listener({ onChange }: { onChange: () => unknown }) {
  useLiveEvents("/api/things/events", "thing", onChange);
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
  visibility = "visible";
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("useLiveEvents", () => {
  it("calls back once per burst of events, and closes the stream on unmount", () => {
    const onChange = vi.fn();
    const { unmount } = render(<Listener onChange={onChange} />);
    const [source] = FakeEventSource.all;
    expect(source?.url).toBe("/api/things/events");
    source!.emit("open");
    source!.emit("thing");
    source!.emit("thing");
    source!.emit("other");
    act(() => void vi.advanceTimersByTime(250));
    expect(onChange).toHaveBeenCalledTimes(1);
    unmount();
    expect(source!.isClosed).toBe(true);
  });

  it("catches up after the browser reconnects a dropped stream", () => {
    const onChange = vi.fn();
    render(<Listener onChange={onChange} />);
    const [source] = FakeEventSource.all;
    source!.emit("open");
    act(() => void vi.advanceTimersByTime(250));
    expect(onChange).not.toHaveBeenCalled();
    source!.emit("open");
    act(() => void vi.advanceTimersByTime(250));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("lets go of the connection while the tab is hidden and catches up when it is shown", () => {
    const onChange = vi.fn();
    render(<Listener onChange={onChange} />);
    const [first] = FakeEventSource.all;
    setVisibility("hidden");
    expect(first!.isClosed).toBe(true);
    expect(FakeEventSource.all).toHaveLength(1);

    setVisibility("visible");
    const second = FakeEventSource.all[1];
    expect(second?.isClosed).toBe(false);
    second!.emit("open");
    act(() => void vi.advanceTimersByTime(250));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("lets a refetch in flight finish: a change meanwhile refetches once more after it, not instead of it", async () => {
    const finishes: (() => void)[] = [];
    const onChange = vi.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
    render(<Listener onChange={onChange} />);
    const [source] = FakeEventSource.all;
    source!.emit("thing");
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(onChange).toHaveBeenCalledTimes(1);
    for (const _ of [1, 2, 3]) {
      source!.emit("thing");
      await act(() => vi.advanceTimersByTimeAsync(250));
    }
    expect(onChange).toHaveBeenCalledTimes(1);
    await act(async () => finishes[0]!());
    expect(onChange).toHaveBeenCalledTimes(2);
    await act(async () => finishes[1]!());
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
