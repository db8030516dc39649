import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "../../src/server/db/schema/index";
import { twoFactorSetupSchema, twoFactorStatusSchema, type TwoFactorSetup } from "../../src/shared/contracts/two-factor";
import { paths } from "../../src/shared/paths";
import { twoFactorMessages } from "../../src/shared/two-factor";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { eventsOf, whileAuditRefuses } from "../support/audit";
import { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf, whoAmI } from "../support/organizations";
import { latestEmailTo } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";
import { totpCode, wrongTotpCode } from "../support/totp";

let testApp: TestApp;
const ownerEmail = uniqueTestEmail("owner");

beforeAll(async () => {
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: ownerEmail } });
});
afterAll(async () => {
  await testApp.close();
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function errorOf(response: Response, status: number): Promise<{ code: string; message: string }> {
  return (await json<{ error: { code: string; message: string } }>(response, status)).error;
}

// Answers are read through their contracts, as the web reads them.
const statusOf = async (client: HttpClient) => twoFactorStatusSchema.parse(await json(await client.get("/api/me/two-factor")));
const startSetup = async (client: HttpClient): Promise<TwoFactorSetup> =>
  twoFactorSetupSchema.parse(await json(await client.post("/api/me/two-factor/enable", { password: TEST_PASSWORD })));

/** Turns two-factor sign-in on as the Security tab does: the password, then the first code from the app. */
async function enableTwoFactor(client: HttpClient): Promise<TwoFactorSetup> {
  const setup = await startSetup(client);
  await json(await client.post("/api/me/two-factor/confirm", { code: totpCode(setup.manualKey) }));
  return setup;
}

/** A fresh browser's password sign-in: Better Auth asks for the second step and gives no session yet. */
async function passwordFirstStep(email: string): Promise<HttpClient> {
  const browser = new HttpClient(testApp);
  expect(await json(await browser.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).toMatchObject({ twoFactorRedirect: true });
  expect((await browser.get("/api/me")).status).toBe(401);
  return browser;
}

async function emailedSignInCode(browser: HttpClient, email: string): Promise<string> {
  await json(await browser.post("/api/auth/email-otp/send-verification-otp", { email, type: "sign-in" }));
  return (await latestEmailTo(testApp.database.db, email)).code!;
}

async function personWithTwoFactor() {
  const email = uniqueTestEmail("two-factor");
  const client = await signedUpClient(testApp, email);
  const setup = await enableTwoFactor(client);
  return { email, client, setup, userId: (await whoAmI(client)).id };
}

describe("turning two-factor sign-in on", () => {
  it("shows a QR code and the key, and is on only once a code from the app confirms it; a wrong code changes nothing", async () => {
    const email = uniqueTestEmail("enable");
    const client = await signedUpClient(testApp, email);
    expect(await statusOf(client)).toEqual({ enabled: false, required: false, hasPassword: true });

    expect((await errorOf(await client.post("/api/me/two-factor/enable", { password: "wrong-password" }), 400)).code).toBe("incorrect_password");
    const setup = await startSetup(client);
    expect(setup.manualKey).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.manualKey}`);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.recoveryCodes).toHaveLength(10);

    const refused = await errorOf(await client.post("/api/me/two-factor/confirm", { code: wrongTotpCode(setup.manualKey) }), 400);
    expect(refused.message).toBe(twoFactorMessages.wrongCode);
    expect((await statusOf(client)).enabled).toBe(false);
    // Still off: a password sign-in is not asked for a code.
    expect(await json(await new HttpClient(testApp).post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).not.toHaveProperty(
      "twoFactorRedirect",
    );

    await json(await client.post("/api/me/two-factor/confirm", { code: totpCode(setup.manualKey) }));
    expect((await statusOf(client)).enabled).toBe(true);
    // Better Auth replaced the session as it turned it on; the browser has the new one.
    expect((await whoAmI(client)).email).toBe(email);

    const userId = (await whoAmI(client)).id;
    const mine = (action: Parameters<typeof eventsOf>[1]) => eventsOf(testApp, action).then((events) => events.filter((event) => event.targetId === userId));
    expect((await mine("auth.two-factor-setup-started")).map((event) => event.outcome)).toEqual(["failed", "success"]);
    expect((await mine("auth.two-factor-enabled")).map((event) => event.outcome)).toEqual(["failed", "success"]);
  });
});

describe("signing in with two-factor sign-in on", () => {
  it("asks for the code after the password, and only the right code signs in", async () => {
    const { email, setup, userId } = await personWithTwoFactor();
    const browser = await passwordFirstStep(email);
    expect((await errorOf(await browser.post("/api/auth/two-factor", { code: wrongTotpCode(setup.manualKey) }), 400)).message).toBe(
      twoFactorMessages.wrongCode,
    );
    expect((await browser.get("/api/me")).status).toBe(401);
    await json(await browser.post("/api/auth/two-factor", { code: totpCode(setup.manualKey) }));
    expect((await whoAmI(browser)).email).toBe(email);

    const challenged = (await eventsOf(testApp, "auth.two-factor-challenged")).filter((event) => event.targetId === userId);
    expect(challenged.map((event) => event.details)).toEqual([{ method: "password" }]);
    const failed = (await eventsOf(testApp, "auth.sign-in-failed")).filter((event) => event.targetId === userId);
    expect(failed.map((event) => event.details)).toMatchObject([{ method: "authenticator", errorCode: "bad_request" }]);
    // One sign-in: the one the code finished, as a password sign-in (the first step's session was never handed out).
    const signIns = (await eventsOf(testApp, "auth.sign-in")).filter((event) => event.targetId === userId);
    expect(signIns.map((event) => event.details)).toEqual([{ method: "code" }, { method: "password" }]);
  });

  it("asks for the code after an emailed sign-in code", async () => {
    const { email, setup } = await personWithTwoFactor();
    const browser = new HttpClient(testApp);
    const code = await emailedSignInCode(browser, email);
    expect(await json(await browser.post("/api/auth/sign-in/email-otp", { email, otp: code }))).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.get("/api/me")).status).toBe(401);
    await json(await browser.post("/api/auth/two-factor", { code: totpCode(setup.manualKey) }));
    expect((await whoAmI(browser)).email).toBe(email);
  });

  it("asks for the code after a sign-in link", async () => {
    const { email, setup } = await personWithTwoFactor();
    const browser = new HttpClient(testApp);
    const code = await emailedSignInCode(browser, email);
    expect(await json(await browser.post("/api/auth/email-link", { type: "magic_link", email, code }))).toEqual({ redirectTo: paths.authTwoFactor });
    expect((await browser.get("/api/me")).status).toBe(401);
    await json(await browser.post("/api/auth/two-factor", { code: totpCode(setup.manualKey) }));
    expect((await whoAmI(browser)).email).toBe(email);
  });

  it("takes each recovery code once", async () => {
    const { email, setup } = await personWithTwoFactor();
    const [recoveryCode] = setup.recoveryCodes;
    const first = await passwordFirstStep(email);
    await json(await first.post("/api/auth/two-factor", { code: recoveryCode }));
    expect((await whoAmI(first)).email).toBe(email);

    const second = await passwordFirstStep(email);
    expect((await errorOf(await second.post("/api/auth/two-factor", { code: recoveryCode }), 400)).message).toBe(twoFactorMessages.wrongRecoveryCode);
    expect((await second.get("/api/me")).status).toBe(401);
    await json(await second.post("/api/auth/two-factor", { code: setup.recoveryCodes[1] }));
    expect((await whoAmI(second)).email).toBe(email);
  });

  it("skips the code on a device trusted for 30 days, and asks again once the trust runs out", async () => {
    const { email, setup, userId } = await personWithTwoFactor();
    const browser = await passwordFirstStep(email);
    const answer = await browser.post("/api/auth/two-factor", { code: totpCode(setup.manualKey), trustDevice: true });
    await json(answer);
    const trustCookie = answer.headers.getSetCookie().find((cookie) => cookie.startsWith("clausewise.trust_device="));
    expect(trustCookie).toMatch(/Max-Age=2592000/);
    await json(await browser.post("/api/auth/sign-out", {}));

    expect(await json(await browser.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).not.toHaveProperty("twoFactorRedirect");
    expect((await whoAmI(browser)).email).toBe(email);
    const trusted = (await eventsOf(testApp, "auth.sign-in")).filter((event) => event.targetId === userId).at(-1);
    expect(trusted?.details).toEqual({ method: "password", trustedDevice: true });
    await json(await browser.post("/api/auth/sign-out", {}));

    // The trust is kept on the server for 30 days; past that the same browser is asked again.
    const [trust] = await testApp.database.db
      .select()
      .from(verifications)
      .where(and(like(verifications.identifier, "trust-device-%"), eq(verifications.value, userId)));
    expect(trust!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600_000);
    await testApp.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, trust!.id));
    expect(await json(await browser.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.get("/api/me")).status).toBe(401);
  });

  it("keeps Better Auth's own two-factor endpoints out of reach of browsers, and the second step for browsers signing in", async () => {
    const { client, setup } = await personWithTwoFactor();
    expect((await errorOf(await client.post("/api/auth/two-factor", { code: totpCode(setup.manualKey) }), 409)).message).toBe(
      twoFactorMessages.alreadySignedIn,
    );
    expect((await errorOf(await new HttpClient(testApp).post("/api/auth/two-factor", { code: totpCode(setup.manualKey) }), 401)).message).toBe(
      twoFactorMessages.challengeExpired,
    );
    for (const path of [
      "/api/auth/two-factor/disable",
      "/api/auth/two-factor/verify-totp",
      "/api/auth/two-factor/enable",
      "/api/auth/two-factor/generate-backup-codes",
    ]) {
      expect((await client.post(path, { password: TEST_PASSWORD, code: totpCode(setup.manualKey) })).status, path).toBe(404);
    }
    expect((await statusOf(client)).enabled).toBe(true);
  });
});

describe("managing two-factor sign-in", () => {
  it("replaces the recovery codes with the password: the old ones stop working", async () => {
    const { email, client, setup } = await personWithTwoFactor();
    expect((await errorOf(await client.post("/api/me/two-factor/recovery-codes", { password: "wrong-password" }), 400)).code).toBe("incorrect_password");
    const { recoveryCodes } = await json<{ recoveryCodes: string[] }>(await client.post("/api/me/two-factor/recovery-codes", { password: TEST_PASSWORD }));
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(setup.recoveryCodes[0]);
    const browser = await passwordFirstStep(email);
    expect((await browser.post("/api/auth/two-factor", { code: setup.recoveryCodes[0] })).status).toBe(400);
    await json(await browser.post("/api/auth/two-factor", { code: recoveryCodes[0] }));
  });

  it("turns off only with the password and a current code; a wrong one changes nothing", async () => {
    const { email, client, setup, userId } = await personWithTwoFactor();
    expect(
      (await errorOf(await client.post("/api/me/two-factor/disable", { password: TEST_PASSWORD, code: wrongTotpCode(setup.manualKey) }), 400)).message,
    ).toBe(twoFactorMessages.wrongCode);
    expect((await errorOf(await client.post("/api/me/two-factor/disable", { password: "wrong-password", code: totpCode(setup.manualKey) }), 400)).code).toBe(
      "incorrect_password",
    );
    expect((await statusOf(client)).enabled).toBe(true);
    expect(await json(await new HttpClient(testApp).post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).toMatchObject({
      twoFactorRedirect: true,
    });

    // A browser trusted while it was on is not trusted once it is turned on again.
    const trusted = await passwordFirstStep(email);
    await json(await trusted.post("/api/auth/two-factor", { code: totpCode(setup.manualKey), trustDevice: true }));
    await json(await trusted.post("/api/auth/sign-out", {}));

    await json(await client.post("/api/me/two-factor/disable", { password: TEST_PASSWORD, code: totpCode(setup.manualKey) }));
    expect((await statusOf(client)).enabled).toBe(false);
    const trustedDevicesLeft = await testApp.database.db
      .select()
      .from(verifications)
      .where(and(like(verifications.identifier, "trust-device-%"), eq(verifications.value, userId)));
    expect(trustedDevicesLeft).toEqual([]);
    expect((await whoAmI(client)).email).toBe(email);
    expect(await json(await new HttpClient(testApp).post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD }))).not.toHaveProperty(
      "twoFactorRedirect",
    );
    const disabled = (await eventsOf(testApp, "auth.two-factor-disabled")).filter((event) => event.targetId === userId);
    expect(disabled.map((event) => event.outcome)).toEqual(["failed", "failed", "success"]);
  });
});

describe("requiring two-factor sign-in", () => {
  it("leads an organization's member without it to set it up before anything else", async () => {
    const admin = await signedUpClient(testApp, uniqueTestEmail("admin"));
    const organizationId = await organizationIdOf(admin);
    const member = await joinedMember(testApp, admin, organizationId);

    // Its admins use it themselves before requiring it.
    expect(
      (await errorOf(await admin.request(`/api/organizations/${organizationId}/two-factor`, { method: "PUT", json: { required: true } }), 409)).message,
    ).toBe(twoFactorMessages.setUpFirst);
    await enableTwoFactor(admin);
    await json(await admin.request(`/api/organizations/${organizationId}/two-factor`, { method: "PUT", json: { required: true } }));
    expect(await json(await admin.get(`/api/organizations/${organizationId}/two-factor`))).toEqual({ required: true });

    expect((await whoAmI(member.client)).twoFactorSetupRequired).toBe(true);
    expect((await errorOf(await member.client.get("/api/documents"), 403)).message).toBe(twoFactorMessages.setupRequired);
    expect(await statusOf(member.client)).toMatchObject({ enabled: false, required: true });
    await enableTwoFactor(member.client);
    expect((await whoAmI(member.client)).twoFactorSetupRequired).toBe(false);
    expect((await member.client.get("/api/documents")).status).toBe(200);
    // The admin of another organization cannot change it.
    const stranger = await signedUpClient(testApp, uniqueTestEmail("stranger"));
    expect((await stranger.request(`/api/organizations/${organizationId}/two-factor`, { method: "PUT", json: { required: false } })).status).toBe(404);
    expect(await json(await admin.get(`/api/organizations/${organizationId}/two-factor`))).toEqual({ required: true });

    const changed = (await eventsOf(testApp, "organization.settings-changed")).filter((event) => event.organizationId === organizationId);
    expect(changed.map((event) => event.details)).toEqual([{ requireTwoFactor: true }]);
  });

  it("leaves an organization's requirement as it was when its audit event cannot be recorded, and records a change once", async () => {
    const admin = await signedUpClient(testApp, uniqueTestEmail("admin-unrecorded"));
    const organizationId = await organizationIdOf(admin);
    await enableTwoFactor(admin);
    const refused = await whileAuditRefuses(testApp, "organization.settings-changed", () =>
      admin.request(`/api/organizations/${organizationId}/two-factor`, { method: "PUT", json: { required: true } }),
    );
    expect(refused.status).toBe(500);
    expect(await json(await admin.get(`/api/organizations/${organizationId}/two-factor`))).toEqual({ required: false });
    // Asked to make the same change twice at once (two admins, or a double click), it changes it and records it once.
    const require = () => admin.request(`/api/organizations/${organizationId}/two-factor`, { method: "PUT", json: { required: true } });
    expect((await Promise.all([require(), require()])).map((response) => response.status)).toEqual([200, 200]);
    const changed = (await eventsOf(testApp, "organization.settings-changed")).filter((event) => event.organizationId === organizationId);
    expect(changed.map((event) => event.details)).toEqual([{ requireTwoFactor: true }]);
  });

  it("lets the platform owner require it of owners", async () => {
    const owner = await signedUpClient(testApp, ownerEmail);
    await enableTwoFactor(owner);
    await json(await owner.request("/api/admin/two-factor", { method: "PUT", json: { required: true } }));
    expect(await json(await owner.get("/api/admin/two-factor"))).toEqual({ required: true });
    expect((await whoAmI(owner)).twoFactorSetupRequired).toBe(false);

    // An owner without it is led to set it up (the same rule, as the platform console would make a second owner).
    const [person] = await testApp.database.db.select().from(users).where(eq(users.email, ownerEmail));
    expect(person!.twoFactorEnabled).toBe(true);
    await testApp.database.db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, person!.id));
    expect((await whoAmI(owner)).twoFactorSetupRequired).toBe(true);
    expect((await owner.get("/api/admin/organizations")).status).toBe(403);
    await testApp.database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, person!.id));
    await json(await owner.request("/api/admin/two-factor", { method: "PUT", json: { required: false } }));
  });
});
