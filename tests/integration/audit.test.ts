import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditChainHeads, auditEvents } from "../../src/server/db/schema/index";
import { pruneAuditEvents } from "../../src/server/modules/audit/audit.jobs";
import { GENESIS_HASH, hashEvent } from "../../src/core/audit/chain";
import { createFileStorage } from "../../src/server/adapters/storage/configured-storage";
import { sha256 } from "../../src/server/modules/audit/audit-keys";
import { describeVerification, systemActor } from "../../src/server/modules/audit/audit.service";
import { AUDIT_PAGE_SIZE } from "../../src/shared/audit";
import { accountSessionsResponseSchema } from "../../src/shared/contracts/account";
import { SIGN_IN_METHOD_NOT_ALLOWED } from "../../src/shared/organizations";
import { paths } from "../../src/shared/paths";
import { auditCheckpointResultSchema, auditEventPageSchema, auditVerificationSchema, type AuditEventPage } from "../../src/shared/contracts/audit";
import { changeEmail, signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { aNewAuditEvent, auditLogOf, eventsOf, onlyEvent, wrongCodeFor } from "../support/audit";
import { readyFactSheet } from "../support/fact-sheets";
import { buyCreditLocally, subscribeLocally } from "../support/billing";
import { readEvents } from "../support/chat";
import { payerContractPdf } from "../support/documents/payer-contract";
import { enqueueAsIfEveryAttemptCrashed, processedDocument, uploadedDocument } from "../support/documents/processing";
import { HttpClient } from "../support/http-client";
import { socialSignInEnv, startOidcServer } from "../support/oidc-server";
import { latestEmailTo } from "../support/outbox";
import { invite, joinedMember, whoAmI } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

async function page(response: Response): Promise<AuditEventPage> {
  expect(response.status, await response.clone().text()).toBe(200);
  return auditEventPageSchema.parse(await response.json());
}

let testApp: TestApp;
let owner: HttpClient;
let ownerId: string;
let admin: HttpClient;
let adminId: string;
let adminEmail: string;
let organizationId: string;

beforeAll(async () => {
  testApp = await createTestApp();
  // The first account is the platform owner.
  owner = await signedUpClient(testApp, uniqueTestEmail("owner"));
  ownerId = (await whoAmI(owner)).id;
  adminEmail = uniqueTestEmail("admin");
  admin = await signedUpClient(testApp, adminEmail);
  const me = await whoAmI(admin);
  adminId = me.id;
  organizationId = me.organizationId!;
});
afterAll(async () => {
  await testApp.close();
});

describe("what the audit log records", () => {
  it("sign-ins by each method, a failed sign-in, sign-out, password change and reset, other sessions ended", async () => {
    const db = testApp.database.db;
    const email = adminEmail;
    const byPassword = new HttpClient(testApp, { "User-Agent": "AuditTest/1.0" });
    expect((await byPassword.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
    const signIn = (await eventsOf(testApp, "auth.sign-in")).filter((event) => event.actorUserId === adminId).at(-1)!;
    expect(signIn).toMatchObject({
      actorEmail: email,
      actorRole: "org_admin",
      organizationId,
      targetType: "user",
      targetId: adminId,
      outcome: "success",
      userAgent: "AuditTest/1.0",
      details: { method: "password" },
    });
    expect(signIn.ip).toMatch(/^203\.0\./);
    expect(signIn.requestId).toBeTruthy();

    const byCode = new HttpClient(testApp);
    await byCode.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" });
    const { code } = await latestEmailTo(db, email);
    expect((await byCode.post("/api/auth/sign-in/email-otp", { email, otp: code })).status).toBe(200);
    expect((await eventsOf(testApp, "auth.sign-in")).filter((event) => event.actorUserId === adminId).at(-1)!.details).toEqual({ method: "code" });

    const guesser = new HttpClient(testApp);
    expect((await guesser.post("/api/auth/sign-in/email", { email, password: "wrong-password" })).status).toBe(401);
    const failed = await onlyEvent(testApp, "auth.sign-in-failed", adminId);
    expect(failed).toMatchObject({
      outcome: "failed",
      actorEmail: email,
      organizationId,
      details: { method: "password", errorCode: "INVALID_EMAIL_OR_PASSWORD" },
    });

    expect((await byCode.post("/api/auth/sign-out")).status).toBe(200);
    expect(await onlyEvent(testApp, "auth.sign-out", (await eventsOf(testApp, "auth.sign-out")).at(-1)!.targetId)).toMatchObject({ actorUserId: adminId });

    const changed = await byPassword.post("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "a-new-password-1",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect(await onlyEvent(testApp, "auth.password-changed", adminId)).toMatchObject({ actorUserId: adminId });

    const anonymous = new HttpClient(testApp);
    expect((await anonymous.post("/api/auth/forget-password/email-otp", { email })).status).toBe(200);
    const reset = await latestEmailTo(db, email);
    expect((await anonymous.post("/api/auth/email-otp/reset-password", { email, otp: reset.code, password: TEST_PASSWORD })).status).toBe(200);
    expect(await onlyEvent(testApp, "auth.password-reset", adminId)).toMatchObject({ actorEmail: email, organizationId });

    expect((await admin.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
    const other = new HttpClient(testApp);
    expect((await other.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await admin.post("/api/account/sessions/sign-out-others")).status).toBe(200);
    expect(await onlyEvent(testApp, "account.sessions-revoked", adminId)).toMatchObject({ details: { sessionsEnded: 1 } });
  });

  it("one session signed out from the sessions list, and signing out everywhere", async () => {
    const email = uniqueTestEmail("devices");
    const laptop = await signedUpClient(testApp, email);
    const me = await whoAmI(laptop);
    const phone = new HttpClient(testApp);
    expect((await phone.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
    const { sessions } = accountSessionsResponseSchema.parse(await (await laptop.get("/api/account/sessions")).json());
    const [current, other] = [sessions.find((session) => session.isCurrent)!, sessions.find((session) => !session.isCurrent)!];
    // Another person cannot end it, nor anyone end the session they are using this way.
    expect((await admin.request(`/api/account/sessions/${other.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await laptop.request(`/api/account/sessions/${current.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await phone.get("/api/me")).status).toBe(200);

    expect((await laptop.request(`/api/account/sessions/${other.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect(await onlyEvent(testApp, "account.session-revoked", other.id)).toMatchObject({
      actorUserId: me.id,
      actorEmail: email,
      organizationId: me.organizationId,
      targetType: "session",
      outcome: "success",
    });
    expect((await laptop.request(`/api/account/sessions/${other.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await eventsOf(testApp, "account.session-revoked")).filter((event) => event.actorUserId === me.id)).toHaveLength(1);

    expect((await laptop.post("/api/auth/revoke-sessions")).status).toBe(200);
    expect(await onlyEvent(testApp, "auth.sign-out", current.id)).toMatchObject({ actorUserId: me.id, details: { reason: "every session" } });
  });

  it("wrong email-change and invitation codes are failed attempts, recorded without the code", async () => {
    const changer = await signedUpClient(testApp, uniqueTestEmail("changer"));
    const me = await whoAmI(changer);
    const newEmail = uniqueTestEmail("changed");
    expect((await changer.post("/api/account/email-change", { newEmail, currentPassword: TEST_PASSWORD })).status).toBe(200);
    const wrongChangeCode = wrongCodeFor((await latestEmailTo(testApp.database.db, me.email)).code!);
    const guesser = new HttpClient(testApp, { "User-Agent": "Guesser/1.0" });
    expect((await guesser.post("/api/auth/email-change/confirm", { email: me.email, code: wrongChangeCode })).status).toBe(400);
    const failedChange = await onlyEvent(testApp, "account.email-changed", me.id);
    expect(failedChange).toMatchObject({
      outcome: "failed",
      actorUserId: me.id,
      organizationId: me.organizationId,
      userAgent: "Guesser/1.0",
      details: { newEmail, reason: "wrong code" },
    });
    expect(failedChange.requestId).toBeTruthy();
    expect(JSON.stringify(failedChange.details)).not.toContain(wrongChangeCode);

    const invitee = uniqueTestEmail("guessed");
    const { invitationId, code } = await invite(testApp, admin, organizationId, invitee);
    const wrongInvitationCode = wrongCodeFor(code);
    expect((await guesser.post("/api/invitations/accept-with-code", { email: invitee, code: wrongInvitationCode })).status).toBe(400);
    const failedAcceptance = await onlyEvent(testApp, "invitation.accepted", invitationId);
    expect(failedAcceptance).toMatchObject({
      outcome: "failed",
      actorUserId: null,
      actorEmail: invitee,
      organizationId,
      targetName: invitee,
      userAgent: "Guesser/1.0",
      details: { method: "invitation_code", reason: "wrong code" },
    });
    expect(JSON.stringify(failedAcceptance.details)).not.toContain(wrongInvitationCode);
  });

  it("codes for an address nothing waits on are the caller's own attempts, at most ten a minute per address, never in the owner's name", async () => {
    const owner = await signedUpClient(testApp, uniqueTestEmail("not-changing"));
    const { email } = await whoAmI(owner);
    const scanner = new HttpClient(testApp, { "User-Agent": "Scanner/1.0", "X-Forwarded-For": "203.0.113.77" });
    const statuses = [];
    for (let attempt = 0; attempt < 12; attempt++)
      statuses.push((await scanner.post("/api/auth/email-change/confirm", { email, code: wrongCodeFor("000000") })).status);
    expect(statuses[0]).toBe(400);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    const recorded = (await eventsOf(testApp, "account.email-changed")).filter((event) => event.targetName === email);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.length).toBeLessThanOrEqual(10);
    for (const event of recorded) expect(event).toMatchObject({ outcome: "failed", actorUserId: null, organizationId: null, userAgent: "Scanner/1.0" });
  });

  it("documents uploaded, processed, viewed, downloaded, renamed and deleted; questions asked, chats exported and deleted, by id only", async () => {
    await subscribeLocally(admin);
    const document = await processedDocument(testApp, admin, "Audit Provider Agreement.pdf", payerContractPdf("audit"));
    expect(await onlyEvent(testApp, "document.uploaded", document.id)).toMatchObject({
      actorUserId: adminId,
      organizationId,
      targetName: "Audit Provider Agreement.pdf",
    });
    await expect.poll(async () => (await eventsOf(testApp, "document.processed")).filter((event) => event.targetId === document.id)).toHaveLength(1);
    expect(await onlyEvent(testApp, "document.processed", document.id)).toMatchObject({ actorUserId: null, organizationId, outcome: "success" });
    expect(await onlyEvent(testApp, "billing.credits-spent", document.id)).toMatchObject({
      actorUserId: adminId,
      organizationId,
      targetType: "document",
      outcome: "success",
      details: { credits: 1, source: "plan", documentId: document.id },
    });
    // Waiting for processing fetched the document again and again: one view in the window is recorded.
    expect((await admin.get(`/api/documents/${document.id}`)).status).toBe(200);
    expect(await onlyEvent(testApp, "document.viewed", document.id)).toMatchObject({ actorUserId: adminId });
    expect((await admin.get(`/api/documents/${document.id}/file`)).status).toBe(200);
    expect(await onlyEvent(testApp, "document.downloaded", document.id)).toMatchObject({ actorUserId: adminId });
    expect((await admin.request(`/api/documents/${document.id}`, { method: "PATCH", json: { filename: "Renamed" } })).status).toBe(200);
    expect(await onlyEvent(testApp, "document.renamed", document.id)).toMatchObject({
      details: { previousName: "Audit Provider Agreement.pdf", newName: "Renamed.pdf" },
    });

    const question = "How many days do we have to file a claim under this agreement?";
    const asked = await readEvents(await admin.post("/api/chat/messages", { documentId: document.id, question }));
    const session = asked.find((event) => event.type === "session");
    if (session?.type !== "session") throw new Error("no session");
    const askedEvent = await onlyEvent(testApp, "chat.question-asked", session.session.id);
    expect(askedEvent).toMatchObject({ targetName: null, details: { documentId: document.id, messageId: session.userMessage.id } });
    expect(JSON.stringify(askedEvent)).not.toContain("file a claim");
    expect((await admin.get(`/api/chat/sessions/${session.session.id}/export?format=markdown`)).status).toBe(200);
    expect(await onlyEvent(testApp, "chat.exported", session.session.id)).toMatchObject({ actorUserId: adminId, details: { format: "markdown" } });
    expect((await admin.request(`/api/chat/sessions/${session.session.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await onlyEvent(testApp, "chat.deleted", session.session.id)).toMatchObject({ actorUserId: adminId, targetName: null });

    await readyFactSheet(admin, document.id);
    expect((await admin.get(`/api/documents/${document.id}/fact-sheet/export?format=csv`)).status).toBe(200);
    expect(await onlyEvent(testApp, "fact-sheet.exported", document.id)).toMatchObject({ actorUserId: adminId, details: { format: "csv" } });

    expect((await admin.request(`/api/documents/${document.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await onlyEvent(testApp, "document.deleted", document.id)).toMatchObject({ targetName: "Renamed.pdf" });
  });

  it("subscriptions and purchased credits", async () => {
    const payer = await signedUpClient(testApp, uniqueTestEmail("payer"));
    const payerId = (await whoAmI(payer)).id;
    await subscribeLocally(payer, "basic");
    expect((await eventsOf(testApp, "billing.subscription-changed")).filter((event) => event.actorUserId === payerId)).toHaveLength(1);
    expect((await eventsOf(testApp, "billing.subscription-changed")).find((event) => event.actorUserId === payerId)).toMatchObject({
      details: { plan: "basic", status: "active" },
    });
    await buyCreditLocally(payer);
    expect(await onlyEvent(testApp, "billing.credits-added", payerId)).toMatchObject({ details: { quantity: 1 } });
  });

  it("a credit spent on processing is given back, in the same log, when processing fails for a reason of ours", async () => {
    const payer = await signedUpClient(testApp, uniqueTestEmail("refunded"));
    const me = await whoAmI(payer);
    await subscribeLocally(payer, "basic");
    const document = await uploadedDocument(payer, "Refund Agreement.pdf", payerContractPdf("refund"));
    await enqueueAsIfEveryAttemptCrashed(testApp, document.id, async () => {
      expect((await payer.post(`/api/documents/${document.id}/process`, { trigger: "start" })).status).toBe(200);
    });
    expect(await onlyEvent(testApp, "billing.credits-spent", document.id)).toMatchObject({ actorUserId: me.id, details: { credits: 1, source: "plan" } });
    await expect.poll(async () => (await eventsOf(testApp, "billing.credits-refunded")).filter((event) => event.targetId === document.id)).toHaveLength(1);
    expect(await onlyEvent(testApp, "billing.credits-refunded", document.id)).toMatchObject({
      actorUserId: me.id,
      organizationId: me.organizationId,
      outcome: "success",
      details: { credits: 1, source: "plan", documentId: document.id, reason: "processing failed" },
    });
  });

  it("an organization made at a person's first sign-in, named by the request that made it", async () => {
    const created = await onlyEvent(testApp, "organization.created", organizationId);
    expect(created).toMatchObject({
      actorUserId: adminId,
      actorEmail: adminEmail,
      actorRole: "org_admin",
      organizationId,
      targetType: "organization",
      outcome: "success",
      details: { trigger: "first sign-in", status: "trial" },
    });
    expect(created.targetName).toBeTruthy();
    expect(created.ip).toMatch(/^203\.0\./);
    expect(created.requestId).toBeTruthy();
    const ownerOrganizationId = (await whoAmI(owner)).organizationId!;
    expect(await onlyEvent(testApp, "organization.created", ownerOrganizationId)).toMatchObject({ actorUserId: ownerId, actorRole: "platform_owner" });
  });

  it("invitations, roles, removals, settings and sign-in methods, each in the organization's log", async () => {
    const email = uniqueTestEmail("invitee");
    const { invitationId } = await invite(testApp, admin, organizationId, email);
    expect(await onlyEvent(testApp, "invitation.sent", invitationId)).toMatchObject({
      actorUserId: adminId,
      organizationId,
      targetName: email,
      details: { role: "org_user" },
    });
    expect((await admin.post(`/api/organizations/${organizationId}/invitations/${invitationId}/resend`)).status).toBe(200);
    expect(await onlyEvent(testApp, "invitation.resent", invitationId)).toMatchObject({ organizationId });
    expect((await admin.request(`/api/organizations/${organizationId}/invitations/${invitationId}`, { method: "DELETE" })).status).toBe(204);
    expect(await onlyEvent(testApp, "invitation.cancelled", invitationId)).toMatchObject({ organizationId });

    const member = await joinedMember(testApp, admin, organizationId);
    const accepted = (await eventsOf(testApp, "invitation.accepted")).filter((event) => event.actorUserId === member.userId);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ organizationId, actorEmail: member.email, details: { role: "org_user" } });

    expect(
      (await admin.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "PATCH", json: { role: "org_admin" } })).status,
    ).toBe(200);
    expect(await onlyEvent(testApp, "member.role-changed", member.membershipId)).toMatchObject({
      organizationId,
      details: { previousRole: "org_user", role: "org_admin" },
    });
    expect((await admin.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "DELETE" })).status).toBe(204);
    expect(await onlyEvent(testApp, "member.removed", member.membershipId)).toMatchObject({ organizationId, targetName: member.email });
    const ownOrganization = (await eventsOf(testApp, "organization.created")).filter((event) => event.actorUserId === member.userId);
    expect(ownOrganization).toHaveLength(1);
    expect(ownOrganization[0]).toMatchObject({ actorRole: "org_admin", details: { trigger: "removed from organization" } });
    expect(ownOrganization[0]!.organizationId).not.toBe(organizationId);

    const settings = await admin.request(`/api/organizations/${organizationId}`, {
      method: "PATCH",
      json: { name: "Audit Clinic", maxUsers: 20, storageLimitGb: 4 },
    });
    expect(settings.status).toBe(200);
    expect(await onlyEvent(testApp, "organization.settings-changed", organizationId)).toMatchObject({
      targetName: "Audit Clinic",
      details: { newName: "Audit Clinic", maxUsers: 20 },
    });
    const methods = await admin.request(`/api/organizations/${organizationId}/authentication`, {
      method: "PATCH",
      json: { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password" },
    });
    expect(methods.status).toBe(200);
    expect(await onlyEvent(testApp, "organization.sign-in-methods-changed", organizationId)).toMatchObject({ details: { emailPasswordEnabled: true } });
  });

  it("platform-owner actions, shown in the organization's log when they touch it", async () => {
    const target = await signedUpClient(testApp, uniqueTestEmail("banned"));
    const targetId = (await whoAmI(target)).id;
    expect((await owner.post(`/api/admin/users/${targetId}/ban`, { reason: "Shared their account" })).status).toBe(200);
    expect(await onlyEvent(testApp, "admin.user-banned", targetId)).toMatchObject({
      actorUserId: ownerId,
      actorRole: "platform_owner",
      details: { reason: "Shared their account" },
    });
    expect((await owner.post(`/api/admin/users/${targetId}/unban`)).status).toBe(200);
    expect(await onlyEvent(testApp, "admin.user-unbanned", targetId)).toMatchObject({ actorUserId: ownerId });
    const plan = await owner.request(`/api/platform/organizations/${organizationId}/plan`, { method: "PATCH", json: { status: "enterprise" } });
    expect(plan.status, await plan.clone().text()).toBe(200);
    expect(await onlyEvent(testApp, "admin.organization-plan-changed", organizationId)).toMatchObject({ organizationId, details: { status: "enterprise" } });

    // Recorded in the change's own transaction: a refused one leaves no event.
    const domains = `/api/platform/organizations/${organizationId}/domains`;
    expect((await owner.post(domains, { domain: "audit-clinic.example" })).status).toBe(200);
    expect((await owner.request(`${domains}/audit-clinic.example`, { method: "DELETE" })).status).toBe(200);
    expect((await owner.request(`${domains}/audit-clinic.example`, { method: "DELETE" })).status).toBe(404);
    expect(await onlyEvent(testApp, "admin.domain-verified", organizationId)).toMatchObject({
      actorUserId: ownerId,
      organizationId,
      details: { domain: "audit-clinic.example" },
    });
    expect(await onlyEvent(testApp, "admin.domain-removed", organizationId)).toMatchObject({ actorUserId: ownerId, organizationId });
  });

  it("an email change and a closed account stay on record", async () => {
    const leaver = await signedUpClient(testApp, uniqueTestEmail("leaver"));
    const leaverId = (await whoAmI(leaver)).id;
    const newEmail = uniqueTestEmail("moved");
    await changeEmail(testApp, leaver, newEmail);
    expect(await onlyEvent(testApp, "account.email-changed", leaverId)).toMatchObject({ details: { newEmail } });
    expect((await leaver.post("/api/account/close", { password: TEST_PASSWORD })).status).toBe(200);
    expect(await onlyEvent(testApp, "account.closed", leaverId)).toMatchObject({ actorEmail: newEmail });
  });

  it("refusals of another's object are recorded, at most ten a minute per person", async () => {
    const scanner = await signedUpClient(testApp, uniqueTestEmail("scanner"));
    const scannerId = (await whoAmI(scanner)).id;
    for (let attempt = 0; attempt < 25; attempt += 1) {
      expect((await scanner.get(`/api/documents/00000000-0000-4000-8000-${String(attempt).padStart(12, "0")}`)).status).toBe(404);
    }
    const denied = (await eventsOf(testApp, "access.denied")).filter((event) => event.actorUserId === scannerId);
    expect(denied).toHaveLength(10);
    expect(denied[0]).toMatchObject({ outcome: "denied", details: { httpMethod: "GET", status: 404 } });
  });

  it("refusals to signed-out callers and to another site's requests, at most ten a minute per address; asking who is signed in is none", async () => {
    const address = "198.51.100.23";
    const stranger = new HttpClient(testApp, { "X-Forwarded-For": address, "User-Agent": "Scanner/2.0" });
    expect((await stranger.get("/api/me")).status).toBe(401);
    expect((await eventsOf(testApp, "access.denied")).filter((event) => event.ip === address)).toEqual([]);
    for (let attempt = 0; attempt < 25; attempt += 1) expect((await stranger.get("/api/documents")).status).toBe(401);
    const denied = (await eventsOf(testApp, "access.denied")).filter((event) => event.ip === address);
    expect(denied).toHaveLength(10);
    expect(denied[0]).toMatchObject({
      actorUserId: null,
      actorEmail: null,
      organizationId: null,
      outcome: "denied",
      userAgent: "Scanner/2.0",
      targetType: "request",
      targetId: "GET /api/documents",
      details: { reason: "signed out", status: 401, httpMethod: "GET", path: "/api/documents", suppressed: 0 },
    });
    expect(denied[0]!.requestId).toBeTruthy();

    // The owner's own browser, but the request sent by another site's page: refused before anyone is identified.
    const target = `/api/documents/${randomUUID()}`;
    const crossSite = await admin.request(target, { method: "DELETE", headers: { Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const refused = (await eventsOf(testApp, "access.denied")).filter((event) => event.details.reason === "cross-site");
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ actorUserId: null, outcome: "denied", targetId: `DELETE ${target}`, details: { status: 403, httpMethod: "DELETE" } });
    expect(refused[0]!.ip).toMatch(/^203\.0\./);
  });
});

describe("Google and Microsoft sign-ins", () => {
  let google: Awaited<ReturnType<typeof startOidcServer>>;
  let microsoft: Awaited<ReturnType<typeof startOidcServer>>;
  let socialApp: TestApp;

  beforeAll(async () => {
    google = await startOidcServer({ sub: "g-0", email: "nobody@clinic.example", name: "Nobody" });
    microsoft = await startOidcServer({ sub: "m-0", email: "nobody@clinic.example", name: "Nobody" }, { microsoft: true });
    socialApp = await createTestApp({ env: socialSignInEnv(google, microsoft) });
    // The first account is the platform owner, whom no organization's methods refuse.
    await signedUpClient(socialApp, uniqueTestEmail("social-owner"));
  });
  afterAll(async () => {
    await socialApp.close();
    await google.stop();
    await microsoft.stop();
  });

  /** The browser's round trip: our sign-in start, the provider's authorize redirect, our callback; answers where the callback sends the browser. */
  async function providerSignIn(client: HttpClient, provider: "google" | "microsoft", callbackOf: (start: HttpClient) => HttpClient = () => client) {
    const start = await client.post("/api/auth/sign-in/social", { provider, callbackURL: paths.app, errorCallbackURL: paths.authError });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    const callback = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
    const landing = await callbackOf(client).get(`${callback.pathname}${callback.search}`);
    expect(landing.status).toBe(302);
    return new URL(landing.headers.get("location")!, socialApp.container.env.publicUrl);
  }

  it.each(["google", "microsoft"] as const)("%s: a sign-in recorded once with its method", async (provider) => {
    const email = uniqueTestEmail(provider);
    (provider === "google" ? google : microsoft).setPerson({ sub: `${provider}-audit`, email, name: "Pat Provider" });
    const client = new HttpClient(socialApp, { "User-Agent": "ProviderTest/1.0" });
    expect((await providerSignIn(client, provider)).pathname).toBe(paths.app);
    const me = await whoAmI(client);
    const signIns = (await eventsOf(socialApp, "auth.sign-in")).filter((event) => event.actorUserId === me.id);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({
      actorEmail: email,
      targetType: "user",
      targetId: me.id,
      outcome: "success",
      userAgent: "ProviderTest/1.0",
      details: { method: provider },
    });
    expect(signIns[0]!.ip).toMatch(/^203\.0\./);
    expect(signIns[0]!.requestId).toBeTruthy();
    expect((await eventsOf(socialApp, "auth.sign-in-failed")).filter((event) => event.actorEmail === email)).toEqual([]);
  });

  it("a callback without the browser's state is a failed sign-in of no one, known by its address", async () => {
    google.setPerson({ sub: "g-stolen", email: uniqueTestEmail("stolen"), name: "Stolen" });
    const address = "198.51.100.66";
    const attacker = new HttpClient(socialApp, { "X-Forwarded-For": address });
    const landing = await providerSignIn(new HttpClient(socialApp), "google", () => attacker);
    const errorCode = landing.searchParams.get("error");
    expect(errorCode).toBeTruthy();
    const failed = (await eventsOf(socialApp, "auth.sign-in-failed")).filter((event) => event.ip === address);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actorUserId: null, actorEmail: null, organizationId: null, outcome: "failed", details: { method: "google", errorCode } });
  });

  it("an identity the organization's sign-in methods refuse is a failed sign-in of that person, in that organization's log", async () => {
    const email = uniqueTestEmail("ms-refused");
    const admin = await signedUpClient(socialApp, email);
    const { id, organizationId } = await whoAmI(admin);
    const methods = await admin.request(`/api/organizations/${organizationId}/authentication`, {
      method: "PATCH",
      json: { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password" },
    });
    expect(methods.status).toBe(200);
    microsoft.setPerson({ sub: "m-refused", email, name: "Refused" });
    const landing = await providerSignIn(new HttpClient(socialApp), "microsoft");
    expect(landing.searchParams.get("error")).toBe(SIGN_IN_METHOD_NOT_ALLOWED);
    expect(await onlyEvent(socialApp, "auth.sign-in-failed", id)).toMatchObject({
      actorEmail: email,
      organizationId,
      outcome: "failed",
      details: { method: "microsoft", errorCode: SIGN_IN_METHOD_NOT_ALLOWED },
    });
  });
});

describe("who sees what", () => {
  it("a person sees their own security events, no one else's and nothing but security", async () => {
    const mine = await page(await admin.get("/api/audit/mine"));
    expect(mine.events.length).toBeGreaterThan(0);
    expect(mine.events.every((event) => event.actorUserId === adminId)).toBe(true);
    expect(new Set(mine.events.map((event) => event.action))).toContain("auth.sign-in");
    expect(mine.events.some((event) => event.action.startsWith("document."))).toBe(false);
  });

  it("an admin reads their organization's log with filters and pages; a member and another organization's admin cannot", async () => {
    const all = await page(await admin.get(`/api/audit/organizations/${organizationId}/events`));
    expect(all.events.every((event) => event.organizationId === organizationId)).toBe(true);
    const uploads = await page(await admin.get(`/api/audit/organizations/${organizationId}/events?action=document.uploaded`));
    expect(uploads.events.map((event) => event.action)).toEqual(["document.uploaded"]);
    const byTarget = await page(await admin.get(`/api/audit/organizations/${organizationId}/events?target=Renamed`));
    expect(byTarget.events.length).toBeGreaterThan(0);
    expect(byTarget.events.every((event) => event.targetName === "Renamed.pdf")).toBe(true);
    const byActor = await page(await admin.get(`/api/audit/organizations/${organizationId}/events?actor=${encodeURIComponent(adminEmail.slice(0, 8))}`));
    expect(byActor.events.every((event) => event.actorEmail === adminEmail)).toBe(true);
    const future = await page(await admin.get(`/api/audit/organizations/${organizationId}/events?from=2999-01-01`));
    expect(future.events).toEqual([]);
    const bad = await admin.get(`/api/audit/organizations/${organizationId}/events?from=2026-02-01&to=2026-01-01`);
    expect(bad.status).toBe(422);

    const member = await joinedMember(testApp, admin, organizationId);
    expect((await member.client.get(`/api/audit/organizations/${organizationId}/events`)).status).toBe(403);
    expect((await member.client.get(`/api/audit/platform/events`)).status).toBe(403);
    const otherAdmin = await signedUpClient(testApp, uniqueTestEmail("other-admin"));
    expect((await otherAdmin.get(`/api/audit/organizations/${organizationId}/events`)).status).toBe(404);
    expect((await otherAdmin.get(`/api/audit/organizations/${organizationId}/events.csv`)).status).toBe(404);
  });

  it("pages of 50 on the server, newest first", async () => {
    const first = await page(await owner.get("/api/audit/platform/events"));
    expect(first.events).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.nextOffset).toBe(AUDIT_PAGE_SIZE);
    const second = await page(await owner.get(`/api/audit/platform/events?offset=${AUDIT_PAGE_SIZE}`));
    expect(second.events[0]!.occurredAt <= first.events.at(-1)!.occurredAt).toBe(true);
    expect(second.events.map((event) => event.id)).not.toContain(first.events[0]!.id);
  });

  it("the CSV export holds the filtered events and is itself recorded", async () => {
    const response = await admin.get(`/api/audit/organizations/${organizationId}/events.csv?action=member.role-changed`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="audit-log-organization-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "occurredAt,actorEmail,actorUserId,actorRole,organizationId,action,outcome,targetType,targetId,targetName,ip,userAgent,requestId,details",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"member.role-changed"');
    const exported = (await eventsOf(testApp, "audit.exported")).at(-1)!;
    expect(exported).toMatchObject({
      actorUserId: adminId,
      organizationId,
      targetId: organizationId,
      details: { rows: 1, format: "csv", filters: ["action=member.role-changed"] },
    });
  });
});

describe("tamper evidence", () => {
  it("the log verifies, and a changed or deleted row is found at its place", async () => {
    const db = testApp.database.db;
    const verified = auditVerificationSchema.parse(await (await owner.get("/api/audit/platform/verification")).json());
    expect(verified).toMatchObject({ isIntact: true, firstBreak: null });
    expect(verified.events).toBeGreaterThan(20);
    expect((await admin.get("/api/audit/platform/verification")).status).toBe(403);

    const [victim] = await eventsOf(testApp, "member.role-changed");
    // What someone with the database would do: switch the trigger off for their session, then edit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(auditEvents)
        .set({ details: { previousRole: "org_user", role: "org_user" } })
        .where(eq(auditEvents.id, victim!.id));
    });
    const tampered = await testApp.container.audit.verify();
    expect(tampered).toMatchObject({ isIntact: false, firstBreak: { chain: victim!.chain, seq: victim!.seq, eventId: victim!.id, reason: "content_changed" } });
    expect(describeVerification(tampered)).toContain(`BROKEN in chain ${victim!.chain} at event #${victim!.seq}`);
    const indicator = auditVerificationSchema.parse(await (await owner.get("/api/audit/platform/verification")).json());
    expect(indicator.isIntact).toBe(false);

    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(auditEvents).set({ details: victim!.details }).where(eq(auditEvents.id, victim!.id));
    });
    expect((await testApp.container.audit.verify()).isIntact).toBe(true);

    const [deleted] = await eventsOf(testApp, "invitation.resent");
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.delete(auditEvents).where(eq(auditEvents.id, deleted!.id));
    });
    expect((await testApp.container.audit.verify()).firstBreak).toMatchObject({ chain: deleted!.chain, seq: deleted!.seq, reason: "missing_event" });
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(auditEvents).values(deleted!);
    });
    expect((await testApp.container.audit.verify()).isIntact).toBe(true);
  });

  it("the database refuses to update, delete or truncate audit rows", async () => {
    const db = testApp.database.db;
    const refusal = (error: unknown) => /append-only/.test(String((error as { cause?: Error }).cause?.message ?? error));
    await expect(db.update(auditEvents).set({ outcome: "denied" })).rejects.toSatisfy(refusal);
    await expect(db.delete(auditEvents)).rejects.toSatisfy(refusal);
    await expect(db.execute(sql`truncate audit_events`)).rejects.toSatisfy(refusal);
  });

  it("many events recorded at once are written one after another: every chain one line", async () => {
    const actor = { ...systemActor, organizationId, userId: adminId, email: adminEmail, role: "org_admin" as const };
    await Promise.all(
      Array.from({ length: 40 }, (_, index) => testApp.container.audit.record(actor, "document.viewed", { type: "document", id: `parallel-${index}` })),
    );
    await testApp.container.audit.flush();
    const [head] = await testApp.database.db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, organizationId));
    const seqs = (await testApp.database.db.select({ seq: auditEvents.seq }).from(auditEvents).where(eq(auditEvents.chain, organizationId))).map(
      (row) => row.seq,
    );
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(Math.max(...seqs)).toBe(head!.seq);
    expect((await testApp.container.audit.verify()).isIntact).toBe(true);
  });

  it("the platform owner checkpoints on demand, and that is recorded", async () => {
    const response = await owner.post("/api/audit/platform/checkpoint", {});
    expect(response.status).toBe(200);
    const result = auditCheckpointResultSchema.parse(await response.json());
    expect(result).toMatchObject({ verification: { isIntact: true }, checkpoint: { chains: result.verification.chains } });
    const verified = auditVerificationSchema.parse(await (await owner.get("/api/audit/platform/verification")).json());
    expect(verified.checkpointAt).toBe(result.checkpoint!.createdAt);
    expect((await eventsOf(testApp, "audit.checkpointed")).at(-1)).toMatchObject({ actorUserId: ownerId, outcome: "success", chain: "platform" });
  });

  it("an event the database refuses takes no other with it", async () => {
    const actor = { ...systemActor, organizationId, userId: adminId, email: adminEmail, role: "org_admin" as const };
    const tag = randomUUID();
    await Promise.all([
      testApp.container.audit.record(actor, "document.viewed", { type: "document", id: `${tag}-before` }),
      // Not a uuid: the organization column refuses it, and with it this one event.
      testApp.container.audit.record({ ...actor, organizationId: "not-an-organization" }, "document.viewed", { type: "document", id: `${tag}-refused` }),
      testApp.container.audit.record(actor, "document.viewed", { type: "document", id: `${tag}-after` }),
    ]);
    const written = (await eventsOf(testApp, "document.viewed")).map((event) => event.targetId).filter((id) => id?.startsWith(tag));
    expect(written.sort()).toEqual([`${tag}-after`, `${tag}-before`]);
    expect((await testApp.container.audit.verify()).isIntact).toBe(true);
  });

  it("an event recorded outside a transaction is written by the time record answers", async () => {
    const actor = { ...systemActor, organizationId };
    const tag = randomUUID();
    await testApp.container.audit.record(actor, "document.viewed", { type: "document", id: tag });
    const stored = await testApp.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, tag));
    expect(stored).toHaveLength(1);
  });

  it("a NUL in a refused request's path is recorded, replaced by U+FFFD, not lost", async () => {
    const anonymous = new HttpClient(testApp);
    const tag = randomUUID();
    const response = await anonymous.get(`/api/documents/${tag}%00probe`);
    expect(response.status).toBe(401);
    const [event] = (await eventsOf(testApp, "access.denied")).filter((row) => row.targetId?.includes(tag));
    expect(event).toMatchObject({ outcome: "denied", details: { path: `/api/documents/${tag}\uFFFDprobe`, reason: "signed out" } });
    expect(event!.targetId).toBe(`GET /api/documents/${tag}\uFFFDprobe`);
  });

  it("setting the old retention switch in a session does not let a DELETE through", async () => {
    const refusal = (error: unknown) => /append-only/.test(String((error as { cause?: Error }).cause?.message ?? error));
    const [any] = await testApp.database.db.select().from(auditEvents).limit(1);
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('clausewise.audit_retention', 'on', true)`);
        await tx.delete(auditEvents).where(eq(auditEvents.id, any!.id));
      }),
    ).rejects.toSatisfy(refusal);
    // Nor may a session call the retention job's function on recent events.
    await expect(testApp.database.db.execute(sql`select * from audit_prune_chain(${any!.chain}, now() - interval '1 day', 1000)`)).rejects.toSatisfy((error) =>
      /last 30 days/.test(String((error as { cause?: Error }).cause?.message ?? error)),
    );
    expect(await testApp.database.db.select().from(auditEvents).where(eq(auditEvents.id, any!.id))).toHaveLength(1);
  });
});

describe("checkpoints outside the database", () => {
  let tamperApp: TestApp;
  beforeAll(async () => {
    tamperApp = await createTestApp({ env: { BILLING: "off" } });
  });
  afterAll(() => tamperApp.close());

  const db = () => tamperApp.database.db;
  const withoutTriggers = (work: (tx: Parameters<Parameters<TestApp["database"]["db"]["transaction"]>[0]>[0]) => Promise<unknown>) =>
    db().transaction(async (tx) => {
      // What someone with the database would do: switch the triggers off for their session.
      await tx.execute(sql`set local session_replication_role = replica`);
      await work(tx);
    });
  async function chainOfEvents(count: number): Promise<string> {
    const chain = randomUUID();
    for (let index = 0; index < count; index += 1) {
      await tamperApp.container.audit.record({ ...systemActor, organizationId: chain }, "document.viewed", { type: "document", id: `${chain}-${index}` });
    }
    return chain;
  }

  it("a chain's last event deleted and its head moved back verifies as tampered", async () => {
    const chain = await chainOfEvents(3);
    const { audit } = tamperApp.container;
    expect((await audit.checkpoint()).checkpoint?.chains).toContainEqual(expect.objectContaining({ chain, seq: 3 }));
    const [last] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 3)));
    await withoutTriggers(async (tx) => {
      await tx.delete(auditEvents).where(eq(auditEvents.id, last!.id));
      await tx.update(auditChainHeads).set({ seq: 2, hash: last!.prevHash }).where(eq(auditChainHeads.chain, chain));
    });
    const verification = await audit.verify();
    expect(verification).toMatchObject({ isIntact: false, firstBreak: { chain, seq: 3, reason: "checkpoint_mismatch" } });
    expect(describeVerification(verification)).toContain(`BROKEN in chain ${chain} at event #3`);
    // A broken log is not checkpointed over.
    expect((await audit.checkpoint()).checkpoint).toBeNull();

    await withoutTriggers(async (tx) => {
      await tx.insert(auditEvents).values(last!);
      await tx.update(auditChainHeads).set({ seq: 3, hash: last!.hash }).where(eq(auditChainHeads.chain, chain));
    });
    expect((await audit.verify()).isIntact).toBe(true);
  });

  it("an organization's whole chain deleted with its head verifies as tampered", async () => {
    const chain = await chainOfEvents(2);
    const { audit } = tamperApp.container;
    await audit.checkpoint();
    const events = await db().select().from(auditEvents).where(eq(auditEvents.chain, chain));
    const [head] = await db().select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
    await withoutTriggers(async (tx) => {
      await tx.delete(auditEvents).where(eq(auditEvents.chain, chain));
      await tx.delete(auditChainHeads).where(eq(auditChainHeads.chain, chain));
    });
    expect(await audit.verify()).toMatchObject({ isIntact: false, firstBreak: { chain, seq: 2, reason: "chain_missing" } });

    await withoutTriggers(async (tx) => {
      await tx.insert(auditChainHeads).values(head!);
      await tx.insert(auditEvents).values(events);
    });
    expect((await audit.verify()).isIntact).toBe(true);
  });

  it("a chain rehashed without the audit secret does not verify", async () => {
    const chain = await chainOfEvents(2);
    const { audit } = tamperApp.container;
    const [second] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 2)));
    // Everything a database user can compute: the event changed and rehashed with plain SHA-256, head moved along.
    const changed = { ...second!, targetId: "someone-else" };
    const rehashed = hashEvent(sha256, changed.prevHash, changed);
    await withoutTriggers(async (tx) => {
      await tx.update(auditEvents).set({ targetId: changed.targetId, hash: rehashed }).where(eq(auditEvents.id, second!.id));
      await tx.update(auditChainHeads).set({ hash: rehashed }).where(eq(auditChainHeads.chain, chain));
    });
    expect((await audit.verify()).firstBreak).toMatchObject({ chain, seq: 2, reason: "content_changed" });
    await withoutTriggers(async (tx) => {
      await tx.update(auditEvents).set({ targetId: second!.targetId, hash: second!.hash }).where(eq(auditEvents.id, second!.id));
      await tx.update(auditChainHeads).set({ hash: second!.hash }).where(eq(auditChainHeads.chain, chain));
    });
    expect((await audit.verify()).isIntact).toBe(true);
  });

  it("a checkpoint changed without the audit secret is refused", async () => {
    const { audit } = tamperApp.container;
    await audit.checkpoint();
    const storage = createFileStorage(tamperApp.container.env.storage);
    const latest = JSON.parse(new TextDecoder().decode(await storage.read("audit-checkpoints/latest.json"))) as { chains: { seq: number }[] };
    const forged = { ...latest, chains: latest.chains.map((chain) => ({ ...chain, seq: 0 })) };
    await storage.put("audit-checkpoints/latest.json", new TextEncoder().encode(JSON.stringify(forged)), "application/json");
    expect((await audit.verify()).firstBreak).toMatchObject({ reason: "checkpoint_invalid" });
    await storage.put("audit-checkpoints/latest.json", new TextEncoder().encode(JSON.stringify(latest)), "application/json");
    expect((await audit.verify()).isIntact).toBe(true);
  });

  it("a chain linked with plain SHA-256 before chains were keyed still verifies, and keyed links follow it", async () => {
    const chain = randomUUID();
    // As migration 0020 leaves a chain made before it: unkeyed links up to the head, keyed ones after.
    let previous = GENESIS_HASH;
    for (const seq of [1, 2]) {
      const content = { ...aNewAuditEvent(chain, `${chain}-legacy-${seq}`), chain, seq };
      const hash = hashEvent(sha256, previous, content);
      await db()
        .insert(auditEvents)
        .values({ ...content, prevHash: previous, hash });
      previous = hash;
    }
    await db().insert(auditChainHeads).values({ chain, seq: 2, hash: previous, keyedFromSeq: 3 });
    const { audit } = tamperApp.container;
    await audit.record({ ...systemActor, organizationId: chain }, "document.viewed", { type: "document", id: `${chain}-keyed` });
    expect((await audit.checkpoint()).verification.isIntact).toBe(true);
    const [third] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.chain, chain), eq(auditEvents.seq, 3)));
    expect(third!.hash).not.toBe(hashEvent(sha256, third!.prevHash, third!));

    // Moving the boundary to pass keyed links off as unkeyed ones is seen against the checkpoint.
    await db().update(auditChainHeads).set({ keyedFromSeq: 4 }).where(eq(auditChainHeads.chain, chain));
    expect((await audit.verify()).isIntact).toBe(false);
    await db().update(auditChainHeads).set({ keyedFromSeq: 3 }).where(eq(auditChainHeads.chain, chain));
    expect((await audit.verify()).isIntact).toBe(true);
  });
});

