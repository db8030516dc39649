import { expect } from "vitest";
import type { AppUser } from "../../src/shared/contracts/me";
import type { InvitableRole } from "../../src/shared/organizations";
import { uniqueTestEmail } from "./accounts";
import { HttpClient } from "./http-client";
import { latestInvitationTo } from "./outbox";
import type { TestApp } from "./test-app";

export async function whoAmI(client: HttpClient): Promise<AppUser> {
  const response = await client.get("/api/me");
  expect(response.status).toBe(200);
  return ((await response.json()) as { user: AppUser }).user;
}

/** The id of the organization the signed-in person acts in. */
export async function organizationIdOf(client: HttpClient): Promise<string> {
  const { organizationId } = await whoAmI(client);
  if (!organizationId) throw new Error("the person has no organization");
  return organizationId;
}

/** An admin invites `email`; answers the emailed token and code. */
export async function invite(testApp: TestApp, admin: HttpClient, organizationId: string, email: string, role: InvitableRole = "org_user") {
  const response = await admin.post(`/api/organizations/${organizationId}/invitations`, { email, role });
  expect(response.status, await response.clone().text()).toBe(201);
  const { invitation } = (await response.json()) as { invitation: { id: string } };
  return { invitationId: invitation.id, ...(await latestInvitationTo(testApp.database.db, email)) };
}

/** Someone new joins the admin's organization with the emailed code, as a person would on /auth/code?type=invite. */
export async function joinedMember(
  testApp: TestApp,
  admin: HttpClient,
  organizationId: string,
  email = uniqueTestEmail("member"),
  role: InvitableRole = "org_user",
) {
  const { code } = await invite(testApp, admin, organizationId, email, role);
  const client = new HttpClient(testApp);
  const accepted = await client.post("/api/invitations/accept-with-code", { email, code });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  const me = await whoAmI(client);
  const members = (await (await admin.get(`/api/organizations/${organizationId}/members`)).json()) as { members: { membershipId: string; userId: string }[] };
  const membershipId = members.members.find((member) => member.userId === me.id)!.membershipId;
  return { client, email, userId: me.id, membershipId };
}
