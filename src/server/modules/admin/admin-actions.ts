import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import type { AuditDetails } from "../../../core/audit/redaction";
import type { AuditAction } from "../../../shared/audit";
import type { AuditActor, AuditService } from "../audit/audit.service";
import type { Database } from "../../db/client";

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
  /** The target's name at the time, when the caller has it. */
  name?: string;
}

const auditActionOf: Record<AdminAction, AuditAction> = {
  "organization.create": "admin.organization-created",
  "organization.plan": "admin.organization-plan-changed",
  "organization.domain-verify": "admin.domain-verified",
  "organization.domain-remove": "admin.domain-removed",
  "user.ban": "admin.user-banned",
  "user.unban": "admin.user-unbanned",
  "user.sign-out-everywhere": "admin.user-signed-out-everywhere",
  "job.retry": "admin.job-retried",
  "platform.settings": "admin.platform-settings-changed",
};

/**
 * The one door every owner action goes through, called by the service that performs it inside the
 * action's own transaction: logged with who, from where and what, and recorded in the audit log
 * (ADR 019, ADR 020). An action on an organization shows in that organization's log too.
 */
export function createAdminActions(deps: { logger: Logger; audit: AuditService }) {
  return {
    /** `tx`: the action's own transaction, so the event exists exactly when the action does. */
    async recordAdminAction(actor: Actor | AuditActor, action: AdminAction, target: AdminActionTarget, details: AuditDetails, tx: Database): Promise<void> {
      deps.logger.info(
        {
          adminAction: { action, target, details },
          actor: { userId: actor.userId, email: actor.email, requestId: actor.requestId, ip: actor.ip, userAgent: actor.userAgent },
        },
        `admin action ${action} on ${target.kind} ${target.id}`,
      );
      await deps.audit.record(actor, auditActionOf[action], { type: target.kind, id: target.id, name: target.name }, details, {
        ...(target.kind === "organization" ? { organizationId: target.id } : {}),
        tx,
      });
    },
  };
}

export type AdminActions = ReturnType<typeof createAdminActions>;
