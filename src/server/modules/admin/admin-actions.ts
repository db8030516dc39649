import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";

/** Everything the platform owner can change from the console or the platform routes. */
export type AdminAction =
  | "organization.create"
  | "organization.plan"
  | "organization.domain-verify"
  | "organization.domain-remove"
  | "user.ban"
  | "user.unban"
  | "user.sign-out-everywhere"
  | "job.retry"
  | "platform.settings";

export interface AdminActionTarget {
  kind: "organization" | "user" | "job" | "platform";
  id: string;
}

/**
 * The one door every owner action goes through once it has succeeded: logged today with who,
 * from where and what (the actor carries the request id, IP and user agent), and persisted by the
 * audit log when it exists, without touching the callers (ADR 019).
 */
export function createAdminActions(deps: { logger: Logger }) {
  return {
    async recordAdminAction(actor: Actor, action: AdminAction, target: AdminActionTarget, details: Record<string, unknown> = {}): Promise<void> {
      deps.logger.info(
        {
          adminAction: { action, target, details },
          actor: { userId: actor.userId, email: actor.email, requestId: actor.requestId, ip: actor.ip, userAgent: actor.userAgent },
        },
        `admin action ${action} on ${target.kind} ${target.id}`,
      );
    },
  };
}

export type AdminActions = ReturnType<typeof createAdminActions>;
