import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/**
 * The platform owner's defaults for new organizations, one row. A null column means "not set":
 * the deployment's own default applies (TRIAL_DAYS, ORGANIZATION_MONTHLY_CREDITS, the spec's 100
 * users, and 5 GB of storage), so settings made in the console win over the environment only once made.
 */
export const platformSettings = pgTable(
  "platform_settings",
  {
    /** Always true: the table holds one row. */
    id: boolean().primaryKey().default(true),
    trialDays: integer(),
    defaultMaxUsers: integer(),
    defaultStorageLimitGb: integer(),
    defaultMonthlyCredits: integer(),
    /** Platform owners without two-factor sign-in are led to set it up before anything else (ADR 029). */
    requireTwoFactorForOwners: boolean().notNull().default(false),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [check("platform_settings_one_row", sql`${table.id}`)],
);
