import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import type { AdminJobListResponse } from "../../src/shared/contracts/admin";
import { E2E_PASSWORD, latestCodeFor, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolationsInBothThemes } from "./support/axe";
import { E2E_PORT } from "./support/e2e-config";
import { startServer, waitForHealth, type ServerRun } from "./support/server-process";

// A server of its own: its platform owner signs up here (the shared server's owner belongs to
// app-shell.spec.ts), and new organizations get the 14-day trial, so the owner's own upload is
// processed — and fails, being no real PDF — without a plan.
const port = E2E_PORT + 101;
const baseURL = `http://127.0.0.1:${port}`;
const ownerEmail = "console-owner@e2e.example";
let run: ServerRun;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  run = startServer({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "clausewise-console-")),
    PORT: String(port),
    PUBLIC_URL: baseURL,
    PLATFORM_OWNER_EMAILS: ownerEmail,
    LOG_LEVEL: "warn",
  });
  await waitForHealth(baseURL);
});

test.afterAll(async () => {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGTERM");
  await run.exited;
});

/** Signs up through the sign-up form with the emailed code, in a browser of its own. */
async function signedUp(browser: Browser, email: string, theme: "light" | "dark" = "light"): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.addInitScript((value) => window.localStorage.setItem("theme", value), theme);
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await page.getByLabel("Full name").fill("Pat Owner");
  await page.getByLabel("Practice name").fill("Newcomer Family Practice");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await page.getByLabel("6-digit code").fill((await latestCodeFor(page.request, email)).code);
  await expect(page).toHaveURL("/app/documents");
  return page;
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL("/app/documents");
  return page;
}

/** A document whose processing fails for good: PDF by its first bytes, unreadable after them. */
async function failedDocument(page: Page): Promise<void> {
  const uploaded = await page.request.post("/api/documents", {
    multipart: { file: { name: "Broken contract.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\nthis is no real PDF\n") } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { document } = (await uploaded.json()) as { document: { id: string } };
  const started = await page.request.post(`/api/documents/${document.id}/process`, { data: { trigger: "start" } });
  expect(started.ok(), await started.text()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/documents/${document.id}`)).json()) as { document: { status: string } }).document.status, {
      timeout: 60_000,
    })
    .toBe("failed");
}

test("the owner walks Overview, a metric card, Organizations, creates one, and retries a failed job from System", async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await signedUp(browser, ownerEmail);
  await failedDocument(owner);

  await owner.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Platform" }).click();
  await expect(owner).toHaveURL("/app/admin/platform");
  await expect(owner.getByRole("heading", { level: 1, name: "Platform Administration" })).toBeVisible();
  await expect(owner).toHaveTitle(/Platform Admin/);
  const activity = owner.getByRole("list", { name: "Recent Activity" });
  await expect(activity).toContainText(`${ownerEmail} uploaded Broken contract.pdf`);
  await expect(activity).toContainText(`${ownerEmail} signed in`);

  // A metric card jumps to its tab, by keyboard.
  await owner.getByRole("button", { name: /^Total Organizations 1/ }).focus();
  await owner.keyboard.press("Enter");
  await expect(owner).toHaveURL("/app/admin/platform?tab=organizations");
  await expect(owner.getByRole("tab", { name: "Organizations" })).toHaveAttribute("aria-selected", "true");
  const organizations = owner.getByRole("table", { name: "Organizations" });
  await expect(organizations.getByRole("row")).toHaveCount(2);

  await owner.getByRole("button", { name: "New Organization" }).click();
  const dialog = owner.getByRole("dialog", { name: "New Organization" });
  await dialog.getByLabel("Organization name").fill("Riverside Family Practice");
  await dialog.getByLabel("Domain (optional)").fill("riverside-family.example");
  await dialog.getByLabel("Maximum users").fill("25");
  await dialog.getByRole("button", { name: "Create Organization" }).click();
  await expect(owner.getByText("Organization created")).toBeVisible();
  await expect(dialog).toBeHidden();
  const created = organizations.getByRole("row").filter({ hasText: "Riverside Family Practice" });
  await expect(created).toContainText("riverside-family.example");
  await expect(created).toContainText("Trial, 14 days left");

  // The search is kept in the URL.
  await owner.getByRole("searchbox", { name: "Search organizations" }).fill("riverside");
  await owner.getByRole("searchbox", { name: "Search organizations" }).press("Enter");
  await expect(owner).toHaveURL("/app/admin/platform?tab=organizations&q=riverside");
  await expect(organizations.getByRole("row")).toHaveCount(2);
  await owner.reload();
  await expect(owner.getByRole("searchbox", { name: "Search organizations" })).toHaveValue("riverside");

  await owner.getByRole("button", { name: "System Status" }).click();
  await expect(owner).toHaveURL("/app/admin/platform?tab=system");
  await expect(owner.getByText("Embedded (PGlite)")).toBeVisible();
  await owner.getByLabel("Job status").selectOption("failed");
  await expect(owner).toHaveURL("/app/admin/platform?tab=system&status=failed");
  const failed = owner.getByRole("table", { name: "Jobs" }).getByRole("row").filter({ hasText: "Broken contract.pdf" });
  await expect(failed).toContainText("Failed");
  const failedJobIds = async () =>
    ((await (await owner.request.get("/api/admin/jobs?status=failed")).json()) as AdminJobListResponse).jobs
      .filter((job) => job.filename === "Broken contract.pdf")
      .map((job) => job.id);
  const [retriedJobId] = await failedJobIds();
  await failed.getByRole("button", { name: "Retry Broken contract.pdf" }).click();
  await expect(owner.getByText("Processing restarted")).toBeVisible();
  // The failed job is replaced by a new one (which this unreadable file fails again, at its own pace).
  await expect.poll(failedJobIds).not.toContain(retriedJobId);
});

test("a person who is not the platform owner is sent from the console to /app", async ({ browser }) => {
  const person = await signedUp(browser, uniqueEmail("console non-owner"));
  await person.goto("/app/admin/platform");
  await expect(person).toHaveURL("/app/documents");
  const refused = await person.request.get("/api/admin/overview");
  expect(refused.status()).toBe(403);
});

// How the console fits a phone is small-screens.spec.ts's part. Each screen is checked in both
// themes in one visit (the theme follows the system's, switched between the two checks).
test("the console's tabs and dialogs have no detectable accessibility violations, light and dark", async ({ browser }) => {
  // Sixteen axe runs: twice what each theme's test had, and twice its limit (axe took 7–8 s a page
  // at load 12 on 2 cores, about 2 s on a quiet machine).
  test.setTimeout(240_000);
  const owner = await signedIn(browser, ownerEmail);
  for (const tab of ["", "?tab=organizations", "?tab=users", "?tab=documents", "?tab=chats", "?tab=system", "?tab=settings"]) {
    await owner.goto(`/app/admin/platform${tab}`);
    await expect(owner.getByRole("heading", { level: 1, name: "Platform Administration" })).toBeVisible();
    await expect(owner.locator(`[role="status"][aria-label^="Loading"]`)).toHaveCount(0);
    await expectNoAccessibilityViolationsInBothThemes(owner);
  }
  await owner.getByRole("button", { name: "New Organization" }).click();
  await expect(owner.getByRole("dialog", { name: "New Organization" })).toBeVisible();
  await expectNoAccessibilityViolationsInBothThemes(owner);
  await owner.keyboard.press("Escape");
});
