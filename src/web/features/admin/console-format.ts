import { trialStateOf } from "../../../shared/admin";
import type { AdminOrganization } from "../../../shared/contracts/admin";
import { organizationStatusLabels, trialDaysLeft } from "../../../shared/organizations";

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

/** "Nov 20, 2026, 3:04 PM" in the owner's time zone; an empty string for nothing. */
export function formatDateTime(iso: string | null): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : "";
}

/** The subscription column: the plan, with a trial's days left or its end. */
export function subscriptionText(organization: Pick<AdminOrganization, "subscriptionStatus" | "trialEndsAt">, now = new Date()): string {
  const state = trialStateOf({ status: organization.subscriptionStatus, trialEndsAt: organization.trialEndsAt }, now);
  if (state === "expired") return "Trial expired";
  if (state === "none" || !organization.trialEndsAt) return organizationStatusLabels[organization.subscriptionStatus];
  const days = trialDaysLeft(organization.trialEndsAt, now);
  return `Trial, ${days} ${days === 1 ? "day" : "days"} left`;
}
