import { expect, test, type APIRequestContext } from "@playwright/test";
import { twoFactorMessages } from "../../src/shared/two-factor";
import { E2E_PASSWORD, signUpThroughApi, subscribeThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL } from "./support/e2e-config";
import { latestInvitationFor } from "./support/organizations";
import { totpCode } from "../support/totp";

const headers = { Origin: E2E_BASE_URL };

/** Turns two-factor sign-in on through the API, as the Security tab does, for the person `request` is signed in as. */
async function enableTwoFactorThroughApi(request: APIRequestContext): Promise<void> {
  const started = await request.post("/api/me/two-factor/enable", { data: { password: E2E_PASSWORD }, headers });
  expect(started.ok(), await started.text()).toBe(true);
  const { manualKey } = (await started.json()) as { manualKey: string };
  const confirmed = await request.post("/api/me/two-factor/confirm", { data: { code: totpCode(manualKey) }, headers });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

// Two-factor sign-in end to end, on a desktop window and a phone: set up from the profile's
// Security tab by typing the key into an "authenticator app" (the test computes the code from the
// key the page shows), sign out, then sign in with the password and the app's code.
test("two-factor sign-in: set up from the Security tab with the key shown, then a password sign-in asks for the app's code", async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await signUpThroughApi(page, email);
  await page.goto("/app/account");
  const dialog = page.getByRole("dialog", { name: "User Profile" });
  await dialog.getByRole("tab", { name: "Security" }).click();
  const twoFactor = dialog.getByRole("region", { name: "Two-factor sign-in" });
  await twoFactor.getByLabel("Current password").fill(E2E_PASSWORD);
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();

  await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expect(twoFactor.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  const manualKey = (await twoFactor.getByTestId("two-factor-manual-key").textContent())!.trim();
  expect(manualKey).toMatch(/^[A-Z2-7]+$/);
  await twoFactor.getByLabel("Code from your app").fill(totpCode(manualKey));
  await twoFactor.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(twoFactor.getByText("Signing in asks for a code from your authenticator app.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: /^Sign In/ }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);

  await page.getByLabel("Authentication code").fill(totpCode(manualKey));
  await page.getByLabel("Trust this device for 30 days").check();
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/documents$/);
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

// An organization that requires two-factor sign-in: its admin turns the requirement on in the
// Settings tab; a member without it signs in, is led to set it up and can reach nothing else until
// it is on; then the library opens. The member's part on a desktop window and on a phone.
test("required two-factor sign-in: a member without it is led to set it up at sign-in, and reaches the library only once it is on", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const memberEmail = uniqueEmail(`member ${testInfo.title}`);
  const adminContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const adminPage = await adminContext.newPage();
  await signUpThroughApi(adminPage, uniqueEmail(`admin ${testInfo.title}`), E2E_PASSWORD, { plan: null });
  const { user: admin } = (await (await adminPage.request.get("/api/me")).json()) as { user: { organizationId: string } };

  // The member joins with a password of their own, before anything is required.
  const invited = await adminPage.request.post(`/api/organizations/${admin.organizationId}/invitations`, { data: { email: memberEmail }, headers });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL((await latestInvitationFor(page.request, memberEmail)).link).searchParams.get("token")!;
  const accepted = await page.request.post("/api/invitations/accept-with-password", {
    data: { token, password: E2E_PASSWORD, name: "Morgan Member" },
    headers,
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  await subscribeThroughApi(page);
  expect((await page.request.post("/api/auth/sign-out", { data: {}, headers })).ok()).toBe(true);

  // The admin, who uses it, requires it of every member.
  await enableTwoFactorThroughApi(adminPage.request);
  await adminPage.goto("/app/admin/org");
  await adminPage.getByRole("tab", { name: "Settings" }).click();
  // The switch shows what the server saved: it is checked once the answer comes.
  const requirement = adminPage.getByRole("checkbox", { name: "Require two-factor sign-in" });
  await expect(requirement).toBeEnabled();
  await requirement.click();
  await expect(adminPage.getByText("Two-factor sign-in required", { exact: true })).toBeVisible();
  await expect(requirement).toBeChecked();
  await adminContext.close();

  // The member's next sign-in leads to the set-up, and nothing else opens until it is done.
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(memberEmail);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: /^Sign In/ }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor\/setup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByText(twoFactorMessages.setupRequired).first()).toBeVisible();
  await page.goto("/app/documents");
  await expect(page).toHaveURL(/\/auth\/two-factor\/setup$/);
  expect((await page.request.get("/api/documents")).status()).toBe(403);

  // Set up with the key shown (the test is the authenticator app), then the library opens.
  await page.getByLabel("Current password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  const manualKey = (await page.getByTestId("two-factor-manual-key").textContent())!.trim();
  await page.getByLabel("Code from your app").fill(totpCode(manualKey));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/app\/documents$/);
  await expect(page.getByRole("heading", { level: 1, name: "Document Library" })).toBeVisible();
  expect((await page.request.get("/api/documents")).status()).toBe(200);
});
