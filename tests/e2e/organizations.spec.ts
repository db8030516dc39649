import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Page } from "@playwright/test";
import { invitationMessages } from "../../src/shared/organizations";
import { E2E_PASSWORD, latestCodeFor, platformOwnerEmail, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";
import { E2E_PORT } from "./support/e2e-config";
import { inviteThroughDialog, latestInvitationFor, rowWith } from "./support/organizations";
import { startServer, waitForHealth, type ServerRun } from "./support/server-process";

const DAY_MS = 24 * 60 * 60 * 1000;

/** On the invitation page, chooses email and password over Microsoft (both allowed here) and sets one up; the page then loads the app. */
async function setPasswordAndJoin(page: Page, email: string, name = "Jordan Lee") {
  await expect(page.getByRole("heading", { level: 1, name: "Complete Your Invitation" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Microsoft" })).toBeVisible();
  await page.getByRole("button", { name: "Set up a password" }).click();
  const address = page.getByLabel("Email", { exact: true });
  await expect(address).toHaveValue(email);
  await expect(address).not.toBeEditable();
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Set password and join" }).click();
}

test("an admin invites a colleague, who joins from the emailed link and appears in Team Members; the admin makes them an admin", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const colleagueEmail = uniqueEmail(`colleague ${testInfo.title}`);
  // Signing up makes a person the admin of a new organization of their own.
  await signUpThroughApi(page, uniqueEmail(`admin ${testInfo.title}`), E2E_PASSWORD, { plan: null });
  await page.goto("/app/documents");
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Organization" }).click();
  await expect(page).toHaveURL("/app/admin/org");
  await expect(page.getByRole("heading", { level: 1, name: "Organization Management" })).toBeVisible();

  await inviteThroughDialog(page, colleagueEmail);
  await expect(rowWith(page, "Pending Invitations", colleagueEmail).getByRole("cell").nth(2)).toHaveText("Pending");

  // The colleague, in a browser of their own, opens the link in the email.
  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto((await latestInvitationFor(page.request, colleagueEmail)).link);
  await setPasswordAndJoin(colleague, colleagueEmail);
  await expect(colleague).toHaveURL("/app/documents");
  await expect(colleague.getByRole("heading", { level: 1, name: "Document Library" })).toBeVisible();
  await expect(colleague.getByRole("navigation", { name: "Workspace" })).not.toContainText("Administration");

  await page.reload();
  const member = rowWith(page, "Team Members", colleagueEmail);
  // The name they gave as they accepted.
  await expect(member).toContainText("Jordan Lee");
  await expect(member.getByRole("cell").nth(1)).toHaveText("User");
  await expect(member.getByRole("cell").nth(2)).toHaveText("Active");
  await expect(page.getByRole("heading", { name: "No pending invitations" })).toBeVisible();

  await member.getByRole("button", { name: /^Edit role of / }).click();
  const edit = page.getByRole("dialog", { name: "Edit User" });
  await edit.getByRole("radio", { name: "Admin" }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User role updated successfully")).toBeVisible();
  await expect(member.getByRole("cell").nth(1)).toHaveText("Admin");

  // The new admin's next page shows them the organization's administration.
  await colleague.reload();
  await expect(colleague.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Organization" })).toBeVisible();
});

test("a new organization's trial opens the library; an invitation opened after its 7 days says it has expired, and the admin's list shows it as Expired", async ({
  browser,
}, testInfo) => {
  // Two server starts on a fresh embedded database: the second one's clock is 8 days ahead.
  test.setTimeout(300_000);
  const port = E2E_PORT + 100;
  const baseURL = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "clausewise-expiry-")),
    PORT: String(port),
    PUBLIC_URL: baseURL,
    PLATFORM_OWNER_EMAILS: platformOwnerEmail(testInfo.project.name),
    LOG_LEVEL: "warn",
  };
  const adminEmail = uniqueEmail(`admin ${testInfo.title}`);
  const inviteeEmail = uniqueEmail(`invitee ${testInfo.title}`);
  const admin = await (await browser.newContext({ baseURL })).newPage();
  let run: ServerRun = startServer(env);
  try {
    await waitForHealth(baseURL);
    await admin.goto("/login");
    await admin.getByRole("button", { name: "Sign up", exact: true }).click();
    await admin.getByLabel("Full name").fill("Pat Newcomer");
    await admin.getByLabel("Practice name").fill("Newcomer Family Practice");
    await admin.getByLabel("Email", { exact: true }).fill(adminEmail);
    await admin.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
    await admin.getByRole("button", { name: "Sign Up", exact: true }).click();
    await admin.getByLabel("6-digit code").fill((await latestCodeFor(admin.request, adminEmail)).code);
    await expect(admin).toHaveURL("/app/documents");
    // 'Start free' leads to the library on the new organization's trial, not to a paywall.
    await expect(admin.getByRole("heading", { name: "No documents uploaded" })).toBeVisible();
    // The user menu counts the trial's allowance, in the Billing tab's words, and offers no subscription.
    await admin.getByRole("button", { name: /^Account menu for/ }).click();
    await expect(admin.getByTestId("credits-line")).toHaveText("Credits: 5/5");
    await expect(admin.getByText("Trial allowance: 0 of 5 used · 14 days left in trial")).toBeVisible();
    await expect(admin.getByRole("menuitem", { name: "Start subscription" })).toHaveCount(0);
    await admin.keyboard.press("Escape");
    await admin.goto("/app/admin/org?tab=billing");
    await expect(admin.getByText(/^0 of 5 used · renews /)).toBeVisible();
    await admin.goto("/app/admin/org");
    await inviteThroughDialog(admin, inviteeEmail);
    const { link } = await latestInvitationFor(admin.request, inviteeEmail);

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    run = startServer({
      ...env,
      NODE_OPTIONS: `--import=${pathToFileURL(path.resolve("tests/e2e/support/clock-offset.mjs")).href}`,
      CLOCK_OFFSET_MS: String(8 * DAY_MS),
    });
    await waitForHealth(baseURL);

    const invitee = await (await browser.newContext()).newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { level: 1, name: "Complete Your Invitation" })).toBeVisible();
    await expect(invitee.getByRole("alert")).toContainText(invitationMessages.expired);
    await expect(invitee.getByLabel("Password", { exact: true })).toHaveCount(0);

    await admin.goto("/app/admin/org");
    await expect(rowWith(admin, "Pending Invitations", inviteeEmail).getByRole("cell").nth(2)).toHaveText("Expired");
  } finally {
    // Never leave a server behind on the port, whatever failed.
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill("SIGKILL");
  }
});

