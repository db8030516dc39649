import { allowancePeriod, planHasAccess } from "../../../core/organizations/plan";
import type { OrganizationPlan } from "../../../shared/contracts/organizations";
import { BYTES_PER_GB, organizationMessages, trialDaysLeft, type OrganizationStatus } from "../../../shared/organizations";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { PlatformSettingsRepo } from "./platform-settings.repo";
import { createOrganizationsRepo, type OrganizationRow } from "./organizations.repo";

export function organizationStatusOf(organization: OrganizationRow): OrganizationStatus {
  return organization.status === "enterprise" || organization.status === "suspended" ? organization.status : "trial";
}

/** What billing needs to charge a member's document to their organization's plan. */
export interface PlanForCharge {
  organizationId: string;
  status: OrganizationStatus;
  hasAccess: boolean;
  creditsAvailable: number;
}

/**
 * The organization plan (trial, enterprise, suspended) and its monthly allowance, which members'
 * documents use before their own credits, and the storage limit on their uploads.
 */
export function createOrganizationPlans(deps: { db: Database; settings: PlatformSettingsRepo; now: () => Date }) {
  const repo = createOrganizationsRepo(deps.db);
  async function view(db: Database, organization: OrganizationRow, now: Date): Promise<OrganizationPlan> {
    const status = organizationStatusOf(organization);
    const period = allowancePeriod(organization.createdAt, now);
    const monthlyCredits = organization.monthlyCredits ?? (await deps.settings.get(db)).defaultMonthlyCredits;
    const creditsUsed = await repo.allowanceUsed(organization.id, period, db);
    return {
      status,
      trialEndsAt: organization.trialEndsAt?.toISOString() ?? null,
      trialDaysLeft: status === "trial" && organization.trialEndsAt ? trialDaysLeft(organization.trialEndsAt, now) : null,
      hasAccess: planHasAccess({ status, trialEndsAt: organization.trialEndsAt }, now),
      enterpriseFeaturesEnabled: status === "enterprise",
      monthlyCredits,
      creditsUsed,
      creditsAvailable: Math.max(0, monthlyCredits - creditsUsed),
      periodStart: period.start.toISOString(),
      periodEnd: period.end.toISOString(),
    };
  }

  return {
    view: (organization: OrganizationRow) => view(deps.db, organization, deps.now()),

    /** The plan of the person's organization, or null when they have none. */
    async planOf(userId: string): Promise<OrganizationPlan | null> {
      const membership = await repo.activeMembership(userId);
      return membership ? view(deps.db, membership.organization, deps.now()) : null;
    },

    /**
     * The plan a member's document would be charged to, inside the charging transaction: the
     * organization stays locked until it commits, so members starting documents at once take
     * turns with the allowance.
     */
    async lockPlanForCharge(tx: Database, userId: string): Promise<PlanForCharge | undefined> {
      const membership = await repo.activeMembership(userId, tx);
      const organization = membership && (await repo.lockOrganization(membership.organization.id, tx));
      if (!organization) return undefined;
      const plan = await view(tx, organization, deps.now());
      return { organizationId: organization.id, status: plan.status, hasAccess: plan.hasAccess, creditsAvailable: plan.creditsAvailable };
    },

    /**
     * Refuses an upload that would take the members' documents past the organization's storage
     * limit. Inside an upload's transaction (`tx`) the organization stays locked until it commits,
     * so members' uploads arriving together take turns with what is left.
     */
    async assertRoomFor(userId: string, addedBytes: number, tx: Database = deps.db): Promise<void> {
      const membership = await repo.activeMembership(userId, tx);
      const organization = membership && (await repo.lockOrganization(membership.organization.id, tx));
      if (!organization) return;
      const used = await repo.storageUsedBytes(organization.id, tx);
      if (used + addedBytes > organization.storageLimitGb * BYTES_PER_GB) {
        throw new AppError("payload_too_large", organizationMessages.storageFull(organization.storageLimitGb));
      }
    },
  };
}

export type OrganizationPlans = ReturnType<typeof createOrganizationPlans>;
