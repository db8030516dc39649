import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "../../../tests/support/fake-event-source";
import type { LiveEventType } from "../../shared/events";
import { LiveEventsProvider, useLiveEvents } from "./live-events";

let visibility: DocumentVisibilityState = "visible";
function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

function Listener({ type, onChange }: { type: LiveEventType; onChange: () => unknown }) {
  useLiveEvents(type, onChange);
  return null;
}

/** The provider with one listener per entry; answers the tab's connections. */
function renderListeners(listeners: Partial<Record<LiveEventType, () => unknown>>) {
  const rendered = render(
    <LiveEventsProvider>
      {Object.entries(listeners).map(([type, onChange]) => (
        <Listener key={type} type={type as LiveEventType} onChange={onChange} />
      ))}
    </LiveEventsProvider>,
  );
  return { ...rendered, connection: () => FakeEventSource.connected() };
}

/** Lets the debounce run out. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(250));
const onConnection = (source: FakeEventSource, action: (source: FakeEventSource) => void) => act(() => action(source));

beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LiveEventsProvider and useLiveEvents", () => {
  it("opens one connection to /api/events for every listener, and closes it on unmount", () => {
    const { unmount, connection } = renderListeners({ document: vi.fn(), chat_session: vi.fn(), credits: vi.fn() });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(connection()[0]).toMatchObject({ url: "/api/events", init: { withCredentials: true } });
    unmount();
    expect(connection()).toEqual([]);
  });

  it("calls each listener once per burst of its own event type", async () => {
    const onDocument = vi.fn();
    const onCredits = vi.fn();
    const { connection } = renderListeners({ document: onDocument, credits: onCredits });
    const [source] = connection();
    onConnection(source!, (it) => {
      it.open();
      it.send({ type: "document", change: "insert", documentId: "d-1" });
      it.send({ type: "document", change: "update", documentId: "d-1" });
      it.send({ type: "chat_session", change: "insert", sessionId: "s-1" });
    });
    await settle();
    expect(onDocument).toHaveBeenCalledTimes(1);
    expect(onCredits).not.toHaveBeenCalled();
    onConnection(source!, (it) => it.send({ type: "credits" }));
    await settle();
    expect(onCredits).toHaveBeenCalledTimes(1);
    expect(onDocument).toHaveBeenCalledTimes(1);
  });

  it("has every listener catch up when the server says events may have been lost", async () => {
    const onDocument = vi.fn();
    const onSessions = vi.fn();
    const { connection } = renderListeners({ document: onDocument, chat_session: onSessions });
    onConnection(connection()[0]!, (it) => {
      it.open();
      it.sendNamed("resync");
    });
    await settle();
    expect(onDocument).toHaveBeenCalledTimes(1);
    expect(onSessions).toHaveBeenCalledTimes(1);
  });

  it("catches up once the browser has reconnected a dropped connection, not on the first open", async () => {
    const onChange = vi.fn();
    const { connection } = renderListeners({ document: onChange });
    const [source] = connection();
    onConnection(source!, (it) => it.open());
    await settle();
    expect(onChange).not.toHaveBeenCalled();
    onConnection(source!, (it) => it.drop());
    onConnection(source!, (it) => it.open());
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("opens a new connection, with backoff, after the server refused one, and then catches up", async () => {
    const onChange = vi.fn();
    const { connection } = renderListeners({ document: onChange });
    onConnection(connection()[0]!, (it) => it.refuse());
    expect(connection()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    const [second] = connection();
    expect(FakeEventSource.instances).toHaveLength(2);
    onConnection(second!, (it) => it.refuse());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeEventSource.instances).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeEventSource.instances).toHaveLength(3);
    onConnection(connection()[0]!, (it) => it.open());
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("lets go of the connection while the tab is hidden and catches up when it is shown", async () => {
    const onChange = vi.fn();
    const { connection } = renderListeners({ document: onChange, credits: onChange });
    onConnection(connection()[0]!, (it) => it.open());
    setVisibility("hidden");
    expect(connection()).toEqual([]);

    setVisibility("visible");
    expect(connection()).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    onConnection(connection()[0]!, (it) => it.open());
    await settle();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("connects only once a tab opened in the background is shown, and then catches up", async () => {
    visibility = "hidden";
    const onChange = vi.fn();
    const { connection } = renderListeners({ document: onChange });
    expect(FakeEventSource.instances).toEqual([]);
    setVisibility("visible");
    onConnection(connection()[0]!, (it) => it.open());
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it("lets a refetch in flight finish: a change meanwhile refetches once more after it, not instead of it", async () => {
    const finishes: (() => void)[] = [];
    const onChange = vi.fn(() => new Promise<void>((resolve) => finishes.push(resolve)));
    const { connection } = renderListeners({ document: onChange });
    const [source] = connection();
    const change = () => onConnection(source!, (it) => it.send({ type: "document", change: "update", documentId: "d-1" }));
    change();
    await settle();
    expect(onChange).toHaveBeenCalledTimes(1);
    for (const _ of [1, 2, 3]) {
      change();
      await settle();
    }
    expect(onChange).toHaveBeenCalledTimes(1);
    await act(async () => finishes[0]!());
    expect(onChange).toHaveBeenCalledTimes(2);
    await act(async () => finishes[1]!());
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it("refuses a listener outside the provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Listener type="document" onChange={vi.fn()} />)).toThrow("useLiveEvents must be used inside LiveEventsProvider");
  });
});
