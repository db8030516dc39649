import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema/index";
import type { OrganizationResponse } from "../../src/shared/contracts/organizations";
import {
  AZURE_TENANT_NOT_ALLOWED,
  invitationMessages,
  invitationMicrosoftReturnPath,
  organizationMessages,
  SIGN_IN_METHOD_NOT_ALLOWED,
  signInPolicyMessages,
} from "../../src/shared/organizations";
import { paths, withQuery } from "../../src/shared/paths";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { socialSignInEnv, startOidcServer } from "../support/oidc-server";
import { invite, organizationIdOf, whoAmI } from "../support/organizations";
import { latestEmailTo } from "../support/outbox";
import { decodeQuotedPrintable, startSmtpServer } from "../support/smtp-server";
import { createTestApp, type TestApp } from "../support/test-app";

const HOME_TENANT = "11111111-1111-4111-8111-111111111111";
const FOREIGN_TENANT = "22222222-2222-4222-8222-222222222222";

let google: Awaited<ReturnType<typeof startOidcServer>>;
let microsoft: Awaited<ReturnType<typeof startOidcServer>>;
let testApp: TestApp;
let platformOwner: HttpClient;
const platformOwnerEmail = uniqueTestEmail("platform-owner");
let domainCount = 0;

beforeAll(async () => {
  google = await startOidcServer({ sub: "g-0", email: "nobody@clinic.example", name: "Nobody" });
  microsoft = await startOidcServer({ sub: "m-0", email: "nobody@clinic.example", name: "Nobody" }, { microsoft: true });
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: platformOwnerEmail, ...socialSignInEnv(google, microsoft) } });
  platformOwner = await signedUpClient(testApp, platformOwnerEmail);
});
afterAll(async () => {
  await testApp.close();
  await google.stop();
  await microsoft.stop();
});

const companyDomain = (label: string) => `${label}-${++domainCount}.example`;

/** The browser's round trip: our sign-in start, the provider's authorize redirect, our callback. */
async function providerSignIn(client: HttpClient, provider: "google" | "microsoft", callbackURL: string, errorCallbackURL: string = paths.authError) {
  const start = await client.post("/api/auth/sign-in/social", { provider, callbackURL, errorCallbackURL });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  const callback = new URL((await fetch(url, { redirect: "manual" })).headers.get("location")!);
  const landing = await client.get(`${callback.pathname}${callback.search}`);
  expect(landing.status).toBe(302);
  return landing.headers.get("location")!;
}

async function setAuthentication(admin: HttpClient, organizationId: string, settings: Record<string, unknown>) {
  const response = await admin.request(`/api/organizations/${organizationId}/authentication`, { method: "PATCH", json: settings });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as OrganizationResponse).organization;
}

const azureOnly = { emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad", azureTenantIds: [HOME_TENANT] };

async function refusal(response: Response, status: number): Promise<{ code?: string; message: string }> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { code?: string; message?: string; error?: { message: string } };
  return { code: body.code, message: body.error?.message ?? body.message ?? "" };
}

describe("Microsoft sign-in (Entra ID, multi-tenant)", () => {
  it("signs in accounts of any tenant when the organization lists none, each token checked against its own tenant's issuer", async () => {
    for (const tenantId of [HOME_TENANT, FOREIGN_TENANT]) {
      const email = `ms-${tenantId.slice(0, 4)}@${companyDomain("entra")}`;
      microsoft.setPerson({ sub: `any-${tenantId}`, email, name: "Morgan Entra", tenantId, emailVerified: false });
      const client = new HttpClient(testApp);
      expect(await providerSignIn(client, "microsoft", paths.app)).toBe(paths.app);
      expect(await whoAmI(client)).toMatchObject({ email, organizationRole: "org_admin" });
      const organization = (await (await client.get(`/api/organizations/${await organizationIdOf(client)}`)).json()) as OrganizationResponse;
      expect(organization.organization.authentication).toMatchObject({ emailPasswordEnabled: true, azureAdEnabled: true });
    }
  });
});

