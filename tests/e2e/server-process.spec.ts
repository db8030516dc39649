import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startServer, waitForHealth } from "./support/server-process";

test("a second process on the same DATA_DIR refuses to start and says why", async () => {
  const run = startServer({ DATA_DIR: process.env.E2E_DATA_DIR!, PORT: "3197" });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain("is already using DATA_DIR");
});

test("the server stops cleanly and starts again on the same data", async () => {
  // A fresh embedded database takes several seconds to initialise on a busy machine.
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "clausewise-restart-"));
  const url = "http://127.0.0.1:3198";
  for (const round of [1, 2]) {
    const run = startServer({ DATA_DIR: dataDir, PORT: "3198" });
    try {
      const health = await (await waitForHealth(url)).json();
      expect(health, `round ${round}`).toEqual({ status: "ok", database: { status: "ok" } });
      run.child.kill("SIGTERM");
      expect(await run.exited).toBe(0);
    } finally {
      // Never leave a server behind on the shared port, whatever failed.
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
    }
  }
});

test("invalid settings stop the server with every problem listed", async () => {
  const run = startServer({ PORT: "not-a-port", SUPPORT_EMAIL: "nobody", DATA_DIR: os.tmpdir() });
  expect(await run.exited).toBe(1);
  expect(run.output()).toMatch(/Invalid configuration:\n\s+- PORT: .*\n\s+- SUPPORT_EMAIL: /);
});
