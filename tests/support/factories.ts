// Data factories: rows made the way the product makes them, without the round trips a test of
// the flow itself needs (signedUpClient signs up and types the emailed code). For the demo
// practice (`npm run db:seed`) and tests that need people or documents in number.
import type { Actor } from "../../src/core/access/actor";
import type { Auth } from "../../src/server/auth/auth";
import type { Membership } from "../../src/server/modules/organizations/organizations.repo";

export interface Person {
  email: string;
  name: string;
  password: string;
}

/** A person who signed up with a password and proved their address, through Better Auth's own sign-up (its hooks run). */
export async function createVerifiedUser(auth: Auth, person: Person): Promise<{ id: string; email: string; name: string; emailVerified: boolean }> {
  const { user } = await auth.api.signUpEmail({ body: { email: person.email, password: person.password, name: person.name } });
  const context = await auth.$context;
  await context.internalAdapter.updateUser(user.id, { emailVerified: true });
  return { id: user.id, email: user.email, name: user.name, emailVerified: true };
}

/** The actor a service call on a member's behalf runs as, outside any request. */
export function actorFor(user: { id: string; email: string }, membership: Membership | undefined, label: string): Actor {
  return {
    userId: user.id,
    email: user.email,
    platformRole: "user",
    organizationId: membership?.organization.id ?? null,
    organizationRole: membership?.member.role === "org_admin" ? "org_admin" : membership ? "org_user" : null,
    signInMethod: null,
    sessionId: null,
    requestId: label,
    ip: "127.0.0.1",
    userAgent: label,
  };
}
