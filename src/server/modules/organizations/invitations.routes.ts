import { isAPIError } from "better-auth/api";
import type { Context } from "hono";
import { Hono } from "hono";
import {
  acceptInvitationRequestSchema,
  acceptWithCodeRequestSchema,
  acceptWithPasswordRequestSchema,
  invitationLookupRequestSchema,
  resendInvitationCodeRequestSchema,
} from "../../../shared/contracts/organizations";
import { errorCodeForStatus } from "../../../shared/errors";
import { isTwoFactorChallenge } from "../../../shared/two-factor";
import type { Auth } from "../../auth/auth";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import type { AppBindings } from "../../http/bindings";
import { clientIp, headersWithClientIp, requestSource } from "../../http/client-ip";
import { requireActor } from "../../http/guards";
import { invitationRateLimit } from "../../http/rate-limit";
import { jsonBody } from "../../http/request-input";
import type { SignInInvitedPerson } from "./invitations.service";

/**
 * Signs the invited person in through Better Auth and hands its cookies to this answer: the
 * session's, or for an account that uses two-factor sign-in the challenge's. A refusal of Better
 * Auth's (the person's current organization does not allow this sign-in) is answered in our
 * envelope, with its message.
 */
function signInInvitedPerson(auth: Auth, c: Context<AppBindings>, trustProxy: boolean): SignInInvitedPerson {
  return async (person) => {
    const headers = headersWithClientIp(c.req.raw.headers, clientIp(c, trustProxy));
    const answer = await auth.api.signInInvitedPerson({ body: person, headers, returnHeaders: true }).catch((error: unknown) => {
      if (isAPIError(error)) throw new AppError(errorCodeForStatus(error.statusCode), error.message);
      throw error;
    });
    for (const cookie of answer.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return isTwoFactorChallenge(answer.response) ? null : answer.response.userId;
  };
}

/**
 * /api/invitations — what the invited person does: look an invitation up and accept it by
 * password setup or its code (no session needed; rate-limited like sign-in), or accept it as the
 * person now signed in.
 */
export function invitationsRoutes(container: Pick<Container, "auth" | "db" | "env" | "organizations">) {
  const { invitations } = container.organizations;
  const { trustProxy, requestsPerMinute } = container.env.auth;
  return new Hono<AppBindings>()
    .use(invitationRateLimit({ db: container.db, trustProxy, requestsPerMinute }))
    .post("/lookup", async (c) => {
      const { token } = await jsonBody(c.req, invitationLookupRequestSchema);
      c.header("Cache-Control", "no-store");
      return c.json(await invitations.lookup(token));
    })
    .post("/accept-with-password", async (c) => {
      const request = await jsonBody(c.req, acceptWithPasswordRequestSchema);
      return c.json(await invitations.acceptWithPassword(request, signInInvitedPerson(container.auth, c, trustProxy)));
    })
    .post("/accept-with-code", async (c) => {
      const request = await jsonBody(c.req, acceptWithCodeRequestSchema);
      return c.json(await invitations.acceptWithCode(request, signInInvitedPerson(container.auth, c, trustProxy), requestSource(c, trustProxy)));
    })
    .post("/resend-code", async (c) => {
      const { email } = await jsonBody(c.req, resendInvitationCodeRequestSchema);
      await invitations.resendCodes(email);
      return c.body(null, 204);
    })
    .post("/accept", requireActor(), async (c) => {
      const { token } = await jsonBody(c.req, acceptInvitationRequestSchema);
      return c.json(await invitations.acceptAsActor(c.var.actor!, token));
    });
}
