import { initialsOf, resolveDisplayName } from "../../../core/access/display-name";
import type { Actor } from "../../../core/access/actor";
import type { AppUser } from "../../../shared/contracts/me";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { OrganizationPlans } from "../organizations/organization-plans";
import { findUserWithProfile } from "./profiles.repo";

export function createProfilesService(deps: { db: Database; organizationPlans: Pick<OrganizationPlans, "view"> }) {
  return {
    /** The app user for a signed-in account; a missing profile row falls back to account data. */
    async getAppUser(actor: Actor): Promise<AppUser> {
      const row = await findUserWithProfile(deps.db, actor);
      if (!row) throw new AppError("unauthenticated", "Please sign in again.");
      const { user, profile, organization } = row;
      const plan = organization && (await deps.organizationPlans.view(organization));
      const displayName = resolveDisplayName({ profileName: profile?.displayName, accountName: user.name, email: user.email });
      return {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        name: displayName,
        displayName,
        avatar: initialsOf(displayName),
        avatarUrl: null,
        bio: profile?.bio ?? null,
        phone: profile?.phone ?? null,
        title: profile?.title ?? null,
        role: actor.platformRole,
        organizationId: actor.organizationId,
        organizationRole: actor.organizationRole,
        organizationName: organization?.name ?? null,
        organizationStatus: plan?.status ?? null,
        trialDaysLeft: plan?.trialDaysLeft ?? null,
      };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
