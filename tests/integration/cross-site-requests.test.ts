import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supportRequests } from "../../src/server/db/schema/index";
import type { MeResponse } from "../../src/shared/contracts/me";
import type { ErrorBody } from "../../src/shared/errors";
import { signedUpClient } from "../support/accounts";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// Another site's page can make the visitor's browser send a request with the visitor's cookie
// (SameSite=Lax still lets a top-level form POST through). The authorization matrix shows every
// changing route refuses another site's Origin; these show what such a page could still send.

let testApp: TestApp;
let person: HttpClient;
let personId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  person = await signedUpClient(testApp);
  personId = ((await (await person.get("/api/me")).json()) as MeResponse).user.id;
});
afterAll(() => testApp.close());

const storedRequests = async () =>
  (await testApp.container.db.select({ total: count() }).from(supportRequests).where(eq(supportRequests.userId, personId)))[0]!.total;

/** The person's cookie on a request shaped by hand, as a form on another page would send it. */
function sendWithCookie(path: string, init: { headers: Record<string, string>; body: string }) {
  const cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return testApp.app.request(path, { method: "POST", headers: { Cookie: cookie, ...init.headers }, body: init.body });
}

describe("requests another site's page could send", () => {
  it("a JSON body sent as text/plain (what a form may send without asking first) is refused with 415, and nothing is stored", async () => {
    const response = await sendWithCookie("/api/support/feedback", {
      headers: { "Content-Type": "text/plain" },
      body: JSON.stringify({ category: "general", message: "Sent by another site", path: "/app/documents" }),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorBody).error.code).toBe("unsupported_media_type");
    expect(await storedRequests()).toBe(0);
  });

  it("a form posted from another site is refused with 403 and a message that says why, and nothing is stored", async () => {
    const response = await sendWithCookie("/api/support/feedback", {
      headers: { "Content-Type": "application/json", Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
      body: JSON.stringify({ category: "general", message: "Sent by another site", path: "/app/documents" }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.message).toBe("This request came from another website and was refused.");
    expect(await storedRequests()).toBe(0);
  });

  it("the app's own page sends the same request and it is stored", async () => {
    const response = await sendWithCookie("/api/support/feedback", {
      headers: { "Content-Type": "application/json; charset=utf-8", Origin: testApp.container.env.publicUrl, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ category: "general", message: "Sent from the app", path: "/app/documents" }),
    });
    expect(response.status).toBe(201);
    expect(await storedRequests()).toBe(1);
  });
});
