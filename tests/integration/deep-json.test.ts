import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportRequests } from "../../src/server/db/schema/index";
import type { ErrorBody } from "../../src/shared/errors";
import { signedUpClient } from "../support/accounts";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// A body nested 200,000 levels deep is a few hundred kilobytes, well under the body limit; walking
// it recursively overflowed the stack and answered 500 (issue 30).

let testApp: TestApp;
let person: HttpClient;

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signedUpClient(testApp);
});
afterAll(() => testApp.close());

const deeplyNested = (levels: number, inner = '"x"') => `${"[".repeat(levels)}${inner}${"]".repeat(levels)}`;

function sendRaw(client: HttpClient, path: string, body: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return testApp.app.request(path, {
    method: "POST",
    headers: { Cookie: cookie, Origin: testApp.container.env.publicUrl, "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.250" },
    body,
  });
}

describe("deeply nested JSON", () => {
  it.each([
    ["sign-in", "/api/auth/sign-in/email", `{"email":"a@clinic.example","password":${deeplyNested(200_000)}}`],
    ["chat", "/api/chat/messages", `{"documentId":${deeplyNested(200_000)}}`],
    ["support", "/api/support/feedback", `{"category":"general","message":${deeplyNested(200_000)},"path":"/app"}`],
  ])("a body nested 200,000 levels on a %s route is refused with 400 and a message that says why", async (_route, path, body) => {
    const response = await sendRaw(person, path, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: "bad_request", message: "The request body is nested too deeply." });
  });

  it("a NUL character deep inside a nested body is still refused", async () => {
    const response = await sendRaw(person, "/api/support/feedback", `{"category":"general","message":${deeplyNested(50, '"a\\u0000b"')},"path":"/app"}`);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.code).toBe("validation_failed");
  });

  it("nothing is stored, and an ordinary body still goes through", async () => {
    expect((await testApp.container.db.select({ total: count() }).from(supportRequests))[0]!.total).toBe(0);
    const response = await person.post("/api/support/feedback", { category: "general", message: "Fine", path: "/app/documents" });
    expect(response.status).toBe(201);
  });
});
