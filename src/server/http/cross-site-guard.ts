import type { MiddlewareHandler } from "hono";
import { isCrossSiteWrite } from "../../core/access/request-origin";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";

/** The guard's refusal: the audit log records it as a refusal to an unidentified caller (it comes before the session is read). */
export class CrossSiteRefusal extends AppError {
  constructor() {
    super("forbidden", "This request came from another website and was refused.");
  }
}

/**
 * Refuses a request that would change something when another site's page sent it: SameSite=Lax
 * cookies still ride on a top-level form POST, which could spend a credit or cancel a plan.
 */
export function refuseCrossSiteWrites(publicUrl: string): MiddlewareHandler<AppBindings> {
  const appOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    const request = { method: c.req.method, fetchSite: c.req.header("sec-fetch-site"), origin: c.req.header("origin") };
    if (isCrossSiteWrite(request, appOrigin)) throw new CrossSiteRefusal();
    await next();
  };
}
