import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, documentUsageLog, organizationInvitations, organizationMembers, organizations } from "../../src/server/db/schema/index";
import type { DocumentSummary, StartProcessingResponse } from "../../src/shared/contracts/documents";
import type {
  InvitationListResponse,
  InvitationLookupResponse,
  MemberListResponse,
  OrganizationResponse,
  UpdateOrganizationPlanRequest,
} from "../../src/shared/contracts/organizations";
import { cannotProcessMessages } from "../../src/shared/billing";
import { invitationMessages, organizationMessages } from "../../src/shared/organizations";
import { changeEmail as changeEmailAs, signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { billingSummary, subscribeLocally } from "../support/billing";
import { contractPdf } from "../support/documents/contract-pdf";
import { waitForStatus } from "../support/documents/processing";
import { HttpClient } from "../support/http-client";
import { invite, joinedMember, organizationIdOf, whoAmI } from "../support/organizations";
import { latestInvitationTo } from "../support/outbox";
import { createTestApp, type TestApp } from "../support/test-app";

let testApp: TestApp;
let platformOwner: HttpClient;
const platformOwnerEmail = uniqueTestEmail("platform-owner");
let domainCount = 0;

beforeAll(async () => {
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: platformOwnerEmail } });
  platformOwner = await signedUpClient(testApp, platformOwnerEmail);
});
afterAll(() => testApp.close());

/** A company domain no other test uses. */
const companyDomain = (label: string) => `${label}-${++domainCount}.example`;
const db = () => testApp.database.db;

