/**
 * The audit log's vocabulary, shared by the server that records it and the pages that show it
 * (issue 19, ADR 020). A module that records something new adds its action here first: the
 * server refuses an action missing from this list at type level, and the filters offer it.
 */

/** Sign-ins and the account's own security: what a person sees about themselves on the account page. */
export const securityAuditActions = [
  "auth.sign-in",
  "auth.sign-in-failed",
  "auth.sign-out",
  "auth.password-reset",
  "auth.password-changed",
  "auth.two-factor-setup-started",
  "auth.two-factor-enabled",
  "auth.two-factor-disabled",
  "auth.two-factor-recovery-codes-regenerated",
  "auth.two-factor-challenged",
  "account.email-changed",
  "account.sessions-revoked",
  "account.session-revoked",
  "account.closed",
] as const;

export const auditActions = [
  ...securityAuditActions,
  "document.uploaded",
  "document.processed",
  "document.viewed",
  "document.downloaded",
  "document.renamed",
  "document.deleted",
  "fact-sheet.exported",
  "fact-sheet.value-confirmed",
  "fact-sheet.value-corrected",
  "fact-sheet.review-removed",
  "document.payer-edited",
  "portfolio.exported",
  "chat.question-asked",
  "chat.deleted",
  "chat.exported",
  "invitation.sent",
  "invitation.resent",
  "invitation.cancelled",
  "invitation.accepted",
  "member.role-changed",
  "member.removed",
  "organization.created",
  "organization.settings-changed",
  "organization.sign-in-methods-changed",
  "billing.subscription-changed",
  "billing.credits-added",
  "billing.credits-spent",
  "billing.credits-refunded",
  "admin.organization-created",
  "admin.organization-plan-changed",
  "admin.domain-verified",
  "admin.domain-removed",
  "admin.user-banned",
  "admin.user-unbanned",
  "admin.user-signed-out-everywhere",
  "admin.job-retried",
  "admin.platform-settings-changed",
  "access.denied",
  "audit.exported",
  "audit.retention-pruned",
  "audit.checkpointed",
] as const;
export type AuditAction = (typeof auditActions)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (auditActions as readonly string[]).includes(value);
}

export function isSecurityAuditAction(action: string): boolean {
  return (securityAuditActions as readonly string[]).includes(action);
}

export const auditOutcomes = ["success", "denied", "failed"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

export const auditTargetTypes = [
  "user",
  "session",
  "document",
  "chat",
  "invitation",
  "membership",
  "organization",
  "subscription",
  "job",
  "platform",
  "audit_log",
  "request",
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** Rows per page of every audit list; the CSV export takes at most this many rows. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** How each action reads in the log's tables and filter. */
export const auditActionLabels: Record<AuditAction, string> = {
  "auth.sign-in": "Signed in",
  "auth.sign-in-failed": "Failed sign-in",
  "auth.sign-out": "Signed out",
  "auth.password-reset": "Password reset",
  "auth.password-changed": "Password changed",
  "auth.two-factor-setup-started": "Two-factor set-up started",
  "auth.two-factor-enabled": "Two-factor sign-in turned on",
  "auth.two-factor-disabled": "Two-factor sign-in turned off",
  "auth.two-factor-recovery-codes-regenerated": "Recovery codes replaced",
  "auth.two-factor-challenged": "Sign-in code asked for",
  "account.email-changed": "Email changed",
  "account.sessions-revoked": "Other sessions signed out",
  "account.session-revoked": "Session signed out",
  "account.closed": "Account closed",
  "document.uploaded": "Document uploaded",
  "document.processed": "Document processed",
  "document.viewed": "Document viewed",
  "document.downloaded": "Document downloaded",
  "document.renamed": "Document renamed",
  "document.deleted": "Document deleted",
  "fact-sheet.exported": "Fact sheet exported",
  "fact-sheet.value-confirmed": "Fact-sheet value confirmed",
  "fact-sheet.value-corrected": "Fact-sheet value corrected",
  "fact-sheet.review-removed": "Fact-sheet review removed",
  "document.payer-edited": "Payer edited",
  "portfolio.exported": "Portfolio exported",
  "chat.question-asked": "Question asked",
  "chat.deleted": "Chat deleted",
  "chat.exported": "Chat exported",
  "invitation.sent": "Invitation sent",
  "invitation.resent": "Invitation resent",
  "invitation.cancelled": "Invitation cancelled",
  "invitation.accepted": "Invitation accepted",
  "member.role-changed": "Member role changed",
  "member.removed": "Member removed",
  "organization.created": "Organization created",
  "organization.settings-changed": "Organization settings changed",
  "organization.sign-in-methods-changed": "Sign-in methods changed",
  "billing.subscription-changed": "Subscription changed",
  "billing.credits-added": "Credits added",
  "billing.credits-spent": "Credit spent on processing",
  "billing.credits-refunded": "Credit refunded",
  "admin.organization-created": "Organization created (owner)",
  "admin.organization-plan-changed": "Organization plan changed (owner)",
  "admin.domain-verified": "Domain verified (owner)",
  "admin.domain-removed": "Domain removed (owner)",
  "admin.user-banned": "User disabled (owner)",
  "admin.user-unbanned": "User enabled (owner)",
  "admin.user-signed-out-everywhere": "User signed out everywhere (owner)",
  "admin.job-retried": "Job retried (owner)",
  "admin.platform-settings-changed": "Platform settings changed (owner)",
  "access.denied": "Access denied",
  "audit.exported": "Audit log exported",
  "audit.retention-pruned": "Old events pruned",
  "audit.checkpointed": "Audit log checkpointed",
};

export const auditOutcomeLabels: Record<AuditOutcome, string> = { success: "Success", denied: "Denied", failed: "Failed" };

/** The audit log's words on the web. */
export const auditCopy = {
  securityTitle: "Security activity",
  securityDescription: "Sign-ins, sign-outs and changes to your password, email and sessions.",
  empty: "No events match these filters.",
  export: "Export CSV",
  chainIntact: "Audit log intact",
  chainBroken: "Audit log tampered with",
};
