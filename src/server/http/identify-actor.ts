import type { MiddlewareHandler } from "hono";
import { isPlatformRole } from "../../shared/roles";
import type { Auth } from "../auth/auth";
import type { AppBindings } from "./bindings";
import { clientIp } from "./client-ip";

/**
 * Looks the session up once and sets `actor` (null when signed out) for the guards, routes and
 * services behind it; nothing after this reads the session again.
 */
export function identifyActor(deps: { auth: Auth; trustProxy: boolean }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    c.set(
      "actor",
      session && {
        userId: session.user.id,
        email: session.user.email,
        platformRole: isPlatformRole(session.user.role) ? session.user.role : "user",
        organizationId: null,
        organizationRole: null,
        requestId: c.get("requestId"),
        ip: clientIp(c, deps.trustProxy),
        userAgent: c.req.header("user-agent") ?? null,
      },
    );
    await next();
  };
}
