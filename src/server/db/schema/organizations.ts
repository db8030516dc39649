import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/**
 * A practice: its plan, limits and sign-in methods (ADR 016). Settings live on the row: they are
 * one per organization and read with it.
 */
export const organizations = pgTable(
  "organizations",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** trial | enterprise | suspended */
    status: text().notNull().default("trial"),
    trialEndsAt: timestamp({ withTimezone: true }),
    /** Documents a month the plan gives the members together; null: the platform default (ORGANIZATION_MONTHLY_CREDITS). */
    monthlyCredits: integer(),
    maxUsers: integer().notNull().default(50),
    /** Set when the organization is made (the platform's default); the column's own default is a trial's. */
    storageLimitGb: integer().notNull().default(5),
    authEmailPassword: boolean().notNull().default(true),
    authAzureAd: boolean().notNull().default(false),
    /** email_password | azure_ad, and always an enabled one. */
    defaultAuthMethod: text().notNull().default("email_password"),
    /** Microsoft Entra tenant ids (tid, lower case) whose accounts may sign in as members; empty: any. */
    azureTenantIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Members without two-factor sign-in are led to set it up before anything else (ADR 029). */
    requireTwoFactor: boolean().notNull().default(false),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    check("organizations_status_valid", sql`${table.status} in ('trial', 'enterprise', 'suspended')`),
    check("organizations_trial_has_end", sql`${table.status} <> 'trial' or ${table.trialEndsAt} is not null`),
    check("organizations_max_users_positive", sql`${table.maxUsers} > 0`),
    check("organizations_storage_limit_positive", sql`${table.storageLimitGb} > 0`),
    check("organizations_monthly_credits_not_negative", sql`${table.monthlyCredits} is null or ${table.monthlyCredits} >= 0`),
    check("organizations_some_auth_method", sql`${table.authEmailPassword} or ${table.authAzureAd}`),
    check(
      "organizations_default_method_enabled",
      sql`(${table.defaultAuthMethod} = 'email_password' and ${table.authEmailPassword}) or (${table.defaultAuthMethod} = 'azure_ad' and ${table.authAzureAd})`,
    ),
  ],
);

/** Email domains whose new accounts join the organization: only verified ones, and each by one organization. */
export const organizationDomains = pgTable(
  "organization_domains",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    domain: text().notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("organization_domains_organization_domain_unique").on(table.organizationId, table.domain),
    uniqueIndex("organization_domains_verified_domain_unique")
      .on(table.domain)
      .where(sql`${table.verifiedAt} is not null`),
    check("organization_domains_lower_case", sql`${table.domain} = lower(${table.domain})`),
  ],
);

/** Who belongs where, and as what. A person has exactly one active membership; old ones stay, inactive. */
export const organizationMembers = pgTable(
  "organization_members",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** org_user | org_admin (the platform owner's role is users.role) */
    role: text().notNull().default("org_user"),
    /** active | inactive (removed, or moved away by an email change) */
    status: text().notNull().default("active"),
    /** The address the membership was made for: an account whose email differs has changed it since. */
    joinedAsEmail: text().notNull(),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deactivatedAt: timestamp({ withTimezone: true }),
    invitedBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("organization_members_organization_user_unique").on(table.organizationId, table.userId),
    uniqueIndex("organization_members_one_active_per_user")
      .on(table.userId)
      .where(sql`${table.status} = 'active'`),
    index("organization_members_organization_status").on(table.organizationId, table.status),
    check("organization_members_role_valid", sql`${table.role} in ('org_user', 'org_admin')`),
    check("organization_members_status_valid", sql`${table.status} in ('active', 'inactive')`),
  ],
);

/**
 * Invitations by email. The id is internal (admins resend and cancel by it); the link's token and
 * the 6-digit code are stored only as hashes and are replaced on every resend.
 */
export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** lower case */
    email: text().notNull(),
    role: text().notNull().default("org_user"),
    /** pending | accepted | cancelled (expired: pending past expires_at) */
    status: text().notNull().default("pending"),
    /** SHA-256 of the link token (32 random bytes). */
    tokenHash: text().notNull(),
    /** HMAC-SHA256 under the auth secret of the invitation id and its 6-digit code: a plain hash of a million codes is no secret. */
    codeHash: text().notNull(),
    codeAttempts: integer().notNull().default(0),
    invitedBy: text().references(() => users.id, { onDelete: "set null" }),
    lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: text().references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("organization_invitations_token_hash_unique").on(table.tokenHash),
    uniqueIndex("organization_invitations_one_pending")
      .on(table.organizationId, table.email)
      .where(sql`${table.status} = 'pending'`),
    index("organization_invitations_pending_email")
      .on(table.email)
      .where(sql`${table.status} = 'pending'`),
    check("organization_invitations_role_valid", sql`${table.role} in ('org_user', 'org_admin')`),
    check("organization_invitations_status_valid", sql`${table.status} in ('pending', 'accepted', 'cancelled')`),
    check("organization_invitations_email_lower_case", sql`${table.email} = lower(${table.email})`),
  ],
);
