import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { resolveChromium } from "./tests/support/chromium";

const port = 3107;
export const baseURL = `http://127.0.0.1:${port}`;
// Set once in the runner process; workers inherit it, so tests can find the server's data.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "clausewise-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

// One production build served by the real entry point, on a fresh data directory.
export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder at start; keep it apart from the Vitest report beside it.
  outputDir: "test-results/playwright-artifacts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: await resolveChromium(),
    trace: "retain-on-failure",
  },
  webServer: {
    command: "npm run build && node dist/server/main.js",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", PUBLIC_URL: baseURL },
  },
});
