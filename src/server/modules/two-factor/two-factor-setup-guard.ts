import type { MiddlewareHandler } from "hono";
import { twoFactorMessages } from "../../../shared/two-factor";
import { AppError } from "../../http/app-error";
import type { AppBindings } from "../../http/bindings";

/** What someone who must set up two-factor sign-in may still reach: who they are, and the set-up itself. */
const isSetUpRequest = (method: string, path: string) =>
  (method === "GET" && path === "/api/me") || path === "/api/me/two-factor" || path.startsWith("/api/me/two-factor/");

/**
 * Until a person whose organization (or, for owners, the platform) requires two-factor sign-in has
 * set it up, every other route refuses them (ADR 029); the web sends them to the set-up page.
 * Signing out is Better Auth's, before this.
 */
export function requireTwoFactorSetUp(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const actor = c.var.actor;
    if (actor?.twoFactorSetupRequired && !isSetUpRequest(c.req.method, c.req.path)) {
      const message = actor.platformRole === "platform_owner" && !actor.organizationId ? twoFactorMessages.ownerSetupRequired : twoFactorMessages.setupRequired;
      throw new AppError("forbidden", message);
    }
    await next();
  };
}
