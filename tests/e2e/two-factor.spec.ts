import { expect, test } from "@playwright/test";
import { E2E_PASSWORD, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { totpCode } from "../support/totp";

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
