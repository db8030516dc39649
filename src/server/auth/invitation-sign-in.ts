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
 * One server-only endpoint (it has no path, so no request reaches it): our invitation routes call
 * `auth.api.signInInvitedPerson` once they have checked the invitation's token or code, which
 * proves the address as a verification code does. It makes the account on first use (verified),
 * sets the password when one is given, and signs the person in with Better Auth's own session
 * and cookie, so sign-in hooks and policies run as for any other sign-in.
 */
export function invitationSignIn() {
  return {
    id: "invitation-sign-in",
    endpoints: {
      signInInvitedPerson: createAuthEndpoint({ method: "POST", body: invitedPersonSchema }, async (ctx) => {
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
      }),
    },
  } satisfies BetterAuthPlugin;
}
