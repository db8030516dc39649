import type { AccessSubject } from "./access";
import type { AppUser } from "./contracts/me";

/** The web's signed-in user as permission checks read them (`can` in access.ts). */
export function accessSubjectOf(user: AppUser): AccessSubject {
  return { userId: user.id, platformRole: user.role, organizationId: user.organizationId, organizationRole: user.organizationRole };
}