test("the invitation's 6-digit code, typed on /auth/code?type=invite, asks the new member's name and joins the organization as a User", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const memberEmail = uniqueEmail(`member ${testInfo.title}`);
  await signUpThroughApi(page, uniqueEmail(`admin ${testInfo.title}`), E2E_PASSWORD, { plan: null });
  await page.goto("/app/admin/org");
  await inviteThroughDialog(page, memberEmail);

  // The email's code, typed on /auth/code?type=invite, joins as a User.
  const member = await (await browser.newContext()).newPage();
  await member.goto(`/auth/code?type=invite&email=${encodeURIComponent(memberEmail)}`);
  await expect(member.getByRole("heading", { level: 1, name: "Invitation Code Required" })).toBeVisible();
  await member.getByLabel("6-digit code").fill((await latestInvitationFor(page.request, memberEmail)).code);
  // The code made an account with no name: it is asked before the app.
  await expect(member.getByRole("heading", { level: 1, name: "What's your name?" })).toBeVisible();
  await expectNoAccessibilityViolations(member);
  await member.getByLabel("Full name").fill("Dana Reyes");
  await member.getByRole("button", { name: "Continue" }).click();
  await expect(member).toHaveURL("/app/documents");
  await expect(member.getByRole("navigation", { name: "Workspace" })).not.toContainText("Administration");
  await page.reload();
  const row = rowWith(page, "Team Members", memberEmail);
  await expect(row.getByRole("cell").nth(0)).toContainText("Dana Reyes");
  await expect(row.getByRole("cell").nth(1)).toHaveText("User");
});
