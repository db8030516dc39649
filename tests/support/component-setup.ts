import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterAll, afterEach } from "vitest";
import { FakeEventSource } from "./fake-event-source";
import { setWindowWidth } from "./window-width";

// findBy* and waitFor wait up to 5 s, not 1 s: the app's pages are lazy chunks, and on a busy
// machine (CI, tests in parallel) the first render of one can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no EventSource; the app's live-event connection gets this stand-in.
globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;

// jsdom has no matchMedia either: a desktop window unless a test sets another width.
if (typeof window.matchMedia !== "function") setWindowWidth(1280);

afterEach(() => {
  cleanup();
  // sonner keeps its toasts in a module-level store and removes one only when a mounted Toaster's
  // timer ends it: a toast still showing when its test ends would be replayed by the next test's
  // Toaster (the next file's too, where files share modules).
  toast.dismiss();
  FakeEventSource.instances = [];
  window.localStorage.clear();
  document.documentElement.className = "";
});

// A toast leaving (sonner) removes itself 200 ms later on a timer its unmounting does not clear: one
// that left during a file's last test would fire after the file's window is gone and fail the run.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 250)));
