import type { MiddlewareHandler } from "hono";
import type { Actor } from "../../core/access/actor";
import { can, type Permission } from "../../shared/access";
import { AppError } from "./app-error";
import type { SignedInBindings } from "./bindings";

// Typed as SignedInBindings for the routes after it; until this check the actor may still be null.
function signedIn(actor: Actor | null): Actor {
  if (!actor) throw new AppError("unauthenticated", "Please sign in to continue.");
  return actor;
}

/** Lets a signed-in user through (401 otherwise); the routes behind it read `c.var.actor`. */
export function requireActor(): MiddlewareHandler<SignedInBindings> {
  return async (c, next) => {
    signedIn(c.var.actor);
    await next();
  };
}

/** Lets through a signed-in user whose role has `permission` (401 signed out, 403 without it). */
export function requirePermission(permission: Permission): MiddlewareHandler<SignedInBindings> {
  return async (c, next) => {
    if (!can(signedIn(c.var.actor), permission)) throw new AppError("forbidden", "You do not have access to this.");
    await next();
  };
}
