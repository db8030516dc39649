import type { MiddlewareHandler } from "hono";
import { isSignInMethod } from "../../core/organizations/membership-rules";
import { isPlatformRole } from "../../shared/roles";
import type { Auth } from "../auth/auth";
import type { MembershipsService } from "../modules/organizations/memberships.service";
import type { AppBindings } from "./bindings";
import { requestSource } from "./client-ip";

/**
 * Looks the session up once and sets `actor` (null when signed out) for the guards, routes and
 * services behind it; nothing after this reads the session again. The actor's organization is
 * their active membership, made here when they have none yet (ADR 016): their first request after
 * signing up, an invitation's acceptance, a removal, or an account older than organizations.
 */
export function identifyActor(deps: { auth: Auth; trustProxy: boolean; memberships: MembershipsService }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      c.set("actor", null);
      return next();
    }
    const signInMethod = isSignInMethod(session.session.signInMethod) ? session.session.signInMethod : null;
    const request = requestSource(c, deps.trustProxy);
    const membership = await deps.memberships.membershipFor(session.user, signInMethod, request);
    const organizationRole = membership?.member.role;
    c.set("actor", {
      userId: session.user.id,
      email: session.user.email,
      platformRole: isPlatformRole(session.user.role) ? session.user.role : "user",
      organizationId: membership?.organization.id ?? null,
      organizationRole: organizationRole === "org_admin" || organizationRole === "org_user" ? organizationRole : null,
      ...request,
      sessionId: session.session.id,
      signInMethod,
    });
    await next();
  };
}
