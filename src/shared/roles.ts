export const platformRoles = ["user", "platform_owner"] as const;
export type PlatformRole = (typeof platformRoles)[number];

export function isPlatformRole(value: unknown): value is PlatformRole {
  return typeof value === "string" && (platformRoles as readonly string[]).includes(value);
}
