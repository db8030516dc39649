import { eq } from "drizzle-orm";
import type { PlatformSettings, UpdatePlatformSettingsRequest } from "../../../shared/contracts/admin";
import type { Database } from "../../db/client";
import { platformSettings } from "../../db/schema/index";

/** The spec's displayed platform settings (section 2): 100 users per organization. */
export const PLATFORM_DEFAULT_MAX_USERS = 100;
/**
 * Storage for a new organization until the platform owner sets another default: a trial's, not
 * the spec's displayed 500 GB, which every sign-up's own organization got for free (issue 30, ADR 028).
 */
export const PLATFORM_DEFAULT_STORAGE_LIMIT_GB = 5;

/**
 * What new organizations get: the platform owner's settings (one row), each falling back to the
 * deployment's default until it is set (TRIAL_DAYS, ORGANIZATION_MONTHLY_CREDITS). Read from the
 * table every time: every web and worker process sees a change at once.
 */
export function createPlatformSettingsRepo(db: Database, deploymentDefaults: { trialDays: number; monthlyCredits: number }) {
  async function get(tx: Database = db): Promise<PlatformSettings> {
    const [row] = await tx.select().from(platformSettings).where(eq(platformSettings.id, true));
    return {
      trialDays: row?.trialDays ?? deploymentDefaults.trialDays,
      defaultMaxUsers: row?.defaultMaxUsers ?? PLATFORM_DEFAULT_MAX_USERS,
      defaultStorageLimitGb: row?.defaultStorageLimitGb ?? PLATFORM_DEFAULT_STORAGE_LIMIT_GB,
      defaultMonthlyCredits: row?.defaultMonthlyCredits ?? deploymentDefaults.monthlyCredits,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    get,

    async update(values: Required<UpdatePlatformSettingsRequest>, updatedBy: string, tx: Database = db): Promise<PlatformSettings> {
      const row = { ...values, updatedBy, updatedAt: new Date() };
      await tx
        .insert(platformSettings)
        .values({ id: true, ...row })
        .onConflictDoUpdate({ target: platformSettings.id, set: row });
      return get(tx);
    },
  };
}

export type PlatformSettingsRepo = ReturnType<typeof createPlatformSettingsRepo>;
