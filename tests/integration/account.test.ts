import { eq, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../src/server/db/schema/index";
import type { AccountSession } from "../../src/shared/contracts/account";
import { profileMessages } from "../../src/shared/profile";
import { changeEmail, signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { pictureOf, uploadAvatar } from "../support/avatars";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { processedDocument } from "../support/documents/processing";
import { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf, whoAmI } from "../support/organizations";
import { latestEmailTo, listEmailsTo } from "../support/outbox";
import { startS3Server, type S3Server } from "../support/s3-server";
import { createTestApp, type TestApp } from "../support/test-app";

async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

/** A second browser signed in to the same account. */
async function signedInAgain(testApp: TestApp, email: string): Promise<HttpClient> {
  const client = new HttpClient(testApp);
  expect((await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
  return client;
}

// One app for the email change and sessions; each closing test gets its own, with its storage.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

describe("email change: the current password, then both addresses confirm", () => {
  it("takes effect only after both confirmations, ends every other session, keeps this one", async () => {
    const oldEmail = uniqueTestEmail("mover");
    const client = await signedUpClient(testApp, oldEmail);
    const otherDevice = await signedInAgain(testApp, oldEmail);
    const newEmail = uniqueTestEmail("moved");

    const asked = await client.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD });
    expect(await asked.json()).toEqual({ pendingEmail: newEmail });
    expect(await whoAmI(client)).toMatchObject({ email: oldEmail, pendingEmail: newEmail });
    const toOld = await latestEmailTo(testApp.database.db, oldEmail);
    const toNew = await latestEmailTo(testApp.database.db, newEmail);
    expect(toOld.subject).toMatch(/^Confirm your email change/);
    expect(toNew.subject).toMatch(/^Confirm your new email address/);
    expect(toOld.link).toContain("/auth/open#");

    // The new address first, by its link, from a browser with no session.
    const link = new URL(decodeURIComponent(new URL(toNew.link!).hash.slice(1)));
    const followed = await new HttpClient(testApp).get(`${link.pathname}${link.search}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/app/account?email_change=waiting");
    expect((await whoAmI(client)).email).toBe(oldEmail);

    // A wrong code for the old address changes nothing.
    const wrong = await client.post("/api/auth/email-change/confirm", { email: oldEmail, code: toOld.code === "000000" ? "111111" : "000000" });
    expect(await errorOf(wrong)).toMatchObject({ code: "bad_request", message: profileMessages.emailChangeInvalidCode });

    const confirmed = await client.post("/api/auth/email-change/confirm", { email: oldEmail, code: toOld.code });
    expect(await confirmed.json()).toEqual({ status: "changed" });
    expect(await whoAmI(client)).toMatchObject({ email: newEmail, emailVerified: true, pendingEmail: null });
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(await signedInAgain(testApp, newEmail).then(() => "signed in")).toBe("signed in");
    expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: oldEmail, password: TEST_PASSWORD })).status).toBe(401);
    // A used code does not work twice.
    expect((await client.post("/api/auth/email-change/confirm", { email: oldEmail, code: toOld.code })).status).toBe(400);
  });

  it.each([
    ["without the current password", { currentPassword: "" }, "validation_failed", profileMessages.currentPasswordRequired],
    ["with a wrong current password", { currentPassword: "not-my-password" }, "incorrect_password", profileMessages.incorrectPassword],
    ["to a malformed address", { newEmail: "not an address" }, "validation_failed", profileMessages.invalidEmail],
  ])("is refused %s, and nothing is sent or changed", async (_label, overrides, code, message) => {
    const email = uniqueTestEmail("refused");
    const client = await signedUpClient(testApp, email);
    const newEmail = uniqueTestEmail("never");
    const emailsBefore = await listEmailsTo(testApp.database.db, email);
    const response = await client.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD, ...overrides });
    expect(await errorOf(response)).toMatchObject({ code, message });
    expect(await whoAmI(client)).toMatchObject({ email, pendingEmail: null });
    expect(await listEmailsTo(testApp.database.db, email)).toHaveLength(emailsBefore.length);
  });

  it("answers the same whether or not another account uses the new address; that account's owner is told by email instead of sent a code", async () => {
    const askFor = async (newEmail: string) => {
      const email = uniqueTestEmail("asker");
      const client = await signedUpClient(testApp, email);
      const response = await client.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD });
      const toOld = await latestEmailTo(testApp.database.db, email);
      return { client, status: response.status, body: (await response.json()) as unknown, me: await whoAmI(client), toOld, email };
    };
    const taken = uniqueTestEmail("taken");
    await signedUpClient(testApp, taken);
    const emailsToTakenBefore = await listEmailsTo(testApp.database.db, taken);
    const free = uniqueTestEmail("free");
    const [toTaken, toFree] = [await askFor(taken), await askFor(free)];

    expect(toTaken.status).toBe(200);
    expect(toFree.status).toBe(200);
    expect(toTaken.body).toEqual({ pendingEmail: taken });
    expect(toFree.body).toEqual({ pendingEmail: free });
    expect(toTaken.me.pendingEmail).toBe(taken);
    expect(toTaken.toOld.subject).toBe(toFree.toOld.subject);
    expect(toTaken.toOld.code).toMatch(/^\d{6}$/);

    // The owner of the taken address gets a notice, never a code or link that would complete the change.
    const emailsToTaken = await listEmailsTo(testApp.database.db, taken);
    expect(emailsToTaken).toHaveLength(emailsToTakenBefore.length + 1);
    const notice = await latestEmailTo(testApp.database.db, taken);
    expect(notice.subject).toMatch(/^Someone tried to use your email address/);
    expect(notice.text).toContain(toTaken.email);
    expect(notice.code).toBeUndefined();
    expect(notice.link).toBeUndefined();
    // Asking for a new code for the taken side sends none either.
    expect((await toTaken.client.post("/api/auth/email-change/resend", { email: taken })).status).toBe(200);
    expect(await listEmailsTo(testApp.database.db, taken)).toHaveLength(emailsToTaken.length);

    // Confirming the old side waits, as for any change whose other side is not confirmed yet; nothing changes.
    const waiting = await toTaken.client.post("/api/auth/email-change/confirm", { email: toTaken.email, code: toTaken.toOld.code });
    expect(await waiting.json()).toEqual({ status: "waiting" });
    expect(await whoAmI(toTaken.client)).toMatchObject({ email: toTaken.email });
  });

  it("an address someone took while the change waited is refused at the last confirmation", async () => {
    const email = uniqueTestEmail("slow");
    const client = await signedUpClient(testApp, email);
    const newEmail = uniqueTestEmail("contested");
    expect((await client.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD })).status).toBe(200);
    const codes = { old: (await latestEmailTo(testApp.database.db, email)).code, new: (await latestEmailTo(testApp.database.db, newEmail)).code };
    await signedUpClient(testApp, newEmail);
    expect((await client.post("/api/auth/email-change/confirm", { email, code: codes.old })).status).toBe(200);
    const refused = await client.post("/api/auth/email-change/confirm", { email: newEmail, code: codes.new });
    expect(await errorOf(refused)).toMatchObject({ code: "conflict", message: profileMessages.emailInUse });
    expect(await whoAmI(client)).toMatchObject({ email, pendingEmail: null });
  });

  it("Better Auth's own change, which confirms only the new address, is off", async () => {
    const client = await signedUpClient(testApp);
    expect((await client.post("/api/auth/email-otp/request-email-change", { newEmail: uniqueTestEmail("bypass") })).status).toBe(400);
  });
});

describe("sessions and password", () => {
  it("lists the account's sessions, marks this one, and signs out the others", async () => {
    const email = uniqueTestEmail("sessions");
    const client = await signedUpClient(testApp, email);
    const other = await signedInAgain(testApp, email);
    const listed = ((await (await client.get("/api/account/sessions")).json()) as { sessions: AccountSession[] }).sessions;
    expect(listed).toHaveLength(2);
    expect(listed.filter((session) => session.isCurrent)).toHaveLength(1);
    expect(await (await client.post("/api/account/sessions/sign-out-others")).json()).toEqual({ signedOut: 1 });
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("changes the password with the current one and ends the other sessions", async () => {
    const email = uniqueTestEmail("password");
    const client = await signedUpClient(testApp, email);
    const other = await signedInAgain(testApp, email);
    const wrong = await client.post("/api/auth/change-password", { currentPassword: "nope-nope", newPassword: "a-new-password-1", revokeOtherSessions: true });
    expect(wrong.status).toBe(400);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "a-new-password-1",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);
  });
});

/**
 * Every table of the schema, read from the schema itself: a table added later is searched too. The
 * audit log aside: it keeps who did what, the closure included, for the retention period, and its
 * rows cannot be changed (ADR 020); the test below checks what it keeps.
 */
const auditTables = new Set<unknown>([schema.auditEvents, schema.auditChainHeads]);
const allTables: PgTable[] = Object.values(schema).filter((value) => is(value, PgTable) && !auditTables.has(value));

describe.each(["local", "s3"] as const)("closing an account (%s storage)", (storage) => {
  let s3: S3Server | undefined;
  let closingApp: TestApp;
  beforeAll(async () => {
    s3 = storage === "s3" ? await startS3Server() : undefined;
    closingApp = await createTestApp({ env: { ...s3?.env, BILLING: "off" } });
    closingApp.container.jobs.startWorker({ pollIntervalMs: 50 });
  });
  afterAll(async () => {
    await closingApp.close();
    await s3?.close();
  });

  /** Rows of any table whose text names one of `needles`. */
  async function rowsNaming(needles: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const table of allTables) {
      for (const row of (await closingApp.database.db.select().from(table as typeof schema.users)) as object[]) {
        const text = JSON.stringify(row);
        if (needles.some((needle) => text.includes(needle))) found.push(`${getTableConfig(table).name}: ${text.slice(0, 200)}`);
      }
    }
    return found;
  }

  /** The stored files, but the audit log's checkpoints: like the log itself, they are the installation's record and stay (ADR 031). */
  async function storedKeys(): Promise<string[]> {
    if (s3) return [];
    const root = path.join(closingApp.container.env.dataDir, "files");
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .filter((key) => !key.startsWith("audit-checkpoints"));
  }

  it("deletes every document, file, page, passage, chat, support request and the avatar; the organization goes on; the account cannot sign in", async () => {
    const email = uniqueTestEmail("closer");
    const closer = await signedUpClient(closingApp, email, { name: "Clo Ser" });
    const organizationId = await organizationIdOf(closer);
    const colleague = await joinedMember(closingApp, closer, organizationId);
    const { id: userId } = await whoAmI(closer);
    const document = await processedDocument(closingApp, closer, "Closer Provider Agreement.pdf", payerContractPdf("closer"));
    const asked = await closer.post("/api/chat/messages", { documentId: document.id, question: "How long do we have to file claims?" });
    const events = await readEvents(asked);
    const sessionId = events.find((event) => event.type === "session")!;
    expect(sessionId).toBeDefined();
    expect((await closer.post("/api/support/feedback", { category: "general", message: "Closing soon", path: "/app/documents" })).status).toBe(201);
    expect((await uploadAvatar(closer, "me.png", await pictureOf("png", 64, 64))).status).toBe(200);
    expect((await closer.request("/api/me/profile", { method: "PATCH", json: { bio: "Leaving" } })).status).toBe(200);
    const [stored] = await closingApp.database.db
      .select({ storageKey: schema.documents.storageKey })
      .from(schema.documents)
      .where(eq(schema.documents.id, document.id));
    const keys = [stored!.storageKey, `avatars/${userId}/avatar.png`];
    if (s3) for (const key of keys) expect(await s3.hasObject(key)).toBe(true);
    expect(await rowsNaming([userId, email, document.id])).not.toEqual([]);

    const wrong = await closer.post("/api/account/close", { password: "not-my-password" });
    expect(await errorOf(wrong)).toMatchObject({ code: "incorrect_password", message: profileMessages.incorrectPassword });
    expect((await closer.get("/api/me")).status).toBe(200);

    expect(await (await closer.post("/api/account/close", { password: TEST_PASSWORD })).json()).toEqual({ closed: true });

    expect(await rowsNaming([userId, email.toLowerCase(), document.id])).toEqual([]);
    // The audit log keeps what the account did, its closure last (ADR 020).
    await closingApp.container.audit.flush();
    const kept = await closingApp.database.db.select().from(schema.auditEvents).where(eq(schema.auditEvents.actorUserId, userId));
    expect(kept.map((event) => event.action)).toEqual(expect.arrayContaining(["document.uploaded", "chat.question-asked", "account.closed"]));
    if (s3) for (const key of keys) expect(await s3.hasObject(key)).toBe(false);
    else expect(await storedKeys()).toEqual([]);
    expect((await closer.get("/api/me")).status).toBe(401);
    expect((await new HttpClient(closingApp).post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(401);
    // The organization works on, with the colleague now its admin.
    expect(await whoAmI(colleague.client)).toMatchObject({ organizationId, organizationRole: "org_admin" });
    expect((await colleague.client.get(`/api/organizations/${organizationId}/members`)).status).toBe(200);
  }, 90_000);

  it("an organization left with nobody is deleted with it", async () => {
    const email = `al.one@alone-${Date.now()}-${storage}.example`;
    const closer = await signedUpClient(closingApp, email, { name: "Al One" });
    const { id: userId, organizationName } = await whoAmI(closer);
    expect((await closer.post("/api/account/close", { password: TEST_PASSWORD })).status).toBe(200);
    expect(await rowsNaming([userId, email.toLowerCase(), organizationName!])).toEqual([]);
  });
});

describe("email change moves the membership too", () => {
  it("to a new organization for another company domain", async () => {
    const client = await signedUpClient(testApp, `pat@first-${Date.now()}.example`);
    const before = await organizationIdOf(client);
    await changeEmail(testApp, client, `pat@second-${Date.now()}.example`);
    expect(await organizationIdOf(client)).not.toBe(before);
  });
});
