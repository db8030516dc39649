import type { OrganizationRole } from "./roles";
import { paths, withQuery } from "./paths";

/**
 * Organizations, members and invitations: the rules and spec copy both the server and the web
 * apply (ADR 016). Free of zod, like paths.ts; the schemas are in contracts/organizations.ts.
 */

/** Roles an admin may give in an invitation or a role change (spec section 6); the owner's is platform-wide. */
export const invitableRoles = ["org_user", "org_admin"] as const satisfies readonly OrganizationRole[];
export type InvitableRole = (typeof invitableRoles)[number];
export const DEFAULT_INVITATION_ROLE: OrganizationRole = "org_user";

export const INVITATION_EXPIRY_DAYS = 7;
/** Trial badges turn destructive at this many days left or fewer. */
export const TRIAL_WARNING_DAYS = 7;
/** The settings form's fallbacks when a number does not parse (spec section 9). */
export const DEFAULT_MAX_USERS = 50;
export const DEFAULT_STORAGE_LIMIT_GB = 100;
export const MAX_USERS_LIMIT = 10_000;
export const STORAGE_LIMIT_GB_LIMIT = 100_000;
export const ORGANIZATION_NAME_MAX_CHARS = 120;
export const INVITATION_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const BYTES_PER_GB = 1024 ** 3;

/**
 * trial: members manage documents on the organization's allowance until trialEndsAt (then on
 * their personal plans); enterprise: the same without an end; suspended: no processing for its
 * members, reading and chat stay.
 */
export const organizationStatuses = ["trial", "enterprise", "suspended"] as const;
export type OrganizationStatus = (typeof organizationStatuses)[number];

export const organizationStatusLabels: Record<OrganizationStatus, string> = { trial: "Trial", enterprise: "Enterprise", suspended: "Suspended" };

/** The organization's Authentication Methods: who may sign in how, and what invitations offer. */
export const authMethods = ["email_password", "azure_ad"] as const;
export type AuthMethod = (typeof authMethods)[number];
export const authMethodLabels: Record<AuthMethod, string> = { email_password: "Email and password", azure_ad: "Microsoft (Azure AD)" };

export interface AuthMethodSettings {
  emailPasswordEnabled: boolean;
  azureAdEnabled: boolean;
  defaultMethod: AuthMethod;
}

export function enabledAuthMethods(settings: Pick<AuthMethodSettings, "emailPasswordEnabled" | "azureAdEnabled">): AuthMethod[] {
  return authMethods.filter((method) => (method === "email_password" ? settings.emailPasswordEnabled : settings.azureAdEnabled));
}

/**
 * The default method can only be an enabled one: the preferred default when it is enabled,
 * otherwise the first enabled method (email and password first), or undefined with none enabled.
 */
export function defaultAuthMethodAmong(
  settings: Pick<AuthMethodSettings, "emailPasswordEnabled" | "azureAdEnabled">,
  preferred: AuthMethod | undefined,
): AuthMethod | undefined {
  const enabled = enabledAuthMethods(settings);
  return preferred && enabled.includes(preferred) ? preferred : enabled[0];
}

/**
 * Why a set of authentication settings cannot be saved, in the words the form shows; undefined
 * when it can. Without tenant ids (not sent: the stored ones stay) their rule is not judged here.
 */
export function authMethodSettingsProblem(settings: AuthMethodSettings & { azureTenantIds?: readonly string[] }): string | undefined {
  const enabled = enabledAuthMethods(settings);
  if (enabled.length === 0) return organizationMessages.noAuthMethod;
  if (!enabled.includes(settings.defaultMethod)) return organizationMessages.defaultMethodDisabled;
  if (!settings.emailPasswordEnabled && settings.azureTenantIds?.length === 0) return organizationMessages.azureOnlyNeedsTenant;
  return undefined;
}

/** The simple x@y.z rule of the Invite User dialog: Send stays disabled until it holds. */
export function isInvitableEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}