async function organizationOf(client: HttpClient, organizationId: string) {
  const response = await client.get(`/api/organizations/${organizationId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as OrganizationResponse).organization;
}

async function membersOf(client: HttpClient, organizationId: string) {
  return ((await (await client.get(`/api/organizations/${organizationId}/members`)).json()) as MemberListResponse).members;
}

async function invitationsOf(client: HttpClient, organizationId: string) {
  return ((await (await client.get(`/api/organizations/${organizationId}/invitations`)).json()) as InvitationListResponse).invitations;
}

async function lookup(token: string): Promise<InvitationLookupResponse> {
  const response = await new HttpClient(testApp).post("/api/invitations/lookup", { token });
  expect(response.status).toBe(200);
  return (await response.json()) as InvitationLookupResponse;
}

async function refusal(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: { message: string } }).error.message;
}

async function setPlan(organizationId: string, plan: UpdateOrganizationPlanRequest) {
  const response = await platformOwner.request(`/api/platform/organizations/${organizationId}/plan`, { method: "PATCH", json: plan });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as OrganizationResponse).organization;
}

/** An admin of a new organization of their own, with its id. */
async function newAdmin(label = "admin") {
  const client = await signedUpClient(testApp, `${label}@${companyDomain(label)}`);
  return { client, organizationId: await organizationIdOf(client) };
}

async function upload(client: HttpClient): Promise<DocumentSummary> {
  const response = await client.upload(
    "/api/documents",
    `Contract ${Date.now()} ${Math.random()}.pdf`,
    contractPdf(`organizations ${Date.now()} ${Math.random()}`),
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { document: DocumentSummary }).document;
}

async function startProcessing(client: HttpClient, documentId: string, trigger = "start"): Promise<StartProcessingResponse> {
  const response = await client.post(`/api/documents/${documentId}/process`, { trigger });
  expect(response.status).toBe(200);
  return (await response.json()) as StartProcessingResponse;
}

const changeEmail = (client: HttpClient, newEmail: string) => changeEmailAs(testApp, client, newEmail);

describe("every person belongs to one active organization", () => {
  it("signing up makes an organization named from the company domain, with the new person its admin, on a 14-day trial with the platform's default limits", async () => {
    const client = await signedUpClient(testApp, "ana@blue-valley-health.example");
    const me = await whoAmI(client);
    expect(me).toMatchObject({ organizationName: "Blue Valley Health", organizationRole: "org_admin", organizationStatus: "trial", trialDaysLeft: 14 });
    const organization = await organizationOf(client, me.organizationId!);
    expect(organization).toMatchObject({
      maxUsers: 100,
      storageLimitGb: 5,
      activeMembers: 1,
      authentication: { emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password", azureTenantIds: [] },
      plan: { status: "trial", trialDaysLeft: 14, hasAccess: true, monthlyCredits: 5, creditsUsed: 0 },
    });
  });

  it('a free-mail address makes "<Name>\'s practice", and never groups two people of one free-mail domain', async () => {
    const jo = await signedUpClient(testApp, `jo.${Date.now()}@gmail.com`, { name: "Jo Smith" });
    const sam = await signedUpClient(testApp, `sam.${Date.now()}@gmail.com`, { name: "Sam Lee" });
    expect((await whoAmI(jo)).organizationName).toBe("Jo Smith's practice");
    expect((await whoAmI(sam)).organizationName).toBe("Sam Lee's practice");
    expect((await whoAmI(jo)).organizationId).not.toBe((await whoAmI(sam)).organizationId);
    const refused = await platformOwner.post(`/api/platform/organizations/${await organizationIdOf(jo)}/domains`, { domain: "gmail.com" });
    expect(await refusal(refused, 422)).toContain("free-mail");
  });

  it("the same company domain joins an organization only once the platform owner verified it for that organization, and only while it has room", async () => {
    const domain = companyDomain("northside");
    const first = await signedUpClient(testApp, `first@${domain}`);
    const firstOrganization = await organizationIdOf(first);
    const unverified = await signedUpClient(testApp, `second@${domain}`);
    expect(await organizationIdOf(unverified)).not.toBe(firstOrganization);

    const verified = await platformOwner.post(`/api/platform/organizations/${firstOrganization}/domains`, { domain: domain.toUpperCase() });
    expect(((await verified.json()) as OrganizationResponse).organization.verifiedDomains).toEqual([domain]);
    const twice = await platformOwner.post(`/api/platform/organizations/${await organizationIdOf(unverified)}/domains`, { domain });
    expect(await refusal(twice, 409)).toBe(`Another organization has already verified ${domain}.`);

    const joiner = await signedUpClient(testApp, `third@${domain}`);
    expect(await whoAmI(joiner)).toMatchObject({ organizationId: firstOrganization, organizationRole: "org_user" });

    await db().update(organizations).set({ maxUsers: 2 }).where(eq(organizations.id, firstOrganization));
    const overflow = await signedUpClient(testApp, `fourth@${domain}`);
    expect(await whoAmI(overflow)).toMatchObject({ organizationRole: "org_admin" });
    expect(await organizationIdOf(overflow)).not.toBe(firstOrganization);
  });

  it("an account from before organizations gets one at its next request, once however many requests arrive together", async () => {
    const client = await signedUpClient(testApp, `early@${companyDomain("early")}`);
    const me = await whoAmI(client);
    await db().delete(organizationMembers).where(eq(organizationMembers.userId, me.id));
    const together = await Promise.all([1, 2, 3, 4].map(() => whoAmI(client)));
    expect(new Set(together.map((answer) => answer.organizationId)).size).toBe(1);
    expect(together[0]).toMatchObject({ organizationRole: "org_admin", organizationStatus: "trial" });
    expect(together[0]!.organizationId).not.toBe(me.organizationId);
    expect(await db().select().from(organizationMembers).where(eq(organizationMembers.userId, me.id))).toHaveLength(1);
  });
});

describe("invitations", () => {
  it("an invitation email carries the link to /auth/complete-invite and a 6-digit code; the page learns the organization, address and methods before sign-in", async () => {
    const { client: admin, organizationId } = await newAdmin("inviter");
    const email = uniqueTestEmail("invitee");
    const { token, code, subject, text } = await invite(testApp, admin, organizationId, email.toUpperCase());
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(code).toMatch(/^\d{6}$/);
    const organizationName = (await organizationOf(admin, organizationId)).name;
    expect(subject).toContain(`You're invited to join ${organizationName}`);
    expect(text).toContain(`${testApp.container.env.publicUrl}/auth/complete-invite?token=${token}`);
    expect(text).toContain(`/auth/code?type=invite&email=${encodeURIComponent(email)}`);

    const details = await lookup(token);
    expect(details).toMatchObject({
      state: "valid",
      invitation: { email, organizationName, emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "email_password", hasAccount: false },
    });
    const expiresInDays = details.state === "valid" ? (Date.parse(details.invitation.expiresAt) - Date.now()) / 86_400_000 : 0;
    expect(Math.round(expiresInDays)).toBe(7);
    const [stored] = await db().select().from(organizationInvitations).where(eq(organizationInvitations.email, email));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.codeHash).not.toContain(code);
    expect(await invitationsOf(admin, organizationId)).toEqual([expect.objectContaining({ email, role: "org_user", status: "pending" })]);
  });

  it("accepting by password setup makes the account (verified), signs in, joins as invited, and the link then stops working", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const email = uniqueTestEmail("by-password");
    const { token } = await invite(testApp, admin, organizationId, email);
    const tooShort = await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: "five5" });
    expect(await refusal(tooShort, 422)).toBe(invitationMessages.passwordTooShort);

    const invitee = new HttpClient(testApp);
    const accepted = await invitee.post("/api/invitations/accept-with-password", { token, password: "secret" });
    expect(accepted.status).toBe(200);
    // No name was given, so the web asks for it next.
    expect(await accepted.json()).toEqual({
      organizationId,
      organizationName: (await organizationOf(admin, organizationId)).name,
      role: "org_user",
      needsName: true,
    });
    expect(await whoAmI(invitee)).toMatchObject({ email, emailVerified: true, organizationId, organizationRole: "org_user" });
    const memberships = await db().select().from(organizationMembers).where(eq(organizationMembers.joinedAsEmail, email));
    expect(memberships).toHaveLength(1);
    expect((await membersOf(admin, organizationId)).map((member) => [member.email, member.role, member.status])).toContainEqual([email, "org_user", "active"]);
    expect(await invitationsOf(admin, organizationId)).toEqual([]);

    expect(await lookup(token)).toEqual({ state: "accepted", message: invitationMessages.invalid });
    const reused = await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: "another1" });
    expect(await refusal(reused, 409)).toBe(invitationMessages.invalid);
    expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email, password: "secret" })).status).toBe(200);
  });

  it("accepting by the 6-digit code signs in and joins with the invited role; wrong codes run out", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const email = uniqueTestEmail("by-code");
    const { code } = await invite(testApp, admin, organizationId, email, "org_admin");
    const wrongCode = code === "000000" ? "111111" : "000000";
    const invitee = new HttpClient(testApp);
    expect(await refusal(await invitee.post("/api/invitations/accept-with-code", { email, code: wrongCode }), 400)).toBe(invitationMessages.wrongCode);
    expect((await invitee.get("/api/me")).status).toBe(401);
    expect((await invitee.post("/api/invitations/accept-with-code", { email: email.toUpperCase(), code })).status).toBe(200);
    expect(await whoAmI(invitee)).toMatchObject({ organizationId, organizationRole: "org_admin" });

    const guessed = uniqueTestEmail("guessed");
    const second = await invite(testApp, admin, organizationId, guessed);
    for (let attempt = 0; attempt < 5; attempt++) {
      await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email: guessed, code: second.code === "000000" ? "111111" : "000000" });
    }
    expect((await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email: guessed, code: second.code })).status).toBe(400);
    const resent = await new HttpClient(testApp).post("/api/invitations/resend-code", { email: guessed });
    expect(resent.status).toBe(204);
    const fresh = await latestInvitationTo(db(), guessed);
    expect(fresh.token).not.toBe(second.token);
    expect((await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email: guessed, code: fresh.code })).status).toBe(200);
    expect((await new HttpClient(testApp).post("/api/invitations/resend-code", { email: uniqueTestEmail("nobody") })).status).toBe(204);
  });

  it("an account signed in with another address is refused clearly; the invited person's existing account moves, handing its last admin role on", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const existingEmail = `mover@${companyDomain("mover")}`;
    const existing = await signedUpClient(testApp, existingEmail);
    const oldOrganization = await organizationIdOf(existing);
    const colleague = await joinedMember(testApp, existing, oldOrganization);
    const { token } = await invite(testApp, admin, organizationId, existingEmail);

    const stranger = await signedUpClient(testApp);
    const strangerEmail = (await whoAmI(stranger)).email;
    const wrongPerson = await stranger.post("/api/invitations/accept", { token });
    expect(await refusal(wrongPerson, 403)).toBe(invitationMessages.otherEmail(existingEmail, strangerEmail));
    expect(await lookup(token)).toMatchObject({ state: "valid", invitation: { hasAccount: true } });
    const overwrite = await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: "takeover1" });
    expect(await refusal(overwrite, 409)).toBe(invitationMessages.accountHasPassword);

    expect((await existing.post("/api/invitations/accept", { token })).status).toBe(200);
    expect(await whoAmI(existing)).toMatchObject({ organizationId, organizationRole: "org_user" });
    const [old] = await db()
      .select()
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, oldOrganization), eq(organizationMembers.userId, (await whoAmI(existing)).id)));
    expect(old!.status).toBe("inactive");
    expect(await whoAmI(colleague.client)).toMatchObject({ organizationId: oldOrganization, organizationRole: "org_admin" });
    expect((await new HttpClient(testApp).post("/api/auth/sign-in/email", { email: existingEmail, password: TEST_PASSWORD })).status).toBe(200);
  });

  it("an expired invitation says so everywhere, is listed as Expired, and a resend makes a new link", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const email = uniqueTestEmail("late");
    const { token, code, invitationId } = await invite(testApp, admin, organizationId, email);
    await db()
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(organizationInvitations.id, invitationId));

    expect(await lookup(token)).toEqual({ state: "expired", message: invitationMessages.expired });
    expect(await refusal(await new HttpClient(testApp).post("/api/invitations/accept-with-password", { token, password: "secret" }), 409)).toBe(
      invitationMessages.expired,
    );
    expect((await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email, code })).status).toBe(400);
    expect(await invitationsOf(admin, organizationId)).toEqual([expect.objectContaining({ id: invitationId, status: "expired" })]);

    const resent = await admin.post(`/api/organizations/${organizationId}/invitations/${invitationId}/resend`);
    expect(resent.status).toBe(200);
    expect(((await resent.json()) as { invitation: { status: string } }).invitation.status).toBe("pending");
    const fresh = await latestInvitationTo(db(), email);
    expect(await lookup(token)).toEqual({ state: "unknown", message: invitationMessages.invalidOrExpired });
    expect((await lookup(fresh.token)).state).toBe("valid");
  });

  it("cancel is real: the link and code stop working and the list forgets it", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const email = uniqueTestEmail("cancelled");
    const { token, code, invitationId } = await invite(testApp, admin, organizationId, email);
    expect((await admin.request(`/api/organizations/${organizationId}/invitations/${invitationId}`, { method: "DELETE" })).status).toBe(204);
    expect(await lookup(token)).toEqual({ state: "cancelled", message: invitationMessages.invalid });
    expect((await new HttpClient(testApp).post("/api/invitations/accept-with-code", { email, code })).status).toBe(400);
    expect(await invitationsOf(admin, organizationId)).toEqual([]);
    const again = await admin.request(`/api/organizations/${organizationId}/invitations/${invitationId}`, { method: "DELETE" });
    expect(await refusal(again, 404)).toBe(organizationMessages.invitationNotFound);
    expect((await admin.post(`/api/organizations/${organizationId}/invitations`, { email })).status).toBe(201);
  });

  it("one pending invitation per address, never to a member, and never past the maximum of users", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const email = uniqueTestEmail("once");
    const invitationsTo = (address: string) => db().select().from(organizationInvitations).where(eq(organizationInvitations.email, address));
    const concurrent = await Promise.all([1, 2, 3].map(() => admin.post(`/api/organizations/${organizationId}/invitations`, { email })));
    expect(concurrent.map((response) => response.status).sort()).toEqual([201, 409, 409]);
    expect(await invitationsTo(email)).toHaveLength(1);
    expect(await refusal(await admin.post(`/api/organizations/${organizationId}/invitations`, { email }), 409)).toBe(
      organizationMessages.alreadyInvited(email),
    );
    const adminEmail = (await whoAmI(admin)).email;
    expect(await refusal(await admin.post(`/api/organizations/${organizationId}/invitations`, { email: adminEmail }), 409)).toBe(
      organizationMessages.alreadyMember(adminEmail),
    );

    const settings = (maxUsers: number) =>
      admin.request(`/api/organizations/${organizationId}`, { method: "PATCH", json: { name: "Full House", maxUsers, storageLimitGb: 5 } });
    expect(await refusal(await settings(1), 409)).toBe(organizationMessages.maxUsersBelowMembers(2));
    expect((await settings(2)).status).toBe(200);
    const beyond = uniqueTestEmail("beyond");
    expect(await refusal(await admin.post(`/api/organizations/${organizationId}/invitations`, { email: beyond }), 409)).toBe(
      organizationMessages.maxUsersReached(2),
    );
    expect(await invitationsTo(beyond)).toEqual([]);
  });

  it("refuses bad input and changes nothing", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const other = await newAdmin("other");
    const before = await invitationsOf(admin, organizationId);
    const post = (body: unknown, id = organizationId) => admin.post(`/api/organizations/${id}/invitations`, body);
    expect(await refusal(await post({ email: "not-an-address" }), 422)).toBe(organizationMessages.invalidEmail);
    expect(await refusal(await post({ email: "a@b" }), 422)).toBe(organizationMessages.invalidEmail);
    expect(await refusal(await post({ email: uniqueTestEmail(), role: "platform_owner" }), 422)).toBe(organizationMessages.invitableRole);
    expect(await refusal(await post({ email: uniqueTestEmail(), role: "owner" }), 422)).toBe(organizationMessages.invitableRole);
    expect(await refusal(await post({ email: uniqueTestEmail() }, other.organizationId), 404)).toBe(organizationMessages.organizationNotFound);
    expect((await post({ email: uniqueTestEmail() }, "not-a-uuid")).status).toBe(404);
    const theirs = await invite(testApp, other.client, other.organizationId, uniqueTestEmail("theirs"));
    expect((await admin.request(`/api/organizations/${organizationId}/invitations/${theirs.invitationId}`, { method: "DELETE" })).status).toBe(404);
    expect((await admin.request(`/api/organizations/${other.organizationId}/invitations/${theirs.invitationId}`, { method: "DELETE" })).status).toBe(404);
    expect((await lookup(theirs.token)).state).toBe("valid");
    expect(await invitationsOf(admin, organizationId)).toEqual(before);
    expect((await admin.post("/api/invitations/lookup", { token: "a b" })).status).toBe(422);
    expect((await admin.post("/api/invitations/accept-with-code", { email: "x@y.z", code: "12ab56" })).status).toBe(422);
  });
});

