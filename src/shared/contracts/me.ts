import { z } from "zod";
import { organizationRoles, platformRoles } from "../roles";

/** GET /api/me: the signed-in person as the web app sees them. */
export const appUserSchema = z.object({
  id: z.string(),
  email: z.email(),
  emailVerified: z.boolean(),
  name: z.string(),
  displayName: z.string(),
  avatar: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  role: z.enum(platformRoles),
  /** Null until organizations exist. */
  organizationId: z.string().nullable(),
  organizationRole: z.enum(organizationRoles).nullable(),
});
export type AppUser = z.infer<typeof appUserSchema>;

export const meResponseSchema = z.object({ user: appUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