/** A whole number typed in the settings form, or the spec's fallback when it does not parse. */
export function parseLimit(text: string, fallback: number): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) ? value : fallback;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left in a trial, counting a started day as one; 0 once it has ended. */
export function trialDaysLeft(trialEndsAt: Date | string, now: Date): number {
  const remaining = new Date(trialEndsAt).getTime() - now.getTime();
  return remaining <= 0 ? 0 : Math.ceil(remaining / DAY_MS);
}

export type TrialBadgeVariant = "secondary" | "destructive";

/** The Billing tab's and upgrade page's trial badge: 'N days left in trial' or 'Trial expired'. */
export function trialBadge(daysLeft: number): { variant: TrialBadgeVariant; text: string } {
  return {
    variant: daysLeft > TRIAL_WARNING_DAYS ? "secondary" : "destructive",
    text: daysLeft > 0 ? `${daysLeft} ${daysLeft === 1 ? "day" : "days"} left in trial` : "Trial expired",
  };
}

/** The platform owner's row (and role) cannot be changed or removed. */
export function isProtectedMember(member: { role: string }): boolean {
  return member.role === "platform_owner";
}

/** 'Email Sales Team' on the enterprise upgrade page: a pre-filled email to SALES_EMAIL. */
export function enterpriseUpgradeMailto(salesEmail: string, organizationName: string): string {
  const subject = `Enterprise Upgrade Request - ${organizationName}`;
  const body = `Hello,\n\nWe would like to learn more about the Enterprise plan for ${organizationName}.\n\nThank you.`;
  return `mailto:${salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** The link an invitation email carries. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${withQuery(paths.authCompleteInvite, { token })}`;
}

/**
 * Where Microsoft sign-in started from an invitation returns (Better Auth's callbackURL): the
 * invitation page, which then accepts it as the new session.
 */
export function invitationMicrosoftReturnPath(token: string): string {
  return withQuery(paths.authCompleteInvite, { token, type: "azure_invite", completed: "true" });
}

/** The spec's organization messages (signed-in-app section 8), word for word. */
export const organizationMessages = {
  loadOrganizationFailed: "Failed to load organization data",
  loadUsersFailed: "Failed to load users",
  loadInvitationsFailed: "Failed to load invitations",
  updateSettingsFailed: "Failed to update organization settings",
  updateRoleFailed: (message: string) => `Failed to update user role: ${message}`,
  userNotFound: "User not found",
  cannotModifyOwner: "Cannot modify platform owner role",
  removeUserFailed: "Failed to remove user",
  sendInvitationFailed: "Failed to send invitation",
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  userRemoved: "User removed from organization",
  roleUpdated: "User role updated successfully",
  settingsUpdated: "Organization settings updated successfully",
  authSettingsUpdated: "Authentication settings updated successfully",
  authSettingsFailed: "Failed to update authentication settings",
  ownerRoleFixed: "Cannot be changed",
  // Ours: the refusals the spec leaves unworded.
  lastAdmin: "An organization needs at least one admin. Make someone else an admin first.",
  alreadyMember: (email: string) => `${email} is already a member of this organization.`,
  alreadyInvited: (email: string) => `${email} already has a pending invitation. Resend it instead.`,
  maxUsersReached: (maxUsers: number) => `This organization has reached its maximum of ${maxUsers} users.`,
  maxUsersBelowMembers: (members: number) => `The organization already has ${members} members and pending invitations; the maximum cannot be lower.`,
  invitableRole: "Choose User or Admin.",
  invalidEmail: "Enter an email address like name@practice.com.",
  nameRequired: "Enter the organization's name.",
  practiceNameRequired: "Enter your practice's name.",
  nameTooLong: `Names can be at most ${ORGANIZATION_NAME_MAX_CHARS} characters.`,
  maxUsersRange: `Maximum users must be a whole number from 1 to ${MAX_USERS_LIMIT}.`,
  storageLimitRange: `The storage limit must be a whole number of GB from 1 to ${STORAGE_LIMIT_GB_LIMIT}.`,
  noAuthMethod: "Enable at least one sign-in method.",
  defaultMethodDisabled: "The default method must be one of the enabled methods.",
  azureOnlyNeedsTenant: "List your Microsoft Entra tenant ID before turning email and password off.",
  azureNotConfigured: "Microsoft sign-in is not set up on this server.",
  tenantIdFormat: "A tenant ID looks like 00000000-0000-0000-0000-000000000000.",
  /** Answered to an upload with `payload_too_large`: the library tells a duplicate (`conflict`) apart by its code. */
  storageLimitAboveAllowance: (allowanceGb: number) =>
    `Your organization can have up to ${allowanceGb} GB of document storage. Ask the platform owner if you need more.`,
  storageFull: (limitGb: number) =>
    `Your organization has used its ${limitGb} GB of document storage. Delete documents or ask your administrator to raise the storage limit.`,
  invitationNotFound: "Invitation not found.",
  memberNotFound: "User not found",
  organizationNotFound: "Organization not found.",
} as const;