describe("members", () => {
  it("admins change roles, but an organization keeps one admin and the platform owner's row cannot be changed", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const member = await joinedMember(testApp, admin, organizationId);
    const patch = (membershipId: string, role: string) =>
      admin.request(`/api/organizations/${organizationId}/members/${membershipId}`, { method: "PATCH", json: { role } });
    const promoted = await patch(member.membershipId, "org_admin");
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { member: { role: string } }).member.role).toBe("org_admin");
    expect(await whoAmI(member.client)).toMatchObject({ organizationRole: "org_admin" });
    const adminEmail = (await whoAmI(admin)).email;
    const adminMembership = (await membersOf(admin, organizationId)).find((row) => row.email === adminEmail)!;
    expect((await patch(adminMembership.membershipId, "org_user")).status).toBe(200);
    expect(
      await refusal(
        await member.client.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "PATCH", json: { role: "org_user" } }),
        409,
      ),
    ).toBe(organizationMessages.lastAdmin);
    expect(await refusal(await member.client.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "DELETE" }), 409)).toBe(
      organizationMessages.lastAdmin,
    );
    expect((await admin.get(`/api/organizations/${organizationId}/members`)).status).toBe(403);
    expect(
      await refusal(
        await member.client.request(`/api/organizations/${organizationId}/members/${adminMembership.membershipId}`, {
          method: "PATCH",
          json: { role: "platform_owner" },
        }),
        422,
      ),
    ).toBe(organizationMessages.invitableRole);

    const ownerOrganization = await organizationIdOf(platformOwner);
    const ownersColleague = await joinedMember(testApp, platformOwner, ownerOrganization, uniqueTestEmail("owners-colleague"), "org_admin");
    const ownerRow = (await membersOf(platformOwner, ownerOrganization)).find((row) => row.email === platformOwnerEmail)!;
    expect(ownerRow.role).toBe("platform_owner");
    const onOwner = `/api/organizations/${ownerOrganization}/members/${ownerRow.membershipId}`;
    expect(await refusal(await ownersColleague.client.request(onOwner, { method: "PATCH", json: { role: "org_user" } }), 403)).toBe(
      organizationMessages.cannotModifyOwner,
    );
    expect(await refusal(await ownersColleague.client.request(onOwner, { method: "DELETE" }), 403)).toBe(organizationMessages.cannotModifyOwner);
    expect(await refusal(await platformOwner.request(onOwner, { method: "DELETE" }), 403)).toBe(organizationMessages.cannotModifyOwner);
  });

  it("a removed member is listed inactive, gets an organization of their own at once, and keeps their documents, which their admin may no longer read", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const member = await joinedMember(testApp, admin, organizationId);
    const document = await upload(member.client);
    const listed = (await membersOf(admin, organizationId)).find((row) => row.membershipId === member.membershipId)!;
    expect(listed).toMatchObject({ documentsCount: 1, status: "active", role: "org_user" });
    // A member's document is the admin's to read (ADR 040) while they are a member.
    expect((await admin.get(`/api/documents/${document.id}`)).status).toBe(200);

    expect((await admin.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "DELETE" })).status).toBe(204);
    expect((await admin.get(`/api/documents/${document.id}`)).status).toBe(404);
    expect((await membersOf(admin, organizationId)).find((row) => row.membershipId === member.membershipId)).toMatchObject({ status: "inactive" });
    const after = await whoAmI(member.client);
    expect(after.organizationId).not.toBe(organizationId);
    expect(after.organizationRole).toBe("org_admin");
    expect((await member.client.get(`/api/documents/${document.id}`)).status).toBe(200);
    expect((await admin.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("organization settings", () => {
  it("saves the name, maximum users and storage limit, and authentication methods only in a consistent state", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const saved = await admin.request(`/api/organizations/${organizationId}`, {
      method: "PATCH",
      json: { name: "  Riverside Family Care ", maxUsers: 12, storageLimitGb: 3 },
    });
    expect(((await saved.json()) as OrganizationResponse).organization).toMatchObject({ name: "Riverside Family Care", maxUsers: 12, storageLimitGb: 3 });
    expect((await whoAmI(admin)).organizationName).toBe("Riverside Family Care");
    for (const bad of [
      { name: "", maxUsers: 12, storageLimitGb: 250 },
      { name: "X", maxUsers: 0, storageLimitGb: 250 },
      { name: "X", maxUsers: 12, storageLimitGb: "lots" },
    ]) {
      expect((await admin.request(`/api/organizations/${organizationId}`, { method: "PATCH", json: bad })).status).toBe(422);
    }
    const authentication = (body: unknown) => admin.request(`/api/organizations/${organizationId}/authentication`, { method: "PATCH", json: body });
    expect(await refusal(await authentication({ emailPasswordEnabled: true, azureAdEnabled: false, defaultMethod: "azure_ad" }), 422)).toBe(
      organizationMessages.defaultMethodDisabled,
    );
    expect(await refusal(await authentication({ emailPasswordEnabled: false, azureAdEnabled: false, defaultMethod: "email_password" }), 422)).toBe(
      organizationMessages.noAuthMethod,
    );
    expect(await refusal(await authentication({ emailPasswordEnabled: true, azureAdEnabled: true, defaultMethod: "email_password" }), 422)).toBe(
      organizationMessages.azureNotConfigured,
    );
    expect((await organizationOf(admin, organizationId)).authentication).toEqual({
      emailPasswordEnabled: true,
      azureAdEnabled: false,
      defaultMethod: "email_password",
      azureTenantIds: [],
    });
  });

  it("an admin keeps storage within what the platform gives (the default for new organizations, or more the platform owner granted); the platform owner may set any", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const settings = (client: HttpClient, storageLimitGb: number) =>
      client.request(`/api/organizations/${organizationId}`, { method: "PATCH", json: { name: "Storage Clinic", maxUsers: 10, storageLimitGb } });
    expect(await refusal(await settings(admin, 500), 403)).toBe(organizationMessages.storageLimitAboveAllowance(5));
    expect((await organizationOf(admin, organizationId)).storageLimitGb).toBe(5);
    expect((await settings(admin, 2)).status).toBe(200);
    expect((await settings(admin, 5)).status).toBe(200);
    expect((await settings(platformOwner, 40)).status).toBe(200);
    expect((await settings(admin, 30)).status).toBe(200);
    expect(await refusal(await settings(admin, 41), 403)).toBe(organizationMessages.storageLimitAboveAllowance(30));
  });

  it("refuses an upload past the organization's storage limit, counting every active member's documents", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const member = await joinedMember(testApp, admin, organizationId);
    const first = await upload(member.client);
    await admin.request(`/api/organizations/${organizationId}`, { method: "PATCH", json: { name: "Small Practice", maxUsers: 50, storageLimitGb: 1 } });
    await db()
      .update(documents)
      .set({ fileSize: 1024 ** 3 - 1000 })
      .where(eq(documents.id, first.id));
    expect((await organizationOf(admin, organizationId)).storageUsedBytes).toBe(1024 ** 3 - 1000);
    const refused = await admin.upload("/api/documents", "One too many.pdf", contractPdf(`one too many ${Date.now()}`));
    expect(await refusal(refused, 413)).toBe(organizationMessages.storageFull(1));
    expect(((await (await admin.get("/api/documents")).json()) as { documents: unknown[] }).documents).toEqual([]);
  });
});

