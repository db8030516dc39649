import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, organizations, platformSettings, users, verifications } from "../../db/schema/index";

/** Whom two-factor sign-in is required of: an organization's members, and (the platform's setting) its owners. */
export interface TwoFactorSubject {
  organizationId: string | null;
  platformRole: string;
}

export const twoFactorRepo = {
  async isRequired(db: Database, subject: TwoFactorSubject): Promise<boolean> {
    if (subject.platformRole === "platform_owner" && (await twoFactorRepo.isPlatformRequiringOwners(db))) return true;
    return subject.organizationId !== null && (await twoFactorRepo.isOrganizationRequiring(db, subject.organizationId)) === true;
  },

  async isOrganizationRequiring(db: Database, organizationId: string): Promise<boolean | undefined> {
    const [organization] = await db.select({ required: organizations.requireTwoFactor }).from(organizations).where(eq(organizations.id, organizationId));
    return organization?.required;
  },

  async setOrganizationRequiring(db: Database, organizationId: string, required: boolean): Promise<{ name: string } | undefined> {
    const [organization] = await db
      .update(organizations)
      .set({ requireTwoFactor: required })
      .where(eq(organizations.id, organizationId))
      .returning({ name: organizations.name });
    return organization;
  },

  async isPlatformRequiringOwners(db: Database): Promise<boolean> {
    const [settings] = await db.select({ required: platformSettings.requireTwoFactorForOwners }).from(platformSettings);
    return settings?.required === true;
  },

  async setPlatformRequiringOwners(db: Database, required: boolean, updatedBy: string): Promise<void> {
    await db
      .insert(platformSettings)
      .values({ id: true, requireTwoFactorForOwners: required, updatedBy })
      .onConflictDoUpdate({ target: platformSettings.id, set: { requireTwoFactorForOwners: required, updatedBy } });
  },

  async isEnabled(db: Database, userId: string): Promise<boolean> {
    const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
    return row?.enabled === true;
  },

  async hasPassword(db: Database, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    return row !== undefined;
  },

  /** Who a sign-in's pending second step is for: Better Auth keeps the challenge's id (its cookie) against the user. */
  async findChallengedUserId(db: Database, challengeId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: verifications.value })
      .from(verifications)
      .where(and(eq(verifications.identifier, challengeId), gt(verifications.expiresAt, new Date())));
    return row?.userId;
  },
};
