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

/** Signs up and verifies with the emailed code, as a person would: a signed-in client. */
export async function signedUpClient(testApp: TestApp, email = uniqueTestEmail(), name = ""): Promise<HttpClient> {
  const client = new HttpClient(testApp);
  expect((await client.post("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name })).status).toBe(200);
  const { code } = await latestEmailTo(testApp.database.db, email);
  expect((await client.post("/api/auth/email-otp/verify-email", { email, otp: code })).status).toBe(200);
  return client;
}