describe("organization plans", () => {
  it("a trial lets members process documents without a personal plan, on the organization's monthly allowance", async () => {
    const { client: admin, organizationId } = await newAdmin();
    const member = await joinedMember(testApp, admin, organizationId);
    const document = await upload(member.client);
    expect(await startProcessing(member.client, document.id)).toMatchObject({ ok: true });
    const [usage] = await db().select().from(documentUsageLog).where(eq(documentUsageLog.documentId, document.id));
    expect(usage).toMatchObject({ source: "organization", organizationId });
    const summary = await billingSummary(admin);
    expect(summary.mode !== "off" && summary.organizationPlan).toMatchObject({
      status: "trial",
      hasAccess: true,
      monthlyCredits: 5,
      creditsUsed: 1,
      creditsAvailable: 4,
    });
    expect(summary.mode !== "off" && summary.credits).toMatchObject({ creditsUsed: 0, creditsAvailable: 0 });
  });

  it("a personal plan's credits pay first, leaving the allowance the others share", async () => {
    const { client: admin, organizationId } = await newAdmin();
    await subscribeLocally(admin, "basic");
    const [first, second] = [await upload(admin), await upload(admin)];
    await startProcessing(admin, first.id);
    await startProcessing(admin, second.id);
    const sources = await Promise.all(
      [first, second].map(async (document) => (await db().select().from(documentUsageLog).where(eq(documentUsageLog.documentId, document.id)))[0]!.source),
    );
    expect(sources).toEqual(["plan", "organization"]);
    expect((await organizationOf(admin, organizationId)).plan.creditsUsed).toBe(1);
  });

  it("an ended trial, a spent allowance and a suspension each stop processing with their message; reading and chat stay", async () => {
    const { client: admin, organizationId } = await newAdmin();
    await setPlan(organizationId, { status: "trial", trialEndsAt: new Date(Date.now() + 86_400_000).toISOString(), monthlyCredits: 1 });
    const [first, second] = [await upload(admin), await upload(admin)];
    expect(await startProcessing(admin, first.id)).toMatchObject({ ok: true });
    expect(await startProcessing(admin, second.id)).toMatchObject({ ok: false, reason: "insufficient_credits" });

    const ended = await setPlan(organizationId, { status: "trial", trialEndsAt: new Date(Date.now() - 1000).toISOString(), monthlyCredits: 10 });
    expect(ended.plan).toMatchObject({ status: "trial", trialDaysLeft: 0, hasAccess: false });
    expect(await whoAmI(admin)).toMatchObject({ organizationStatus: "trial", trialDaysLeft: 0 });
    expect(await startProcessing(admin, second.id)).toMatchObject({ ok: false, reason: "no_active_period", message: cannotProcessMessages.no_active_period });

    expect(((await (await admin.get(`/api/documents/${second.id}`)).json()) as { document: DocumentSummary }).document.status).toBe("awaiting_credit");
    const enterprise = await setPlan(organizationId, { status: "enterprise" });
    expect(enterprise.plan).toMatchObject({ status: "enterprise", trialDaysLeft: null, hasAccess: true, enterpriseFeaturesEnabled: true });
    // The document that waited for a credit starts by itself once the plan pays again: a reaction a worker runs (ADR 036).
    testApp.container.jobs.startWorker({ pollIntervalMs: 50 });
    await waitForStatus(admin, second.id, ["queued", "processing", "completed"]);
    await testApp.container.jobs.stopWorker();

    await setPlan(organizationId, { status: "suspended" });
    const third = await upload(admin);
    expect(await startProcessing(admin, third.id)).toEqual(
      expect.objectContaining({ ok: false, reason: "organization_suspended", message: cannotProcessMessages.organization_suspended }),
    );
    expect((await admin.get(`/api/documents/${third.id}`)).status).toBe(200);
    expect((await admin.get("/api/chat/sessions")).status).toBe(200);
    const invalid = await platformOwner.request(`/api/platform/organizations/${organizationId}/plan`, { method: "PATCH", json: { status: "trial" } });
    expect(invalid.status).toBe(422);
    expect((await organizationOf(admin, organizationId)).plan.status).toBe("suspended");
  });
});

