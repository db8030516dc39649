import type { LiveEvent } from "../../src/shared/events";

/**
 * The browser's EventSource as component tests need it (jsdom has none): every instance is kept,
 * and a test plays the server's part — open, send an event, drop or refuse the connection.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  /** The connections not closed. */
  static connected(): FakeEventSource[] {
    return FakeEventSource.instances.filter((source) => source.readyState !== FakeEventSource.CLOSED);
  }

  readyState = FakeEventSource.CONNECTING;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server answered: the stream is open. */
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }

  send(event: LiveEvent) {
    this.dispatchEvent(new MessageEvent(event.type, { data: JSON.stringify(event) }));
  }

  /** An event the server names itself, such as a resync. */
  sendNamed(name: string) {
    this.dispatchEvent(new MessageEvent(name, { data: "{}" }));
  }

  /** The connection dropped; the browser reconnects it by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }

  /** The server answered with an error status; the browser gives up on this connection. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event("error"));
  }
}