describe("an invitation accepted through Microsoft", () => {
  it("returns to the invitation page signed in, then joins; the invited address from another tenant is refused before any account exists", async () => {
    const admin = await signedUpClient(testApp, `admin@${companyDomain("azure-practice")}`);
    const organizationId = await organizationIdOf(admin);
    await setAuthentication(admin, organizationId, azureOnly);
    const email = `hank@${companyDomain("partner")}`;
    const { token, code } = await invite(testApp, admin, organizationId, email);
    const details = (await (await new HttpClient(testApp).post("/api/invitations/lookup", { token })).json()) as { invitation: unknown };
    expect(details.invitation).toMatchObject({ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad" });
    const byPassword = await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: "secret1" });
    expect((await refusal(byPassword, 403)).message).toBe(invitationMessages.methodNotAllowed("email_password"));
    expect((await refusal(await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email, code }), 403)).message).toBe(
      invitationMessages.methodNotAllowed("email_password"),
    );

    microsoft.setPerson({ sub: "intruder", email, name: "Not Hank", tenantId: FOREIGN_TENANT });
    const errorReturn = withQuery(paths.authCompleteInvite, { token });
    const intruded = new URL(
      await providerSignIn(new HttpClient(testApp), "microsoft", invitationMicrosoftReturnPath(token), errorReturn),
      testApp.container.env.publicUrl,
    );
    expect(intruded.pathname).toBe(paths.authCompleteInvite);
    expect(intruded.searchParams.get("error")).toBe(AZURE_TENANT_NOT_ALLOWED);
    expect(intruded.searchParams.get("error_description")).toBe(signInPolicyMessages.tenantNotAllowed);
    expect(await testApp.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    microsoft.setPerson({ sub: "hank", email, name: "Hank Hill", tenantId: HOME_TENANT, emailVerified: false });
    const hank = new HttpClient(testApp);
    expect(await providerSignIn(hank, "microsoft", invitationMicrosoftReturnPath(token), errorReturn)).toBe(invitationMicrosoftReturnPath(token));
    expect(await whoAmI(hank)).toMatchObject({ email, emailVerified: false, organizationId: null });
    const accepted = await hank.post("/api/invitations/accept", { token });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await whoAmI(hank)).toMatchObject({ emailVerified: true, organizationId, organizationRole: "org_user" });
    expect((await hank.post("/api/invitations/accept", { token })).status).toBe(200);
  });
});

