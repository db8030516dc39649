import { Hono } from "hono";
import { isAPIError } from "better-auth/api";
import {
  emailLinkQuerySchema,
  emailLinkSignInRequestSchema,
  type EmailLinkQuery,
  type EmailLinkSignInRequest,
  type EmailLinkSignInResponse,
} from "../../../shared/contracts/auth";
import { SIGN_IN_METHOD_NOT_ALLOWED } from "../../../shared/organizations";
import { buildEmailLink } from "../../../shared/auth-links";
import { isTwoFactorChallenge } from "../../../shared/two-factor";
import { paths, withQuery } from "../../../shared/paths";
import type { Auth } from "../../auth/auth";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import { clientIp, headersWithClientIp, requestSource } from "../../http/client-ip";
import type { AuditRequest } from "../audit/audit.service";
import type { AppBindings } from "../../http/bindings";
import { jsonBody } from "../../http/request-input";

/** Consumes a sign-in link's code with the matching Better Auth call; answers its headers (cookies). */
function consumeLinkCode(auth: Auth, link: EmailLinkSignInRequest, headers: Headers) {
  const options = { headers, returnHeaders: true as const };
  if (link.type === "magic_link") return auth.api.signInEmailOTP({ ...options, body: { email: link.email, otp: link.code } });
  return auth.api.verifyEmailOTP({ ...options, body: { email: link.email, otp: link.code } });
}

/** An email change's link confirms its address (ours, not Better Auth's: both addresses must confirm); then the account page, or sign-in. */
async function confirmEmailChange(container: Pick<Container, "emailChange">, query: EmailLinkQuery, request: AuditRequest): Promise<string> {
  try {
    const { status } = await container.emailChange.confirm({ email: query.email.toLowerCase(), code: query.code }, request);
    return withQuery(paths.account, { email_change: status });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return errorRedirect(query, "otp_expired", error.message);
  }
}

function errorRedirect(query: Partial<EmailLinkQuery>, error: string, description: string): string {
  return withQuery(paths.authError, { error, error_description: description, email: query.email || undefined, type: query.type });
}

/**
 * /api/auth/email-link. GET is an email link's target: an email change's confirms its address; a
 * sign-in link's goes back to /auth/open, which asks "Sign in as …?" (following a link never signs
 * in: a link to someone else's account would sign this browser in to theirs, issue 30). POST is
 * that page's confirmation (JSON, so another site's page cannot send it): it signs in and answers
 * where to go, /app or /auth/error for a used or expired code.
 */
export function emailLinkRoutes(container: Pick<Container, "auth" | "emailChange" | "env">, trustProxy: boolean) {
  const { auth } = container;
  return new Hono<AppBindings>()
    .get("/", async (c) => {
      const parsed = emailLinkQuerySchema.safeParse(c.req.query());
      if (!parsed.success) return c.redirect(withQuery(paths.login, { e: "bad_link" }));
      const { type, email, code } = parsed.data;
      if (type === "email_change") return c.redirect(await confirmEmailChange(container, parsed.data, requestSource(c, trustProxy)));
      return c.redirect(buildEmailLink(container.env.publicUrl, { type, email, code }));
    })
    .post("/", async (c) => {
      const link = await jsonBody(c.req, emailLinkSignInRequestSchema);
      const answer = (redirectTo: string) => c.json({ redirectTo } satisfies EmailLinkSignInResponse);
      try {
        const { headers, response } = await consumeLinkCode(auth, link, headersWithClientIp(c.req.raw.headers, clientIp(c, trustProxy)));
        for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
        // Someone with two-factor sign-in on is asked for their code first (ADR 029).
        return answer(isTwoFactorChallenge(response) ? paths.authTwoFactor : paths.app);
      } catch (error) {
        if (!isAPIError(error)) throw error;
        if (error.status === "UNAUTHORIZED") return answer(withQuery(paths.login, { e: "sign_in_to_confirm_email" }));
        // The organization's sign-in methods refused it (a code or link where Microsoft is required): say so.
        if (error.body?.code === SIGN_IN_METHOD_NOT_ALLOWED) return answer(errorRedirect(link, SIGN_IN_METHOD_NOT_ALLOWED, error.message));
        return answer(errorRedirect(link, "otp_expired", "This link has expired or has already been used."));
      }
    });
}
