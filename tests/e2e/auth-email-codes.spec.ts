import { expect, test, type APIRequestContext } from "@playwright/test";
import { E2E_PASSWORD, signUpThroughApi, uniqueEmail } from "./support/accounts";
import { E2E_BASE_URL, E2E_EMAIL_LINK_PATTERN } from "./support/e2e-config";

interface MailboxMessage {
  subject: string;
  text: string;
}

async function messagesTo(request: APIRequestContext, email: string): Promise<MailboxMessage[]> {
  const response = await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** Waits for message number `count` (1-based) to `email`; answers its code and link. */
async function emailNumber(request: APIRequestContext, email: string, count: number) {
  let messages: MailboxMessage[] = [];
  await expect.poll(async () => (messages = await messagesTo(request, email)).length).toBeGreaterThanOrEqual(count);
  const text = messages[0]!.text;
  return {
    subject: messages[0]!.subject,
    code: text.match(/6-digit code: (\d{6})/)![1]!,
    link: text.match(E2E_EMAIL_LINK_PATTERN)![1]!,
  };
}

test("sign up, confirm with the emailed code on /login, and land in the documents", async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await page.goto("/login");
  await expect(page).toHaveTitle(/Sign in/);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await page.getByLabel("Full name").fill("Pat Newcomer");
  await page.getByLabel("Practice name").fill("Newcomer Family Practice");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByText("Account created! Please check your email to verify your account.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const { code, subject } = await emailNumber(request, email, 1);
  expect(subject).toContain("Confirm your email");
  await page.getByLabel("6-digit code").fill(code);
  await expect(page).toHaveURL("/app/documents");
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

test("signing in before confirming the email leads to /auth/verify for sign-up, where the new code finishes it", async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email, password: E2E_PASSWORD, name: "" },
    headers: { Origin: E2E_BASE_URL },
  });
  expect(signUp.ok()).toBe(true);

  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: /^Sign In/ }).click();
  await expect(page).toHaveURL(`/auth/verify?${new URLSearchParams({ email, type: "signup" })}`);
  await expect(page.getByRole("heading", { level: 1, name: "Check your email" })).toBeVisible();

  const { code } = await emailNumber(request, email, 2);
  await page.getByLabel("6-digit code").pressSequentially(code);
  await expect(page).toHaveURL("/app/documents");
  expect((await page.request.get("/api/me")).status()).toBe(200);
});

test("a magic link asks 'Sign in as …?' and signs in only when confirmed, once; opened again it explains the expiry and the code entry still works", async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo.title);
  await signUpThroughApi(page, email);
  await page.context().clearCookies();

  await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(page).toHaveURL(`/auth/verify?${new URLSearchParams({ email, type: "magic_link" })}`);
  await expect(page.getByText(/check your spam or junk folder/i)).toBeVisible();

  const { link } = await emailNumber(request, email, 2);
  // Another tab, signed out: opening the link asks first and signs nothing in.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: `Sign in as ${email}?` })).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL("/app/documents");
  expect((await page.request.get("/api/me")).status()).toBe(200);

  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/auth\/error\?.*error=otp_expired/);
  await expect(page.getByRole("heading", { level: 1, name: "Authentication Issue" })).toBeVisible();
  await expect(page.getByText("Your authentication link has expired. This often happens when email scanners check links automatically.")).toBeVisible();
  await expect(page.getByLabel("6-digit code")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/login");

  // The link's code is spent; a new one from "Send a new code" signs in right there.
  await page.getByRole("button", { name: "Send a new code" }).click();
  await expect(page.getByText("New code sent!")).toBeVisible();
  const { code } = await emailNumber(request, email, 3);
  await page.getByLabel("6-digit code").fill(code);
  await expect(page).toHaveURL("/app/documents");
});

test("a link that does not point at this site's email-link handler lands on /login with an explanation", async ({ page }) => {
  await page.goto(`/auth/open#${encodeURIComponent("https://evil.example/api/auth/email-link?type=magic_link")}`);
  await expect(page).toHaveURL("/login?e=bad_link");
  await expect(page.getByRole("alert")).toContainText("invalid or has expired");
});
