import type { MiddlewareHandler } from "hono";
import type { Auth } from "../auth/auth";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";

/** Requires a signed-in user; sets `userId` for the routes behind it. */
export function requireSession(auth: Auth): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError("unauthenticated", "Please sign in to continue.");
    c.set("userId", session.user.id);
    await next();
  };
}
