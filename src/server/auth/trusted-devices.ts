import { isAPIError } from "better-auth/api";
import { and, eq, like } from "drizzle-orm";
import type { Database } from "../db/client";
import { users, verifications } from "../db/schema/index";

/**
 * Every browser's "Trust this device for 30 days" for the person. Better Auth keeps each as a
 * `trust-device-…` verification row naming them, and forgets by itself only the one that turns
 * two-factor sign-in off; a browser whose row is gone is asked for a code again (ADR 039).
 */
export async function forgetTrustedDevices(db: Database, userId: string): Promise<void> {
  await db.delete(verifications).where(and(like(verifications.identifier, "trust-device-%"), eq(verifications.value, userId)));
}

/** What Better Auth's after hook tells of the endpoint that ran. */
interface EndpointOutcome {
  path?: string;
  body?: unknown;
  context?: { returned?: unknown; session?: { user: { id: string } } | null };
}

/**
 * Better Auth's endpoints after which a person's trusted devices are forgotten: the password
 * changed (from the Security tab, or reset with an emailed code) or they signed out everywhere.
 * Either says a device may be in other hands, and a trusted one would skip the code.
 */
export function createTrustedDevicesForgetting(db: Database) {
  async function personOf(outcome: EndpointOutcome): Promise<string | undefined> {
    if (outcome.path === "/change-password" || outcome.path === "/revoke-sessions") return outcome.context?.session?.user.id;
    if (outcome.path !== "/email-otp/reset-password") return undefined;
    const email = (outcome.body as { email?: unknown } | undefined)?.email;
    if (typeof email !== "string") return undefined;
    const [person] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
    return person?.id;
  }

  return {
    /** hooks.after */
    async afterEndpoint(outcome: EndpointOutcome): Promise<void> {
      if (isAPIError(outcome.context?.returned)) return;
      const userId = await personOf(outcome);
      if (userId) await forgetTrustedDevices(db, userId);
    },
  };
}
