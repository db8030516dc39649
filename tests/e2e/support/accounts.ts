import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e-config";

export const E2E_PASSWORD = "e2e-password-123";
export const PLATFORM_OWNER_EMAIL = "owner@e2e.example";

/** A fresh address per call, so tests never share an account or a rate-limit counter. */
export function uniqueEmail(label: string): string {
  return `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 30)}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.example`;
}

export async function latestCodeFor(request: APIRequestContext, email: string): Promise<{ code: string; link: string }> {
  let text = "";
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`)).json()) as {
        messages: { text: string }[];
      };
      text = messages[0]?.text ?? "";
      return text;
    })
    .toContain("6-digit code");
  return { code: text.match(/6-digit code: (\d{6})/)![1]!, link: text.match(/(https?:\/\/\S+\/auth\/open#\S+)/)![1]! };
}

/**
 * Creates a verified account through the API and leaves the page's browser context signed in
 * (page.request shares the context's cookies).
 */
export async function signUpThroughApi(page: Page, email: string, password = E2E_PASSWORD): Promise<void> {
  const headers = { Origin: E2E_BASE_URL };
  const signUp = await page.request.post("/api/auth/sign-up/email", { data: { email, password, name: "" }, headers });
  expect(signUp.ok()).toBe(true);
  const { code } = await latestCodeFor(page.request, email);
  const verify = await page.request.post("/api/auth/email-otp/verify-email", { data: { email, otp: code }, headers });
  expect(verify.ok()).toBe(true);
}