/** The spec's invitation page messages (public-site-and-auth section 8), word for word. */
export const invitationMessages = {
  invalidOrExpired: "Invalid or expired invitation link",
  invalid: "Invalid invitation link. Please contact your administrator for a new invitation.",
  expired: "This invitation has expired. Please contact your administrator for a new invitation.",
  acceptFailedContactAdmin: "Failed to accept invitation. Please contact your administrator.",
  acceptFailedTryAgain: "Failed to accept invitation. Please try again.",
  initializeFailed: "Failed to initialize invitation. Please try again.",
  azureInvitationFailed: "Failed to process Azure invitation. Please try again.",
  processFailed: "Failed to process invitation. Please try again.",
  azureSignInFailed: "Failed to sign in with Azure AD. Please try again.",
  setPasswordFailed: "Failed to set password. Please try again.",
  noInvitation: "No invitation found. Please check your invitation link.",
  azureEmailMissing: "Unable to retrieve your email from Azure AD. This may be due to missing permissions. Please contact your administrator for assistance.",
  authenticationFailed: "Authentication failed. Please try again or contact your administrator for assistance.",
  authenticationError: (error: string) => `Authentication error: ${error}. Please try again or contact your administrator.`,
  passwordTooShort: `Password must be at least ${INVITATION_PASSWORD_MIN_LENGTH} characters long`,
  passwordsDoNotMatch: "Passwords do not match",
  // Ours: the refusals the spec leaves unworded.
  otherEmail: (invitedEmail: string, signedInEmail: string) =>
    `This invitation was sent to ${invitedEmail}, but you are signed in as ${signedInEmail}. Sign out and open the invitation again.`,
  accountHasPassword: "You already have an account with a password. Sign in, then open the invitation again to accept it.",
  accountUsesTwoFactor: "Your account uses two-factor sign-in. Sign in, then open the invitation again to accept it.",
  methodNotAllowed: (method: AuthMethod) =>
    method === "azure_ad" ? "This organization does not allow Microsoft sign-in." : "This organization requires Microsoft sign-in.",
  wrongCode: "Please check your code and try again.",
} as const;

/** What sign-in refuses when the person's organization does not allow the method (Better Auth error code SIGN_IN_METHOD_NOT_ALLOWED). */
export const signInPolicyMessages = {
  requiresMicrosoft: "Your organization requires Microsoft sign-in. Use 'Sign in with Microsoft'.",
  microsoftNotAllowed: "Your organization does not allow Microsoft sign-in. Sign in with your email instead.",
  tenantNotAllowed: "This Microsoft account is not from your organization's directory.",
} as const;
export const SIGN_IN_METHOD_NOT_ALLOWED = "SIGN_IN_METHOD_NOT_ALLOWED";
export const AZURE_TENANT_NOT_ALLOWED = "AZURE_TENANT_NOT_ALLOWED";

/** Sign-up's practice name, the organization's name to be: the form requires it, the API takes it or not. */
export function findPracticeNameProblem(value: unknown, { isRequired = false } = {}): string | undefined {
  if (value === undefined && !isRequired) return undefined;
  if (typeof value !== "string") return organizationMessages.practiceNameRequired;
  if (isRequired && value.trim() === "") return organizationMessages.practiceNameRequired;
  return value.trim().length > ORGANIZATION_NAME_MAX_CHARS ? organizationMessages.nameTooLong : undefined;
}
