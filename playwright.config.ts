import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { PLATFORM_OWNER_EMAILS } from "./tests/e2e/support/accounts";
import { E2E_BASE_URL, E2E_PORT } from "./tests/e2e/support/e2e-config";
import { resolveChromium } from "./tests/support/chromium";

const port = E2E_PORT;
const baseURL = E2E_BASE_URL;
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
  // A journey through a dozen pages with accessibility checks takes 15–20 s on a quiet 2-core
  // machine and twice that on a busy one; 30 s (Playwright's default) failed such tests in CI.
  timeout: 60_000,
  // An assertion waits up to 10 s (Playwright's default is 5 s): on a 2-core machine running the
  // server, two browsers and the runner, signing up and confirming a code took 3–6 s in CI while
  // taking 0.2 s on a quiet machine, and failed the email-code journeys by that margin alone.
  expect: { timeout: 10_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: await resolveChromium(),
    // A failed test's trace keeps each step's page (DOM snapshots) but not the screencast beside
    // it: recording screenshots for every test, though kept only on failure, was half of Chromium's
    // CPU time and a quarter of the run's on 2 cores (4 specs: 156 s with it, 119 s without).
    trace: { mode: "retain-on-failure", screenshots: false },
  },
  // The main journeys and the accessibility checks run twice: on a desktop window and on a phone
  // (390 × 844, touch). Tests tagged @large-screen or @small-screen belong to one of them. Billing
  // and value reviews run on the desktop only: the same steps by touch prove nothing more, and the
  // account, library and fact-sheet pages they use are held to a phone's screen by small-screens.spec.ts.
  // So do the sign-in pages' accessibility checks: one centred card, the same document at every width.
  // An accessibility check reads each screen in both themes within one visit (tests/e2e/support/axe.ts).
  // The phone keeps the journeys that prove a drawer, a sheet or a layout only a phone shows. The
  // fact sheet, struck clauses and two-factor journeys have no phone branch and run on the desktop
  // only: small-screens.spec.ts proves their controls work by touch at 390 px (ADR 048).
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 720 } }, grepInvert: /@small-screen/ },
    {
      name: "phone",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /\/(app-shell|chat|documents|first-hour|portfolio|accessibility|documents-accessibility|small-screens|every-state)\.spec\.ts$/,
      grepInvert: /@large-screen/,
    },
  ],
  webServer: {
    command: "npm run build && tsx tests/e2e/support/start-e2e-server.ts",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // Only these addresses (one per project) become platform owners, whichever test signs up first.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      PLATFORM_OWNER_EMAILS: PLATFORM_OWNER_EMAILS.join(","),
      // Every test is a new person, but all of them come from this one machine's address.
      AUTH_RATE_LIMIT_PER_MINUTE: "1000",
      // New organizations start without a trial, so the billing journeys meet personal plans;
      // organizations.spec.ts runs a server of its own with the 14-day trial.
      TRIAL_DAYS: "0",
    },
  },
});
