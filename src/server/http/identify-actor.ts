import type { MiddlewareHandler } from "hono";
import { isSignInMethod, type SignInMethod } from "../../core/organizations/membership-rules";
import { isPlatformRole } from "../../shared/roles";
import type { Auth } from "../auth/auth";
import type { AuditRequest } from "../modules/audit/audit.service";
import type { MembershipsService } from "../modules/organizations/memberships.service";
import { isCookieOfSession, singleCookieValue, type ActorCache, type SignedInIdentity } from "./actor-cache";
import type { AppBindings } from "./bindings";
import { requestSource } from "./client-ip";

interface IdentifyActorDeps {
  auth: Auth;
  trustProxy: boolean;
  memberships: MembershipsService;
  cache: ActorCache;
  /** Whether the organization (or, for owners, the platform) requires two-factor sign-in. */
  isTwoFactorRequired: (subject: { organizationId: string | null; platformRole: string }) => Promise<boolean>;
}

/**
 * A requirement asks people who sign in with a password or emailed codes to set up a code; Google
 * and Microsoft sign-ins are left to the provider's own protection (ADR 029). Someone who has it
 * on is asked for their code however they sign in (ADR 039).
 */
const isProviderSignIn = (method: SignInMethod | null) => method === "google" || method === "microsoft";

/**
 * Looks the session up once and sets `actor` (null when signed out) for the guards, routes and
 * services behind it; nothing after this reads the session again. The actor's organization is
 * their active membership, made here when they have none yet (ADR 016): their first request after
 * signing up, an invitation's acceptance, a removal, or an account older than organizations.
 * A session looked up in the last seconds is taken from the actor cache (its rule: ADR 025).
 */
export function identifyActor(deps: IdentifyActorDeps): MiddlewareHandler<AppBindings> {
  let sessionCookieName: Promise<string> | undefined;

  /** Who the session is, and the cookies Better Auth set while reading it (a session it extended: see forwardRefreshedCookies). */
  async function lookUp(
    headers: Headers,
    signedCookie: string | undefined,
    request: AuditRequest,
  ): Promise<{ identity: SignedInIdentity | null; setCookies: string[] }> {
    const generation = deps.cache.startLookUp();
    const { response: session, headers: responseHeaders } = await deps.auth.api.getSession({ headers, returnHeaders: true });
    const setCookies = responseHeaders.getSetCookie();
    if (!session) return { identity: null, setCookies };
    const signInMethod = isSignInMethod(session.session.signInMethod) ? session.session.signInMethod : null;
    // The request is who made an organization the person did not have yet (audit log).
    const membership = await deps.memberships.membershipFor(session.user, signInMethod, request);
    const organizationRole = membership?.member.role;
    const platformRole = isPlatformRole(session.user.role) ? session.user.role : "user";
    const organizationId = membership?.organization.id ?? null;
    const twoFactorSetupRequired =
      !session.user.twoFactorEnabled && !isProviderSignIn(signInMethod) && (await deps.isTwoFactorRequired({ organizationId, platformRole }));
    const identity: SignedInIdentity = {
      userId: session.user.id,
      email: session.user.email,
      platformRole,
      organizationId,
      organizationRole: organizationRole === "org_admin" || organizationRole === "org_user" ? organizationRole : null,
      sessionId: session.session.id,
      signInMethod,
      twoFactorSetupRequired,
    };
    // Without a membership the next request tries again to make one (an invitation, the domain).
    if (signedCookie && membership && isCookieOfSession(signedCookie, session.session.token)) {
      deps.cache.remember(signedCookie, identity, session.session.expiresAt, generation);
    }
    return { identity, setCookies };
  }

  return async (c, next) => {
    sessionCookieName ??= deps.auth.$context.then((context) => context.authCookies.sessionToken.name);
    const signedCookie = singleCookieValue(c.req.header("cookie"), await sessionCookieName);
    const request = requestSource(c, deps.trustProxy);
    const remembered = signedCookie ? deps.cache.find(signedCookie) : undefined;
    const { identity, setCookies } = remembered ? { identity: remembered, setCookies: [] } : await lookUp(c.req.raw.headers, signedCookie, request);
    c.set("actor", identity && { ...identity, ...request });
    await next();
    forwardRefreshedCookies(c.res.headers, setCookies);
  };
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("="));

/**
 * Better Auth extends a session in use once a day (`updateAge`) and sets its cookie again with the
 * new expiry. Reading the session here, that cookie must reach the browser too, or an active
 * person is signed out when the first cookie runs out. A cookie the route itself set (a sign-out,
 * a password change) is the newer word and is kept.
 */
function forwardRefreshedCookies(response: Headers, setCookies: readonly string[]): void {
  if (setCookies.length === 0) return;
  const setByRoute = new Set(response.getSetCookie().map(cookieName));
  for (const setCookie of setCookies) if (!setByRoute.has(cookieName(setCookie))) response.append("set-cookie", setCookie);
}
