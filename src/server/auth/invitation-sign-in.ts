import type { BetterAuthPlugin } from "better-auth";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";

const invitedPersonSchema = z.object({
  email: z.email(),
  password: z.string().optional(),
  name: z.string().optional(),
  signInMethod: z.enum(["invitation_password", "invitation_code"]),
});

/**
 * The invitation sign-in's path. Better Auth's router never serves it (`SERVER_ONLY`): the path
 * is there so that hooks can tell this first step apart, as two-factor sign-in's check does (ADR 039).
 */
export const INVITATION_SIGN_IN_PATH = "/invitation/sign-in";

/**
 * One server-only endpoint: our invitation routes call `auth.api.signInInvitedPerson` once they
 * have checked the invitation's token or code, which proves the address as a verification code
 * does. It makes the account on first use (verified), sets the password when one is given, and
 * signs the person in with Better Auth's own session and cookie, so sign-in hooks and policies run
 * as for any other sign-in — two-factor sign-in's included: an account that uses it gets the
 * second step's challenge (`{ twoFactorRedirect: true }`) instead of a session.
 */
export function invitationSignIn() {
  return {
    id: "invitation-sign-in",
    endpoints: {
      signInInvitedPerson: createAuthEndpoint(
        INVITATION_SIGN_IN_PATH,
        { method: "POST", body: invitedPersonSchema, metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const { email, password, name = "", signInMethod } = ctx.body;
          const adapter = ctx.context.internalAdapter;
          const found = await adapter.findUserByEmail(email.toLowerCase());
          // An account made before (signed up, never verified) is verified now, and named if it has no name yet.
          const changes = { ...(found?.user.emailVerified ? {} : { emailVerified: true }), ...(found?.user.name || !name ? {} : { name }) };
          const user = !found
            ? await adapter.createUser({ email: email.toLowerCase(), name, emailVerified: true }, { method: "invitation" })
            : Object.keys(changes).length > 0
              ? await adapter.updateUser(found.user.id, changes)
              : found.user;
          if (password !== undefined) {
            const hash = await ctx.context.password.hash(password);
            const credential = (await adapter.findAccounts(user.id)).find((account) => account.providerId === "credential");
            if (credential) await adapter.updatePassword(user.id, hash);
            else await adapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: hash });
          }
          const session = await adapter.createSession(user.id, false, { signInMethod });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
