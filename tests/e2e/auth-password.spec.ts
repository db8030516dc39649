import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_PASSWORD, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL, E2E_EMAIL_LINK_PATTERN } from "./support/e2e-config";

const NEW_PASSWORD = "a-brand-new-pass-42";

/** Waits for message number `count` (1-based) to `email`; answers its code and link. */
async function emailNumber(request: APIRequestContext, email: string, count: number) {
  let messages: { text: string }[] = [];
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
      messages = ((await response.json()) as { messages: { text: string }[] }).messages;
      return messages.length;
    })
    .toBeGreaterThanOrEqual(count);
  const text = messages[0]!.text;
  return { code: text.match(/6-digit code: (\d{6})/)![1]!, link: text.match(E2E_EMAIL_LINK_PATTERN)![1]! };
}

/** A verified account, with the page left signed out. */
async function signedOutAccount(page: Page, title: string): Promise<string> {
  const email = uniqueEmail(title);
  await signUpThroughApi(page, email);
  await page.context().clearCookies();
  return email;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: /^Sign In/ }).click();
}

test("forgot password: code on /auth/verify, new password on /auth/reset, then that password signs in and is 'Last used'", async ({
  page,
  request,
}, testInfo) => {
  const email = await signedOutAccount(page, testInfo.title);
  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your password" });
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Send reset code" }).click();
  await expect(page).toHaveURL(`/auth/verify?${new URLSearchParams({ email, type: "password_reset" })}`);

  const { code } = await emailNumber(request, email, 2);
  await page.getByLabel("6-digit code").fill(code);
  await expect(page).toHaveURL("/auth/reset");
  await expect(page.getByRole("heading", { level: 1, name: "Set new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Update password" }).click();
  // Signing in, then /app → /app/documents with the app's lazy chunks: slow on a loaded machine.
  await expect(page).toHaveURL("/app/documents", { timeout: 15_000 });
  expect((await page.request.get("/api/me")).status()).toBe(200);

  await page.context().clearCookies();
  await page.goto("/login");
  await signIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL("/app/documents");

  await page.context().clearCookies();
  const next = await page.context().newPage();
  await next.goto("/login");
  await expect(next.getByRole("button", { name: /^Sign In/ })).toContainText("Last used");
  await expect(next.getByRole("button", { name: /Continue with Google/ })).not.toContainText("Last used");
});

test("the recovery link from the reset email opens /auth/new-password and the new password works", async ({ page, request }, testInfo) => {
  const email = await signedOutAccount(page, testInfo.title);
  const forgot = await request.post("/api/auth/email-otp/request-password-reset", { data: { email }, headers: { Origin: E2E_BASE_URL } });
  expect(forgot.ok()).toBe(true);
  const { link } = await emailNumber(request, email, 2);

  await page.goto(link);
  await expect(page).toHaveURL("/auth/new-password");
  await expect(page.getByRole("heading", { level: 1, name: "Set New Password" })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem("from_email_auth"))).toBe("true");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Update password" }).click();
  // Signing in, then /app → /app/documents with the app's lazy chunks: slow on a loaded machine.
  await expect(page).toHaveURL("/app/documents", { timeout: 15_000 });
  expect((await page.request.get("/api/me")).status()).toBe(200);
  expect(await page.evaluate(() => window.localStorage.getItem("from_email_auth"))).toBeNull();
});

test("a signed-out visitor opening /app/chat signs in and returns to /app/chat", async ({ page }, testInfo) => {
  const email = await signedOutAccount(page, testInfo.title);
  await page.goto("/app/chat");
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent("/app/chat")}`);
  await signIn(page, email, E2E_PASSWORD);
  await expect(page).toHaveURL("/app/chat");
});

test("a wrong password is refused with the server's message", async ({ page }, testInfo) => {
  const email = await signedOutAccount(page, testInfo.title);
  await page.goto("/login");
  await signIn(page, email, "not-the-password");
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await expect(page).toHaveURL("/login");
});
