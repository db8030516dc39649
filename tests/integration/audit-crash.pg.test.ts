import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../src/server/db/schema/index";
import { startWebProcess } from "../support/app-processes";
import { createTestApp, type TestApp } from "../support/test-app";

// A crash between a request's answer and its audit event: the server process is killed (SIGKILL,
// nothing runs after it) the moment its answer arrives, and the request's events must already be
// in the database. Needs PostgreSQL: the killed server and the test read one database.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
});
afterAll(() => testApp.close());

describe("a server killed right after it answered", () => {
  it("leaves that request's audit events in the database", { timeout: 120_000 }, async () => {
    const server = await startWebProcess(testApp, { AUTH_SECRET: randomBytes(32).toString("hex"), BILLING: "off", RUN_WORKER: "false" });
    const tag = randomUUID();
    const email = `crash-${tag}@clinic.example`;
    try {
      // A signed-out caller refused (recorded by the API's refusal recorder) …
      const refused = await fetch(`${server.origin}/api/documents/${tag}`);
      expect(refused.status).toBe(401);
      // … and a failed sign-in (recorded by Better Auth's hook), the last thing the process answers.
      const signIn = await fetch(`${server.origin}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.origin },
        body: JSON.stringify({ email, password: "not-the-password-1" }),
      });
      expect(signIn.status).toBe(401);
    } finally {
      server.child.kill("SIGKILL");
    }
    expect(await server.exited).toBe("SIGKILL");

    const events = await testApp.database.db
      .select({ action: auditEvents.action, targetId: auditEvents.targetId, targetName: auditEvents.targetName })
      .from(auditEvents)
      .where(inArray(auditEvents.action, ["access.denied", "auth.sign-in-failed"]));
    expect(events).toContainEqual({ action: "access.denied", targetId: `GET /api/documents/${tag}`, targetName: null });
    expect(events).toContainEqual(expect.objectContaining({ action: "auth.sign-in-failed", targetName: email }));
    const [refusal] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, `GET /api/documents/${tag}`));
    expect(refusal!.details).toMatchObject({ reason: "signed out" });
    expect((await testApp.container.audit.verify()).isIntact).toBe(true);
  });
});
