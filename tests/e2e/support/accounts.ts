import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e-config";

export const E2E_PASSWORD = "e2e-password-123";
/** The platform owners the e2e server is started with (PLATFORM_OWNER_EMAILS): one per Playwright project, since both run the same tests, and one for the small-screen checks. */
export const PLATFORM_OWNER_EMAILS = ["owner@e2e.example", "owner-phone@e2e.example", "owner-small-screens@e2e.example"];

/** The platform owner of small-screens.spec.ts (phone project only), who visits the console at each width in one test. */
export const SMALL_SCREENS_OWNER_EMAIL = PLATFORM_OWNER_EMAILS[2]!;

export function platformOwnerEmail(projectName: string): string {
  return projectName === "phone" ? PLATFORM_OWNER_EMAILS[1]! : PLATFORM_OWNER_EMAILS[0]!;
}

/** A fresh address per call, so tests never share an account or a rate-limit counter. */
export function uniqueEmail(label: string): string {
  return `${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 30)}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example`;
}

/** The text of the newest email to `email` once it contains `expected`. */
async function latestEmailText(request: APIRequestContext, email: string, expected: string): Promise<string> {
  let text = "";
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as {
        messages: { text: string }[];
      };
      text = messages[0]?.text ?? "";
      return text;
    })
    .toContain(expected);
  return text;
}

export async function latestCodeFor(request: APIRequestContext, email: string): Promise<{ code: string; link: string }> {
  const text = await latestEmailText(request, email, "6-digit code");
  return { code: text.match(/6-digit code: (\d{6})/)![1]!, link: text.match(/(https?:\/\/\S+\/auth\/open#\S+)/)![1]! };
}

/**
 * Subscribes the signed-in person through the local test-mode checkout: the same fulfilment a
 * paid Stripe checkout runs, so the document library opens and Pro's 5 credits are there.
 */
export async function subscribeThroughApi(page: Page, plan: "basic" | "pro" = "pro"): Promise<void> {
  await payLocally(page, await page.request.post("/api/billing/subscribe", { data: { plan } }));
}

/** Buys one document credit through the local test-mode checkout, as the library's "Buy a document credit" does. */
export async function buyCreditThroughApi(page: Page): Promise<void> {
  await payLocally(page, await page.request.post("/api/billing/checkout", { data: { type: "credit" } }));
}

/** Confirms the local test-mode checkout `start` answered with. */
async function payLocally(page: Page, start: APIResponse): Promise<void> {
  expect(start.ok()).toBe(true);
  const { url } = (await start.json()) as { url: string };
  const checkoutId = new URL(url).pathname.split("/").pop()!;
  expect((await page.request.post(`/api/billing/local/checkouts/${checkoutId}/confirm`, { data: {} })).ok()).toBe(true);
}

/**
 * Creates a verified account through the API and leaves the page's browser context signed in
 * (page.request shares the context's cookies), subscribed to `plan` unless it is null.
 */
export async function signUpThroughApi(
  page: Page,
  email: string,
  password = E2E_PASSWORD,
  { plan = "pro" }: { plan?: "basic" | "pro" | null } = {},
): Promise<void> {
  await signUpWith(page.request, email, password);
  if (plan) await subscribeThroughApi(page, plan);
}

const headers = { Origin: E2E_BASE_URL };

/** A verified account whose session stays in `request`'s cookies. */
async function signUpWith(request: APIRequestContext, email: string, password: string): Promise<void> {
  const signUp = await request.post("/api/auth/sign-up/email", { data: { email, password, name: "" }, headers });
  expect(signUp.ok(), `sign-up answered ${signUp.status()}: ${await signUp.text()}`).toBe(true);
  const { code } = await latestCodeFor(request, email);
  const verify = await request.post("/api/auth/email-otp/verify-email", { data: { email, otp: code }, headers });
  expect(verify.ok(), `verification answered ${verify.status()}: ${await verify.text()}`).toBe(true);
}

/**
 * Leaves the page signed in as a User of another person's organization: `admin` (an API context
 * of its own) signs up, which makes them their organization's admin, and invites `email`, who
 * accepts with the emailed code.
 */
export async function joinAsMemberThroughApi(page: Page, admin: APIRequestContext, email: string): Promise<void> {
  await signUpWith(admin, `admin-${email}`, E2E_PASSWORD);
  const { user } = (await (await admin.get("/api/me")).json()) as { user: { organizationId: string } };
  const invited = await admin.post(`/api/organizations/${user.organizationId}/invitations`, { data: { email }, headers });
  expect(invited.status(), await invited.text()).toBe(201);
  const code = (await latestEmailText(page.request, email, "/auth/complete-invite?token=")).match(/6-digit code: (\d{6})/)![1]!;
  const accepted = await page.request.post("/api/invitations/accept-with-code", { data: { email, code }, headers });
  expect(accepted.ok(), `accepting answered ${accepted.status()}: ${await accepted.text()}`).toBe(true);
}
