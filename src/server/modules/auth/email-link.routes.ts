import { Hono } from "hono";
import { isAPIError } from "better-auth/api";
import { emailLinkQuerySchema, type EmailLinkQuery } from "../../../shared/contracts/auth";
import { SIGN_IN_METHOD_NOT_ALLOWED } from "../../../shared/organizations";
import { buildEmailLink, signInLinkTypes } from "../../../shared/auth-links";
import { paths, withQuery } from "../../../shared/paths";
import type { Auth } from "../../auth/auth";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import { clientIp, headersWithClientIp, requestSource } from "../../http/client-ip";
import type { AuditRequest } from "../audit/audit.service";
import type { AppBindings } from "../../http/bindings";

/** Consumes the code from an email link with the matching Better Auth call; answers its headers (cookies). */
function consumeLinkCode(auth: Auth, query: EmailLinkQuery & { type: "magic_link" | "signup" }, headers: Headers) {
  const options = { headers, returnHeaders: true as const };
  if (query.type === "magic_link") return auth.api.signInEmailOTP({ ...options, body: { email: query.email, otp: query.code } });
  return auth.api.verifyEmailOTP({ ...options, body: { email: query.email, otp: query.code } });
}

/** An email change's link confirms its address (ours, not Better Auth's: both addresses must confirm); then the account page, or sign-in. */
async function confirmEmailChange(container: Container, query: EmailLinkQuery, request: AuditRequest): Promise<string> {
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
 * Following a sign-in link while signed in as someone else replaces that session: someone could
 * send you a link to *their* account and read what you then upload (login CSRF). Only a request
 * our own /auth/open page sent after the person confirmed the switch may do it.
 */
async function needsSwitchConfirmation(auth: Auth, query: EmailLinkQuery, request: { headers: Headers; fetchSite?: string }): Promise<boolean> {
  if (!signInLinkTypes.includes(query.type)) return false;
  const current = await auth.api.getSession({ headers: request.headers });
  if (!current || current.user.email.toLowerCase() === query.email.toLowerCase()) return false;
  const isConfirmedHere = query.switch_account === "1" && (request.fetchSite === undefined || request.fetchSite === "same-origin");
  return !isConfirmedHere;
}

/**
 * GET /api/auth/email-link — where /auth/open sends the browser. Signs in (or verifies, or
 * changes the email) and lands on /app; a used or expired code lands on /auth/error, which
 * offers to type the code instead.
 */
export function emailLinkRoutes(container: Container, trustProxy: boolean) {
  const { auth } = container;
  return new Hono<AppBindings>().get("/", async (c) => {
    const parsed = emailLinkQuerySchema.safeParse(c.req.query());
    if (!parsed.success) return c.redirect(withQuery(paths.login, { e: "bad_link" }));
    const query = parsed.data;
    if (query.type === "email_change") return c.redirect(await confirmEmailChange(container, query, requestSource(c, trustProxy)));
    if (await needsSwitchConfirmation(auth, query, { headers: c.req.raw.headers, fetchSite: c.req.header("sec-fetch-site") })) {
      const { type, email, code } = query;
      return c.redirect(buildEmailLink(container.env.publicUrl, { type, email, code }));
    }
    try {
      const { headers } = await consumeLinkCode(auth, { ...query, type: query.type }, headersWithClientIp(c.req.raw.headers, clientIp(c, trustProxy)));
      for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
      return c.redirect(paths.app);
    } catch (error) {
      if (!isAPIError(error)) throw error;
      if (error.status === "UNAUTHORIZED") return c.redirect(withQuery(paths.login, { e: "sign_in_to_confirm_email" }));
      // The organization's sign-in methods refused it (a code or link where Microsoft is required): say so.
      if (error.body?.code === SIGN_IN_METHOD_NOT_ALLOWED) return c.redirect(errorRedirect(parsed.data, SIGN_IN_METHOD_NOT_ALLOWED, error.message));
      return c.redirect(errorRedirect(parsed.data, "otp_expired", "This link has expired or has already been used."));
    }
  });
}
