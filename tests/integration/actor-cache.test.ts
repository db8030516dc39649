import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, TEST_PASSWORD, uniqueTestEmail } from "../support/accounts";
import { HttpClient } from "../support/http-client";
import { joinedMember, organizationIdOf, whoAmI } from "../support/organizations";
import { createTestApp, type TestApp } from "../support/test-app";

// The actor cache (ADR 025) remembers a session's identity for seconds; every change below must
// still be seen by the very next request, with the session already remembered when it happens.
const OWNER_EMAIL = "cache-owner@clinic.example";
let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp({ env: { PLATFORM_OWNER_EMAILS: OWNER_EMAIL } });
});
afterAll(() => testApp.close());

/** A second browser holding the same session cookie. */
function copyOf(client: HttpClient): HttpClient {
  const copy = new HttpClient(testApp);
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

async function remembered(...clients: HttpClient[]): Promise<void> {
  for (const client of clients) expect((await client.get("/api/me")).status).toBe(200);
  expect(testApp.container.actorCache.size).toBeGreaterThan(0);
}

async function signedInAgain(email: string): Promise<HttpClient> {
  const client = new HttpClient(testApp);
  expect((await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).status).toBe(200);
  return client;
}

describe("a remembered session", () => {
  it("is remembered once the person has their organization, and answers as before", async () => {
    const client = await signedUpClient(testApp);
    // The first request makes the person's organization: a write that leaves its look-up unremembered.
    await whoAmI(client);
    const first = await whoAmI(client);
    const size = testApp.container.actorCache.size;
    expect(size).toBeGreaterThan(0);
    expect(await whoAmI(client)).toEqual(first);
    expect(testApp.container.actorCache.size).toBe(size);
  });

  it("stops working at once when it signs out", async () => {
    const client = await signedUpClient(testApp);
    const stolen = copyOf(client);
    await remembered(client, stolen);
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect((await stolen.get("/api/me")).status).toBe(401);
  });

  it("stops working at once when the person signs out everywhere, changes their password or ends their other sessions", async () => {
    const email = uniqueTestEmail();
    const laptop = await signedUpClient(testApp, email);
    const phone = await signedInAgain(email);
    await remembered(laptop, phone);
    expect((await laptop.post("/api/account/sessions/sign-out-others")).status).toBe(200);
    expect((await phone.get("/api/me")).status).toBe(401);
    expect((await laptop.get("/api/me")).status).toBe(200);

    const tablet = await signedInAgain(email);
    await remembered(laptop, tablet);
    const changed = await laptop.post("/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "a-new-password-1",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect((await tablet.get("/api/me")).status).toBe(401);

    await remembered(laptop);
    expect((await laptop.post("/api/auth/revoke-sessions")).status).toBe(200);
    expect((await laptop.get("/api/me")).status).toBe(401);
  });

  it("stops working at once when the platform owner bans the person", async () => {
    const owner = await signedUpClient(testApp, OWNER_EMAIL);
    const person = await signedUpClient(testApp);
    const { id } = await whoAmI(person);
    await remembered(owner, person);
    expect((await owner.post(`/api/admin/users/${id}/ban`, { reason: "Shared their account" })).status).toBe(200);
    expect((await person.get("/api/me")).status).toBe(401);
  });

  it("carries a changed organization role or a removal into the next request", async () => {
    const admin = await signedUpClient(testApp, uniqueTestEmail("admin"));
    const organizationId = await organizationIdOf(admin);
    const member = await joinedMember(testApp, admin, organizationId);
    await remembered(admin, member.client);
    expect((await member.client.get(`/api/organizations/${organizationId}/members`)).status).toBe(403);

    const promoted = await admin.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, {
      method: "PATCH",
      json: { role: "org_admin" },
    });
    expect(promoted.status).toBe(200);
    expect((await whoAmI(member.client)).organizationRole).toBe("org_admin");
    expect((await member.client.get(`/api/organizations/${organizationId}/members`)).status).toBe(200);

    expect((await admin.request(`/api/organizations/${organizationId}/members/${member.membershipId}`, { method: "DELETE" })).status).toBe(204);
    expect((await member.client.get(`/api/organizations/${organizationId}/members`)).status).toBe(404);
    expect(await organizationIdOf(member.client)).not.toBe(organizationId);
  });

  it("sees a write made by any code through the app's database, even raw SQL", async () => {
    const client = await signedUpClient(testApp);
    const { id } = await whoAmI(client);
    await remembered(client);
    await testApp.database.db.execute(sql`update users set role = 'platform_owner' where id = ${id}`);
    expect((await whoAmI(client)).role).toBe("platform_owner");
    await remembered(client);
    await testApp.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from sessions where user_id = ${id}`);
    });
    expect((await client.get("/api/me")).status).toBe(401);
  });
});