describe("an organization's sign-in methods are enforced on the server", () => {
  it("an Azure-only organization refuses its members' password, code, link and Google sign-in, and foreign tenants; its own tenant's Microsoft account gets in", async () => {
    const admin = await signedUpClient(testApp, `admin@${companyDomain("strict")}`);
    const organizationId = await organizationIdOf(admin);
    const member = { email: `member@${companyDomain("strict-staff")}` };
    const { token } = await invite(testApp, admin, organizationId, member.email);
    expect((await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: TEST_PASSWORD })).status).toBe(200);
    await setAuthentication(admin, organizationId, azureOnly);

    const byPassword = await refusal(await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: member.email, password: TEST_PASSWORD }), 403);
    expect(byPassword).toEqual({ code: SIGN_IN_METHOD_NOT_ALLOWED, message: signInPolicyMessages.requiresMicrosoft });
    expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: member.email, password: "wrong-password-1" })).status).toBe(401);

    const byCode = new HttpClient(testApp);
    expect((await byCode.post("/api/auth/email-otp/send-verification-otp", { email: member.email, type: "sign-in" })).status).toBe(200);
    const { code } = await latestEmailTo(testApp.database.db, member.email);
    expect((await refusal(await byCode.post("/api/auth/sign-in/email-otp", { email: member.email, otp: code }), 403)).code).toBe(SIGN_IN_METHOD_NOT_ALLOWED);
    expect((await byCode.get("/api/me")).status).toBe(401);

    expect((await byCode.post("/api/auth/email-otp/send-verification-otp", { email: member.email, type: "sign-in" })).status).toBe(200);
    const link = await latestEmailTo(testApp.database.db, member.email);
    const linkLanding = await byCode.post("/api/auth/email-link", { type: "magic_link", email: member.email, code: link.code! });
    const linkError = new URL(((await linkLanding.json()) as { redirectTo: string }).redirectTo, testApp.container.env.publicUrl);
    expect(linkError.pathname).toBe(paths.authError);
    expect(linkError.searchParams.get("error")).toBe(SIGN_IN_METHOD_NOT_ALLOWED);
    expect(linkError.searchParams.get("error_description")).toBe(signInPolicyMessages.requiresMicrosoft);

    google.setPerson({ sub: "g-member", email: member.email, name: "Member" });
    expect(await providerSignIn(new HttpClient(testApp), "google", paths.app)).toContain(`error=${SIGN_IN_METHOD_NOT_ALLOWED}`);

    microsoft.setPerson({ sub: "m-foreign", email: member.email, name: "Member", tenantId: FOREIGN_TENANT });
    expect(await providerSignIn(new HttpClient(testApp), "microsoft", paths.app)).toContain(`error=${AZURE_TENANT_NOT_ALLOWED}`);

    microsoft.setPerson({ sub: "m-member", email: member.email, name: "Member", tenantId: HOME_TENANT });
    const viaMicrosoft = new HttpClient(testApp);
    expect(await providerSignIn(viaMicrosoft, "microsoft", paths.app)).toBe(paths.app);
    expect(await whoAmI(viaMicrosoft)).toMatchObject({ email: member.email, organizationId });

    const elsewhere = await signedUpClient(testApp, `admin@${companyDomain("elsewhere")}`);
    const invitation = await invite(testApp, elsewhere, await organizationIdOf(elsewhere), member.email);
    const byInvitationCode = await refusal(
      await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email: member.email, code: invitation.code }),
      403,
    );
    expect(byInvitationCode.message).toBe(signInPolicyMessages.requiresMicrosoft);
    expect(await whoAmI(viaMicrosoft)).toMatchObject({ organizationId });
  });

  it("an organization that turned Microsoft off refuses it, and the platform owner recovers an Azure-only one with a password", async () => {
    const admin = await signedUpClient(testApp, `admin@${companyDomain("emailonly")}`);
    const organizationId = await organizationIdOf(admin);
    await setAuthentication(admin, organizationId, { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password" });
    microsoft.setPerson({ sub: "m-emailonly", email: (await whoAmI(admin)).email, name: "Admin", tenantId: HOME_TENANT });
    const refused = new URL(await providerSignIn(new HttpClient(testApp), "microsoft", paths.app), testApp.container.env.publicUrl);
    expect(refused.searchParams.get("error")).toBe(SIGN_IN_METHOD_NOT_ALLOWED);
    expect(refused.searchParams.get("error_description")).toBe(signInPolicyMessages.microsoftNotAllowed);

    const ownerOrganization = await organizationIdOf(platformOwner);
    await setAuthentication(platformOwner, ownerOrganization, azureOnly);
    expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: platformOwnerEmail, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("turning email and password off needs the organization's tenant, and a tenant id must be one", async () => {
    const admin = await signedUpClient(testApp, `admin@${companyDomain("careful")}`);
    const organizationId = await organizationIdOf(admin);
    const save = (settings: Record<string, unknown>) =>
      admin.request(`/api/organizations/${organizationId}/authentication`, { method: "PATCH", json: settings });
    expect((await refusal(await save({ ...azureOnly, azureTenantIds: [] }), 422)).message).toBe(organizationMessages.azureOnlyNeedsTenant);
    expect((await refusal(await save({ ...azureOnly, azureTenantIds: ["contoso.onmicrosoft.com"] }), 422)).message).toBe(organizationMessages.tenantIdFormat);
    const saved = await setAuthentication(admin, organizationId, { ...azureOnly, azureTenantIds: [HOME_TENANT.toUpperCase(), HOME_TENANT] });
    expect(saved.authentication).toEqual({ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad", azureTenantIds: [HOME_TENANT] });
    const withoutTenants = await setAuthentication(admin, organizationId, {
      emailPasswordEnabled: true,
      azureAdEnabled: true,
      defaultMethod: "email_password",
    });
    expect(withoutTenants.authentication.azureTenantIds).toEqual([HOME_TENANT]);
    const cleared = await setAuthentication(admin, organizationId, {
      emailPasswordEnabled: true,
      azureAdEnabled: true,
      defaultMethod: "email_password",
      azureTenantIds: [],
    });
    expect(cleared.authentication.azureTenantIds).toEqual([]);
    expect((await refusal(await save({ emailPasswordEnabled: false, azureAdEnabled: true, defaultMethod: "azure_ad" }), 422)).message).toBe(
      organizationMessages.azureOnlyNeedsTenant,
    );
  });
});

describe("invitation email over SMTP", () => {
  it("goes through the job queue to a real SMTP server, with a link and a code that work", async () => {
    const smtp = await startSmtpServer();
    const smtpApp = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      smtpApp.container.jobs.startWorker({ pollIntervalMs: 50 });
      const admin = new HttpClient(smtpApp);
      const adminEmail = uniqueTestEmail("smtp-admin");
      expect((await admin.post("/api/auth/sign-up/email", { email: adminEmail, password: TEST_PASSWORD, name: "" })).status).toBe(200);
      const verification = decodeQuotedPrintable((await smtp.messageTo(adminEmail)).raw);
      expect((await admin.post("/api/auth/email-otp/verify-email", { email: adminEmail, otp: verification.match(/6-digit code: (\d{6})/)![1] })).status).toBe(
        200,
      );
      const organizationId = await organizationIdOf(admin);

      const email = uniqueTestEmail("smtp-invitee");
      expect((await admin.post(`/api/organizations/${organizationId}/invitations`, { email })).status).toBe(201);
      const message = decodeQuotedPrintable((await smtp.messageTo(email)).raw);
      const token = message.match(/\/auth\/complete-invite\?token=([A-Za-z0-9_-]+)/)![1]!;
      const code = message.match(/6-digit code: (\d{6})/)![1]!;
      expect(message).toContain("invited you to join");
      const details = (await (await new HttpClient(smtpApp).post("/api/invitations/lookup", { token })).json()) as { state: string };
      expect(details.state).toBe("valid");
      const invitee = new HttpClient(smtpApp);
      expect((await invitee.post("/api/invitations/accept-with-code", { email, code })).status).toBe(200);
      expect(await whoAmI(invitee)).toMatchObject({ organizationId, organizationRole: "org_user" });
    } finally {
      await smtpApp.close();
      await smtp.stop();
    }
  });
});