describe("an email change moves the membership", () => {
  it("to a new organization for another company domain, handing the old one's admin role to its longest-standing member", async () => {
    const { client: admin, organizationId } = await newAdmin("changer");
    const colleague = await joinedMember(testApp, admin, organizationId);
    const newEmail = `changer@${companyDomain("newco")}`;
    await changeEmail(admin, newEmail);
    const me = await whoAmI(admin);
    expect(me).toMatchObject({ email: newEmail, organizationRole: "org_admin" });
    expect(me.organizationId).not.toBe(organizationId);
    expect((await membersOf(colleague.client, organizationId)).find((member) => member.userId === me.id)).toMatchObject({ status: "inactive" });
    expect(await whoAmI(colleague.client)).toMatchObject({ organizationId, organizationRole: "org_admin" });
  });

  it('to "<Name>\'s practice" for a free-mail address', async () => {
    const { client, organizationId } = await newAdmin("to-free-mail");
    await changeEmail(client, `to.free.mail.${Date.now()}@gmail.com`);
    const me = await whoAmI(client);
    expect(me.organizationId).not.toBe(organizationId);
    expect(me.organizationName).toMatch(/^to\.free\.mail\.\d+'s practice$/);
  });

  it("nowhere within the same domain, and into the organization that verified the new one", async () => {
    const domain = companyDomain("stay");
    const client = await signedUpClient(testApp, `before@${domain}`);
    const organizationId = await organizationIdOf(client);
    await changeEmail(client, `after@${domain}`);
    expect(await organizationIdOf(client)).toBe(organizationId);

    const target = await newAdmin("target");
    const targetDomain = companyDomain("target-domain");
    expect((await platformOwner.post(`/api/platform/organizations/${target.organizationId}/domains`, { domain: targetDomain })).status).toBe(200);
    await changeEmail(client, `after@${targetDomain}`);
    expect(await whoAmI(client)).toMatchObject({ organizationId: target.organizationId, organizationRole: "org_user" });
  });
});
