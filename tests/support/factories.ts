// Data factories: rows made the way the product makes them, without the round trips a test of
// the flow itself needs (signedUpClient signs up and types the emailed code). For the demo
// practice (`npm run db:seed`) and tests that need people or documents in number.
import type { Actor } from "../../src/core/access/actor";
import type { Auth } from "../../src/server/auth/auth";

export interface Person {
  email: string;
  name: string;
  password: string;
}

/** A person with a verified address and a password, through Better Auth's own adapter (its hooks run). */
export async function createVerifiedUser(auth: Auth, person: Person): Promise<{ id: string; email: string }> {
  const context = await auth.$context;
  const user = await context.internalAdapter.createUser({ email: person.email.toLowerCase(), name: person.name, emailVerified: true }, { method: "admin" });
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await context.password.hash(person.password),
  });
  return user;
}

/** The actor a service call on a person's behalf runs as, outside any request. */
export function actorFor(user: { id: string; email: string }, label: string): Actor {
  return {
    userId: user.id,
    email: user.email,
    platformRole: "user",
    organizationId: null,
    organizationRole: null,
    signInMethod: null,
    requestId: label,
    ip: "127.0.0.1",
    userAgent: label,
  };
}
