import { z } from "zod";
import { organizationStatuses } from "../organizations";
import { organizationRoles, platformRoles } from "../roles";

/** GET /api/me: the signed-in person as the web app sees them. */
export const appUserSchema = z.object({
  id: z.string(),
  email: z.email(),
  emailVerified: z.boolean(),
  name: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  /** A signed URL of the avatar (valid 3600 s), or null: the initials are shown. */
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  role: z.enum(platformRoles),
  /** The address an email change waits to be confirmed for, or null. */
  pendingEmail: z.string().nullable(),
  /** The one active organization; null only in the moment between a removal and the next one. */
  organizationId: z.string().nullable(),
  organizationRole: z.enum(organizationRoles).nullable(),
  organizationName: z.string().nullable(),
  organizationStatus: z.enum(organizationStatuses).nullable(),
  /** Whole days left in the organization's trial (0 once ended); null when it is not on a trial. */
  trialDaysLeft: z.number().int().nullable(),
  /** Their organization (or, for owners, the platform) requires two-factor sign-in and they have not set it up: the app sends them to do so. */
  twoFactorSetupRequired: z.boolean().optional(),
});
export type AppUser = z.infer<typeof appUserSchema>;

export const meResponseSchema = z.object({ user: appUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
