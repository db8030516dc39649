import { initialsOf, resolveDisplayName } from "../../../core/access/display-name";
import type { Actor } from "../../../core/access/actor";
import type { ProfileUpdateRequest } from "../../../shared/contracts/account";
import type { AppUser } from "../../../shared/contracts/me";
import { AVATAR_MAX_BYTES, avatarMessages } from "../../../shared/profile";
import { AvatarImageError, normalizeAvatar, type AvatarImageRefusal } from "../../adapters/avatar-images/avatar-images";
import { StoredFileNotFoundError, type FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { OrganizationPlans } from "../organizations/organization-plans";
import type { AvatarUrls } from "./avatar-urls";
import { createProfilesRepo, type ProfileFields } from "./profiles.repo";

export interface ProfilesDeps {
  db: Database;
  storage: FileStorage;
  avatarUrls: AvatarUrls;
  organizationPlans: Pick<OrganizationPlans, "view">;
  pendingEmailOf: (userId: string) => Promise<string | null>;
}

const refusals: Record<AvatarImageRefusal, AppError> = {
  unsupported: new AppError("unsupported_media_type", avatarMessages.unsupported.description),
  unreadable: new AppError("unsupported_media_type", avatarMessages.unreadable.description),
  too_many_pixels: new AppError("payload_too_large", avatarMessages.tooManyPixels.description),
};

const contentTypeByExtension: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

export function createProfilesService(deps: ProfilesDeps) {
  const { db, storage } = deps;
  const repo = createProfilesRepo(db);

  const saveProfile = (userId: string, fields: ProfileFields) => repo.saveProfileFields(userId, fields);
  const avatarPathOf = (userId: string) => repo.findAvatarPath(userId);

  async function getAppUser(actor: Actor): Promise<AppUser> {
    const row = await repo.findUserWithProfile(actor);
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
      avatarUrl: profile?.avatarPath ? deps.avatarUrls.urlFor(profile.avatarPath) : null,
      bio: profile?.bio ?? null,
      phone: profile?.phone ?? null,
      title: profile?.title ?? null,
      role: actor.platformRole,
      pendingEmail: await deps.pendingEmailOf(user.id),
      organizationId: actor.organizationId,
      organizationRole: actor.organizationRole,
      organizationName: organization?.name ?? null,
      organizationStatus: plan?.status ?? null,
      trialDaysLeft: plan?.trialDaysLeft ?? null,
      twoFactorSetupRequired: actor.twoFactorSetupRequired === true,
    };
  }

  return {
    /** The app user for a signed-in account; a missing profile row falls back to account data. */
    getAppUser,

    /** Only the fields sent (the contract refuses an empty change); names are kept as typed, plain text. */
    async updateProfile(actor: Actor, changes: ProfileUpdateRequest): Promise<AppUser> {
      await saveProfile(actor.userId, changes);
      return getAppUser(actor);
    },

    /**
     * The avatar: at most 2 MB, a PNG, JPEG or WEBP by its bytes, drawn again (at most 512 px, no
     * metadata) and stored at avatars/<userId>/avatar.<ext>; a previous one in another format is removed.
     */
    async setAvatar(actor: Actor, bytes: Uint8Array): Promise<AppUser> {
      if (bytes.byteLength > AVATAR_MAX_BYTES) throw new AppError("payload_too_large", avatarMessages.tooLarge.description);
      const image = await normalizeAvatar(bytes).catch((error: unknown) => {
        if (error instanceof AvatarImageError) throw refusals[error.refusal];
        throw error;
      });
      const key = `avatars/${actor.userId}/avatar.${image.extension}`;
      const previous = await avatarPathOf(actor.userId);
      await storage.put(key, image.bytes, image.contentType);
      await saveProfile(actor.userId, { avatarPath: key });
      if (previous && previous !== key) await storage.delete(previous);
      return getAppUser(actor);
    },

    async removeAvatar(actor: Actor): Promise<AppUser> {
      const previous = await avatarPathOf(actor.userId);
      if (previous) {
        await storage.delete(previous);
        await saveProfile(actor.userId, { avatarPath: null });
      }
      return getAppUser(actor);
    },

    /** The picture a signed URL names: nothing (404) for a bad or expired signature or a replaced picture. */
    async openAvatar(userId: string, file: string, query: { expires?: string; signature?: string }) {
      const key = `avatars/${userId}/${file}`;
      const notFound = new AppError("not_found", "This picture link has expired or does not exist.");
      if (!deps.avatarUrls.isValid(key, query) || (await avatarPathOf(userId)) !== key) throw notFound;
      const bytes = await storage.read(key).catch((error: unknown) => {
        if (error instanceof StoredFileNotFoundError) throw notFound;
        throw error;
      });
      return { bytes, contentType: contentTypeByExtension[file.slice(file.lastIndexOf(".") + 1)] ?? "application/octet-stream" };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
