import { expect } from "vitest";
import { HttpClient } from "./http-client";
import { latestEmailTo } from "./outbox";
import type { TestApp } from "./test-app";

export const TEST_PASSWORD = "correct-horse-42";
let accountCount = 0;

export function uniqueTestEmail(label = "person"): string {
  accountCount += 1;
  return `${label}${accountCount}-${Date.now()}@clinic.example`;
}

/** Reads the 6-digit code last emailed to an address, wherever the app under test sends email. */
export type EmailedCode = (email: string) => Promise<string | undefined>;

/**
 * Signs up (with `name`, if given) and verifies with the emailed code, as a person would: a
 * signed-in client. The code is read from the local outbox unless `emailedCode` reads it
 * elsewhere (an SMTP test server).
 */
export async function signedUpClient(
  testApp: TestApp,
  email = uniqueTestEmail(),
  {
    name = "",
    emailedCode = async (address: string) => (await latestEmailTo(testApp.database.db, address)).code,
  }: { name?: string; emailedCode?: EmailedCode } = {},
): Promise<HttpClient> {
  const client = new HttpClient(testApp);
  expect((await client.post("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name })).status).toBe(200);
  const code = await emailedCode(email);
  expect((await client.post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
  return client;
}

/**
 * An email change as a person makes it: asked with the password, then confirmed with the code sent
 * to the old address and the one sent to the new (spec section 4).
 */
export async function changeEmail(testApp: TestApp, client: HttpClient, newEmail: string): Promise<void> {
  const { user } = (await (await client.get("/api/me")).json()) as { user: { email: string } };
  const asked = await client.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD });
  expect(asked.status, await asked.clone().text()).toBe(200);
  for (const email of [user.email, newEmail]) {
    const { code } = await latestEmailTo(testApp.database.db, email);
    expect((await client.post("/api/auth/email-change/confirm", { email, code })).status).toBe(200);
  }
}
