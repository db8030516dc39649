import type { AccessSubject } from "./access";
import type { OrganizationRole, PlatformRole } from "./roles";

/** The signed-in person as the web app sees them (GET /api/me). */
export interface AppUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  displayName: string;
  avatar: string;
  avatarUrl: string | null;
  bio: string | null;
  phone: string | null;
  title: string | null;
  role: PlatformRole;
  /** Null until organizations exist. */
  organizationId: string | null;
  organizationRole: OrganizationRole | null;
}

/** The web's signed-in user as permission checks read them (`can` in access.ts). */
export function accessSubjectOf(user: AppUser): AccessSubject {
  return { userId: user.id, platformRole: user.role, organizationId: user.organizationId, organizationRole: user.organizationRole };
}
