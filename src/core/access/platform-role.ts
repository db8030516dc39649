import type { PlatformRole } from "../../shared/roles";

/**
 * PLATFORM_OWNER_EMAILS names the owners. With the list empty, the first account of a fresh
 * installation becomes the owner, so a self-hosted install always has one.
 */
export function platformRoleFor(account: { email: string; isFirstAccount: boolean }, ownerEmails: readonly string[]): PlatformRole {
  if (ownerEmails.length > 0) return ownerEmails.includes(account.email.toLowerCase()) ? "platform_owner" : "user";
  return account.isFirstAccount ? "platform_owner" : "user";
}
