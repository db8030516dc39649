import type { OrganizationRole, PlatformRole } from "./roles";

/**
 * Who may do what: one table, read by the server's guards and services and by the web's links
 * and route guards, so the two can never disagree (ADR 012).
 */

/** The roles of the spec (section 6) that permissions are granted to. */
export const accessRoles = ["org_user", "org_admin", "platform_owner"] as const;
export type AccessRole = (typeof accessRoles)[number];

/** How the spec shows each role. */
export const accessRoleLabels: Record<AccessRole, string> = { org_user: "User", org_admin: "Admin", platform_owner: "Owner" };

/** What a permission check needs to know about who is asking; the server's Actor and the web's signed-in user both give it. */
export interface AccessSubject {
  userId: string;
  platformRole: PlatformRole;
  /** Null for a person in no organization: everyone, until organizations exist. */
  organizationId: string | null;
  organizationRole: OrganizationRole | null;
}

/**
 * The one role a person's permissions are looked up by. The platform owner's platform role
 * outranks any organization role. Everyone else has their organization's role; a person in no
 * organization (today, every platform `user`) works with their own documents and chats alone,
 * which is exactly what an org_user may do, and administers nothing.
 */
export function accessRoleOf(subject: Pick<AccessSubject, "platformRole" | "organizationRole">): AccessRole {
  if (subject.platformRole === "platform_owner") return "platform_owner";
  return subject.organizationRole ?? "org_user";
}

/**
 * How far a grant reaches: the subject's own things, also their organization's, or everything on
 * the platform.
 */
export type Reach = "own" | "organization" | "platform";

export const permissions = [
  "documents.use",
  "documents.read",
  "chat.use",
  "billing.manage",
  "organization.manage",
  "platform.administer",
  "audit.read",
  "fact-sheet.review",
  "portfolio.read",
] as const;
export type Permission = (typeof permissions)[number];

/** A role missing from a permission's row does not have it. */
export const permissionTable: Record<Permission, Partial<Record<AccessRole, Reach>>> = {
  // "Users see only their own documents and chats" (spec section 6), the platform owner
  // included: platform-wide reads belong to the platform console, never to the library or chat.
  "documents.use": { org_user: "own", org_admin: "own", platform_owner: "own" },
  // Reading a document and its fact sheet (issue 28, ADR 040): a member their own, an admin their
  // organization's members' too (the portfolio's rows open them); the platform owner their own
  // organization's too, never another's (that is the console's). Chat and changes stay documents.use.
  "documents.read": { org_user: "own", org_admin: "organization", platform_owner: "organization" },
  "chat.use": { org_user: "own", org_admin: "own", platform_owner: "own" },
  "billing.manage": { org_user: "own", org_admin: "own", platform_owner: "own" },
  "organization.manage": { org_admin: "organization", platform_owner: "platform" },
  "platform.administer": { platform_owner: "platform" },
  // The audit log (issue 19): everyone their own security events, an admin their organization's, the owner all.
  "audit.read": { org_user: "own", org_admin: "organization", platform_owner: "platform" },
  // Confirming or correcting a fact-sheet value (issue 28): the document's owner, or an admin of its
  // organization; the platform owner as their own organization's admin, never across organizations.
  "fact-sheet.review": { org_user: "own", org_admin: "organization", platform_owner: "organization" },
  // The contract portfolio (issue 28): a member their own agreements, an admin their organization's;
  // the platform owner their own organization's too, never another's (that is the console's).
  "portfolio.read": { org_user: "own", org_admin: "organization", platform_owner: "organization" },
};

/** What a permission is checked against: the user it belongs to and its organization, when known. */
export interface AccessResource {
  userId?: string;
  organizationId?: string | null;
}

/**
 * Whether `subject` has `permission` at all (no resource: may they use the feature?), or for
 * `resource` in particular (is it within the grant's reach?).
 */
export function can(subject: AccessSubject, permission: Permission, resource?: AccessResource): boolean {
  const reach = permissionTable[permission][accessRoleOf(subject)];
  if (!reach) return false;
  if (!resource || reach === "platform") return true;
  if (resource.userId !== undefined && resource.userId === subject.userId) return true;
  return reach === "organization" && subject.organizationId !== null && resource.organizationId === subject.organizationId;
}
