import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../src/shared/errors";
import { signedUpClient, TEST_PASSWORD } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// The database gone under a running server (on PostgreSQL the pool is ended; a real outage with
// a refusing server is database-outage.pg.test.ts): every API route says so with 503, none 500s.

let testApp: TestApp;
let person: HttpClient;
let email: string;

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signedUpClient(testApp);
  email = ((await (await person.get("/api/me")).json()) as { user: { email: string } }).user.email;
  await testApp.database.close();
});
afterAll(() => testApp.container.close());

describe("while the database cannot be reached", () => {
  it.each([
    ["the signed-in person's library", () => person.get("/api/documents")],
    ["who am I", () => person.get("/api/me")],
    ["Better Auth's session", () => person.get("/api/auth/get-session")],
    ["a password sign-in", () => new HttpClient(testApp).post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })],
    ["a question", () => person.post("/api/chat/messages", { documentId: crypto.randomUUID(), question: "Is there a timely filing limit?" })],
  ])("%s answers 503 with a message to try again shortly, and when", async (_case, send) => {
    const response = await send();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(((await response.json()) as ErrorBody).error).toMatchObject({
      code: "service_unavailable",
      message: "Clausewise is briefly unavailable. Please try again in a minute.",
    });
  });
});