describe("retention", () => {
  it("prunes events past the period oldest first, in batches, records that it did, and what remains verifies", async () => {
    const retentionApp = await createTestApp({ env: { BILLING: "off" } });
    try {
      const { audit } = retentionApp.container;
      const { repo } = auditLogOf(retentionApp);
      let clock = new Date("2020-01-01T00:00:00Z");
      const actor = { ...systemActor, organizationId: "3f0c5b1e-0d7a-4d3e-9a57-1f0f3c1e2a10" };
      for (let index = 0; index < 7; index += 1) {
        clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000);
        await retentionApp.database.db.transaction((tx) => repo.append(aNewAuditEvent(actor.organizationId, `old-${index}`, { occurredAt: clock }), tx));
      }
      await audit.record(actor, "document.viewed", { type: "document", id: "recent" });
      await audit.flush();
      const pruned = await pruneAuditEvents({ repo, audit, retentionDays: 6 * 365, now: () => new Date(), batchSize: 3 });
      expect(pruned).toEqual([{ chain: actor.organizationId, deleted: 7, throughSeq: 7 }]);
      const remaining = await retentionApp.database.db.select().from(auditEvents).where(eq(auditEvents.chain, actor.organizationId));
      expect(remaining.map((event) => event.targetId)).toEqual(["recent"]);
      const [record] = await eventsOf(retentionApp, "audit.retention-pruned");
      expect(record).toMatchObject({ chain: "platform", targetId: actor.organizationId, details: { deleted: 7, throughSeq: 7 } });
      expect(await audit.verify()).toMatchObject({ isIntact: true });
      expect(await pruneAuditEvents({ repo, audit, retentionDays: 6 * 365, now: () => new Date() })).toEqual([]);
    } finally {
      await retentionApp.close();
    }
  });
});
