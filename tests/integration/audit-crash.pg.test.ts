import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveAuditSecret } from "../../src/server/container";
import type { PostgresHandle } from "../../src/server/db/client";
import { auditEvents } from "../../src/server/db/schema/index";
import { createTestApp, type TestApp } from "../support/test-app";

// A crash between a request's answer and its audit event: the server process is killed (SIGKILL,
// nothing runs after it) the moment its answer arrives, and the request's events must already be
// in the database. Needs PostgreSQL: the killed server and the test read one database.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
});
afterAll(() => testApp.close());

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm start`'s server on this test's database, as a process of its own. */
async function startServerProcess() {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATABASE_URL: (testApp.database as PostgresHandle).pool.options.connectionString!,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      AUDIT_SECRET: resolveAuditSecret(testApp.container.env),
      DATA_DIR: testApp.container.env.dataDir,
      BILLING: "off",
      RUN_WORKER: "false",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  await expect
    .poll(async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status, { timeout: 60_000, interval: 200 })
    .toBe(200)
    .catch((error: unknown) => {
      child.kill("SIGKILL");
      throw new Error(`${String(error)}\n--- the server said ---\n${output}`, { cause: error });
    });
  return { child, exited, origin };
}

describe("a server killed right after it answered", () => {
  it("leaves that request's audit events in the database", { timeout: 120_000 }, async () => {
    const server = await startServerProcess();
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
