import { and, eq, gt, ne } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accounts, organizations, platformSettings, users, verifications } from "../../db/schema/index";

/** Whom two-factor sign-in is required of: an organization's members, and (the platform's setting) its owners. */
export interface TwoFactorSubject {
  organizationId: string | null;
  platformRole: string;
}

/** Who must use two-factor sign-in, and what the person has of it. */
export function createTwoFactorRepo(db: Database) {
  const repo = {
    async isRequired(subject: TwoFactorSubject, tx: Database = db): Promise<boolean> {
      if (subject.platformRole === "platform_owner" && (await repo.isPlatformRequiringOwners(tx))) return true;
      return subject.organizationId !== null && (await repo.isOrganizationRequiring(subject.organizationId, tx)) === true;
    },

    async isOrganizationRequiring(organizationId: string, tx: Database = db): Promise<boolean | undefined> {
      const [organization] = await tx.select({ required: organizations.requireTwoFactor }).from(organizations).where(eq(organizations.id, organizationId));
      return organization?.required;
    },

    /** Sets the organization's rule; answers its name only when this changed it (two admins at once change it once). */
    async setOrganizationRequiring(organizationId: string, required: boolean, tx: Database = db): Promise<{ name: string } | undefined> {
      const [organization] = await tx
        .update(organizations)
        .set({ requireTwoFactor: required })
        .where(and(eq(organizations.id, organizationId), ne(organizations.requireTwoFactor, required)))
        .returning({ name: organizations.name });
      return organization;
    },

    async isPlatformRequiringOwners(tx: Database = db): Promise<boolean> {
      const [settings] = await tx.select({ required: platformSettings.requireTwoFactorForOwners }).from(platformSettings);
      return settings?.required === true;
    },

    async setPlatformRequiringOwners(required: boolean, updatedBy: string, tx: Database = db): Promise<void> {
      await tx
        .insert(platformSettings)
        .values({ id: true, requireTwoFactorForOwners: required, updatedBy })
        .onConflictDoUpdate({ target: platformSettings.id, set: { requireTwoFactorForOwners: required, updatedBy } });
    },

    async isEnabled(userId: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
      return row?.enabled === true;
    },

    async hasPassword(userId: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
      return row !== undefined;
    },

    /** Who a sign-in's pending second step is for: Better Auth keeps the challenge's id (its cookie) against the user. */
    async findChallengedUserId(challengeId: string, tx: Database = db): Promise<string | undefined> {
      const [row] = await tx
        .select({ userId: verifications.value })
        .from(verifications)
        .where(and(eq(verifications.identifier, challengeId), gt(verifications.expiresAt, new Date())));
      return row?.userId;
    },
  };
  return repo;
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
