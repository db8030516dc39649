import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { FakeEventSource } from "./fake-event-source";

// jsdom has no EventSource; the app's live-event connection gets this stand-in.
globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;

afterEach(() => {
  cleanup();
  FakeEventSource.instances = [];
  window.localStorage.clear();
  document.documentElement.className = "";
});
