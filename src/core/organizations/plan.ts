import type { OrganizationStatus } from "../../shared/organizations";
import { addMonths, type BillingPeriod } from "../billing/periods";

/** Whether an organization's plan lets its members process documents now: a running trial, or enterprise. */
export function planHasAccess(plan: { status: OrganizationStatus; trialEndsAt: Date | null }, now: Date): boolean {
  if (plan.status === "enterprise") return true;
  if (plan.status === "trial") return plan.trialEndsAt !== null && now.getTime() < plan.trialEndsAt.getTime();
  return false;
}

/** The month of the organization's allowance containing `now`: whole months on from when the organization began. */
export function allowancePeriod(anchor: Date, now: Date): BillingPeriod {
  let months = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth() - 1);
  while (addMonths(anchor, months + 1).getTime() <= now.getTime()) months += 1;
  return { start: addMonths(anchor, months), end: addMonths(anchor, months + 1) };
}

/** The trial a new organization starts: `trialDays` from its creation (0 days: it starts expired, members use personal plans). */
export function trialEndFor(createdAt: Date, trialDays: number): Date {
  return new Date(createdAt.getTime() + trialDays * 24 * 60 * 60 * 1000);
}
