import type { OrganizationStatus } from "./organizations";

/**
 * The platform console: its constants, the definitions behind its metrics and the spec copy both
 * the server and the web use (ADR 019). Free of zod; the schemas are in contracts/admin.ts.
 */

/** Admin lists answer at most this many rows a page (spec section 9). */
export const ADMIN_PAGE_SIZE = 100;
/** Each kind of recent item read for Recent Activity (spec section 7, p_limit 20). */
export const RECENT_ITEMS_PER_KIND = 20;
/** Recent Activity shows this many items, the kinds merged by time (spec section 9). */
export const RECENT_ACTIVITY_ITEMS = 8;
/** A person is active when they signed in within this many days; an organization when one of its members is. */
export const ACTIVE_WITHIN_DAYS = 30;
/** A running trial is "expiring" when it ends within this many days (the trial warning threshold). */
export const TRIAL_EXPIRING_WITHIN_DAYS = 7;
/** Reasons for disabling an account are kept short: they are shown in a table cell. */
export const BAN_REASON_MAX_CHARS = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest sign-in that still makes someone active at `now`. */
export function activeSince(now: Date): Date {
  return new Date(now.getTime() - ACTIVE_WITHIN_DAYS * DAY_MS);
}

/** Whether a person who last signed in at `lastSignInAt` counts as active at `now` (never signed in: not active). */
export function isActiveUser(lastSignInAt: Date | string | null, now: Date): boolean {
  return lastSignInAt !== null && new Date(lastSignInAt).getTime() >= activeSince(now).getTime();
}

/** The window a trial's end must fall in to count as expiring: after now, and no later than 7 days from now. */
export function trialExpiryWindow(now: Date): { after: Date; notAfter: Date } {
  return { after: now, notAfter: new Date(now.getTime() + TRIAL_EXPIRING_WITHIN_DAYS * DAY_MS) };
}

export type TrialState = "none" | "running" | "expiring" | "expired";

/** Where an organization's trial stands: only a trial has one; one ending within 7 days is expiring (and still running). */
export function trialStateOf(plan: { status: OrganizationStatus; trialEndsAt: Date | string | null }, now: Date): TrialState {
  if (plan.status !== "trial" || plan.trialEndsAt === null) return "none";
  const endsAt = new Date(plan.trialEndsAt).getTime();
  if (endsAt <= now.getTime()) return "expired";
  return endsAt <= trialExpiryWindow(now).notAfter.getTime() ? "expiring" : "running";
}

const BYTES_PER_MB = 1024 * 1024;

/** Sizes in the console: MB with two decimals (spec section 9: "two in admin"). */
export function formatAdminSize(bytes: number): string {
  return `${(bytes / BYTES_PER_MB).toFixed(2)} MB`;
}

/**
 * The "vectors" metric: the embeddings when the deployment makes them, otherwise the passages
 * full-text search ranks (the embedded default makes none).
 */
export function vectorsMetric(counts: { passages: number; embeddings: number }): { label: string; value: number } {
  return counts.embeddings > 0 ? { label: "Total Vectors", value: counts.embeddings } : { label: "Total Passages", value: counts.passages };
}

/** Recent Activity: the kinds' newest items merged by time, newest first, at most `count`. */
export function latestActivity<Item extends { at: string }>(lists: Item[][], count = RECENT_ACTIVITY_ITEMS): Item[] {
  return lists
    .flat()
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
    .slice(0, count);
}

/** Console tabs, in the order the spec lists them; Settings has no trigger (spec section 2). */
export const adminTabs = ["overview", "organizations", "users", "documents", "chats", "audit", "system", "settings"] as const;
export type AdminTab = (typeof adminTabs)[number];

/**
 * Every job type in words, the one place the console names them: `jobs` rows store
 * `<module>.<verb>` names (ADR 013). tests/integration/job-type-labels.test.ts fails on a job type
 * registered without one.
 */
export const jobTypeLabels: Readonly<Record<string, string>> = {
  "document.process": "Process document",
  "document.start-awaiting-credit": "Start documents awaiting a credit",
  "billing.refund-failed-processing": "Refund a failed processing's credit",
  "email.send": "Send email",
  "fact-sheet.build": "Build fact sheet",
  "retrieval.read-kinds": "Read clauses for questions",
  "fact-sheet.remind": "Send deadline reminder",
  "portfolio.plan-digests": "Plan weekly portfolio digests",
  "portfolio.send-digest": "Send weekly portfolio digest",
  "audit.prune": "Delete expired audit events",
  "audit.checkpoint": "Verify and checkpoint the audit log",
  "jobs.delete-finished": "Delete finished jobs",
};

/** A job type's name in words; a type this version does not know (a newer worker's) keeps its stored name. */
export function jobTypeLabel(type: string): string {
  return (Object.hasOwn(jobTypeLabels, type) ? jobTypeLabels[type] : undefined) ?? type;
}

/** How far back the jobs list looks (the System tab's age filter). */
export const jobAgeFilters = ["1h", "24h", "7d", "30d", "all"] as const;
export type JobAgeFilter = (typeof jobAgeFilters)[number];
const jobAgeMs: Record<Exclude<JobAgeFilter, "all">, number> = { "1h": 3_600_000, "24h": DAY_MS, "7d": 7 * DAY_MS, "30d": 30 * DAY_MS };

/** The oldest creation time a job may have to pass the age filter; null for all. */
export function jobsCreatedSince(age: JobAgeFilter, now: Date): Date | null {
  return age === "all" ? null : new Date(now.getTime() - jobAgeMs[age]);
}

/** The spec's admin copy (signed-in-app sections 2 and 8), word for word, and the console's own messages. */
export const adminMessages = {
  title: "Platform Administration",
  documentTitle: "Platform Admin",
  deleteOrganizationTitle: "Requested organization removal",
  deleteOrganizationDescription: "Admin actions will be added soon.",
  userNotFound: "No such user.",
  jobNotFound: "No such job.",
  cannotBanOwner: "The platform owner's account cannot be disabled.",
  cannotBanSelf: "You cannot disable your own account.",
  onlyFailedJobs: "Only a failed job can be retried.",
  jobAlreadyQueued: "This work is already queued or running again.",
  accountDisabled: "This account has been disabled. Please contact support.",
} as const;

/** Better Auth's error code when a disabled account tries to sign in. */
export const ACCOUNT_DISABLED = "ACCOUNT_DISABLED";
