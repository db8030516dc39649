import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "./support/e2e-config";
import { E2E_PASSWORD, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { expectNoAccessibilityViolations } from "./support/axe";

const headers = { Origin: E2E_BASE_URL };

test("an organization admin filters the organization's audit log and exports it as CSV", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, uniqueEmail(`audit admin ${testInfo.project.name}`), E2E_PASSWORD, { plan: null });
  const { user } = (await (await page.request.get("/api/me")).json()) as { user: { organizationId: string } };
  const invitee = uniqueEmail("audit invitee");
  const invited = await page.request.post(`/api/organizations/${user.organizationId}/invitations`, { data: { email: invitee }, headers });
  expect(invited.status()).toBe(201);

  await page.goto("/app/admin/org?tab=audit");
  const log = page.getByRole("region", { name: "Organization audit log" });
  await expect(log.getByRole("cell", { name: invitee })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel("Action").selectOption({ label: "Invitation sent" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(log.getByRole("row")).toHaveCount(2);
  await expect(log.getByRole("cell", { name: "Invitation sent" })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-organization-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(invitee);
  expect(lines[1]).toContain('"invitation.sent"');

  // The export is itself on record.
  await page.getByLabel("Action").selectOption({ label: "Audit log exported" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(log.getByRole("cell", { name: "Audit log exported" })).toBeVisible();
});

test("a person sees their own sign-ins on the account page", async ({ page }, testInfo) => {
  const email = uniqueEmail(`audit self ${testInfo.project.name}`);
  await signUpThroughApi(page, email, E2E_PASSWORD, { plan: null });
  expect((await page.request.post("/api/auth/sign-in/email", { data: { email, password: E2E_PASSWORD }, headers })).ok()).toBe(true);

  await page.goto("/app/account");
  const dialog = page.getByRole("dialog", { name: "User Profile" });
  await dialog.getByRole("tab", { name: "Activity" }).click();
  const activity = dialog.getByRole("region", { name: "Security activity" });
  await expect(activity.getByRole("cell", { name: "Signed in" })).toHaveCount(2);
  await expectNoAccessibilityViolations(page);
});
