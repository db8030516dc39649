export const platformRoles = ["user", "platform_owner"] as const;
export type PlatformRole = (typeof platformRoles)[number];

export function isPlatformRole(value: unknown): value is PlatformRole {
  return typeof value === "string" && (platformRoles as readonly string[]).includes(value);
}

/** A member's role in their organization (spec section 6). Organizations come with their own issue. */
export const organizationRoles = ["org_user", "org_admin"] as const;
export type OrganizationRole = (typeof organizationRoles)[number];
