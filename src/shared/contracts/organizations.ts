import { z } from "zod";
import { accessRoles } from "../access";
import { twoFactorChallengeSchema } from "./two-factor";
import {
  authMethods,
  authMethodSettingsProblem,
  INVITATION_PASSWORD_MIN_LENGTH,
  invitableRoles,
  invitationMessages,
  isInvitableEmail,
  MAX_USERS_LIMIT,
  ORGANIZATION_NAME_MAX_CHARS,
  organizationMessages,
  organizationStatuses,
  PASSWORD_MAX_LENGTH,
  STORAGE_LIMIT_GB_LIMIT,
} from "../organizations";
import { displayNameSchema } from "./account";
import { typedText, wholeNumber } from "./fields";

/**
 * /api/organizations/:organizationId (the organization admin page: org admins of that
 * organization and the platform owner), /api/invitations (the invitation page and code entry,
 * before and after sign-in) and /api/platform/organizations/:organizationId (the platform owner).
 * Tokens travel in bodies, never in paths: request paths are logged.
 */

const emailSchema = z
  .string({ error: organizationMessages.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, { message: organizationMessages.invalidEmail })
  .refine(isInvitableEmail, { message: organizationMessages.invalidEmail })
  .pipe(z.email({ message: organizationMessages.invalidEmail }));

const invitableRoleSchema = z.enum(invitableRoles, { error: organizationMessages.invitableRole });

/** An invitation link's token: 32 random bytes, base64url. */
const invitationTokenSchema = z
  .string({ error: invitationMessages.invalidOrExpired })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, { message: invitationMessages.invalidOrExpired });

const sixDigitCodeSchema = z
  .string({ error: invitationMessages.wrongCode })
  .trim()
  .regex(/^\d{6}$/, { message: "Please enter the 6-digit code from your email." });

// ---- The organization plan (trial, enterprise, suspended): also in GET /api/billing/summary ----

/** The spec's organization subscription view, with the allowance members' documents use. */
export const organizationPlanSchema = z.object({
  status: z.enum(organizationStatuses),
  trialEndsAt: z.iso.datetime().nullable(),
  /** Whole days left (0 once ended) while the status is trial; null otherwise. */
  trialDaysLeft: z.number().int().nullable(),
  /** Whether members may process documents on the organization's allowance now (a running trial, or enterprise). */
  hasAccess: z.boolean(),
  enterpriseFeaturesEnabled: z.boolean(),
  /** Documents a month the organization gives its members together. */
  monthlyCredits: z.number().int(),
  /** Documents of members charged to the organization in the current period. */
  creditsUsed: z.number().int(),
  creditsAvailable: z.number().int(),
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
});
export type OrganizationPlan = z.infer<typeof organizationPlanSchema>;

// ---- The organization and its settings ----

export const authenticationSettingsSchema = z.object({
  emailPasswordEnabled: z.boolean(),
  azureAdEnabled: z.boolean(),
  defaultMethod: z.enum(authMethods),
  /** Microsoft Entra tenant ids whose accounts may sign in as members; empty = any work or school account. */
  azureTenantIds: z.array(z.string()),
});
export type AuthenticationSettings = z.infer<typeof authenticationSettingsSchema>;

export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  maxUsers: z.number().int(),
  storageLimitGb: z.number().int(),
  /** Total size of the active members' documents. */
  storageUsedBytes: z.number().int(),
  activeMembers: z.number().int(),
  /** Pending invitations not yet expired: they hold a place under maxUsers. */
  pendingInvitations: z.number().int(),
  /** Email domains whose new accounts join this organization (verified by the platform owner). */
  verifiedDomains: z.array(z.string()),
  authentication: authenticationSettingsSchema,
  plan: organizationPlanSchema,
  createdAt: z.iso.datetime(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET and PATCH /api/organizations/:organizationId, PATCH …/authentication, the platform routes. */
export const organizationResponseSchema = z.object({ organization: organizationSchema });
export type OrganizationResponse = z.infer<typeof organizationResponseSchema>;

/** An organization's limits, as its admin's Settings tab and the platform console's forms take them. */
export const maxUsersSchema = wholeNumber(1, MAX_USERS_LIMIT, organizationMessages.maxUsersRange);
export const storageLimitGbSchema = wholeNumber(1, STORAGE_LIMIT_GB_LIMIT, organizationMessages.storageLimitRange);

/** PATCH /api/organizations/:organizationId: the Settings tab (the form applies the 50 / 100 fallbacks before sending). */
export const updateOrganizationRequestSchema = z.object({
  name: typedText(ORGANIZATION_NAME_MAX_CHARS, { blank: organizationMessages.nameRequired, tooLong: organizationMessages.nameTooLong }),
  maxUsers: maxUsersSchema,
  storageLimitGb: storageLimitGbSchema,
});
export type UpdateOrganizationRequest = z.input<typeof updateOrganizationRequestSchema>;

/**
 * PATCH /api/organizations/:organizationId/authentication: the Authentication Methods card.
 * Without `azureTenantIds` the organization keeps the tenant ids it has; the server then judges
 * the whole with them.
 */
export const updateAuthenticationRequestSchema = z
  .object({
    emailPasswordEnabled: z.boolean(),
    azureAdEnabled: z.boolean(),
    defaultMethod: z.enum(authMethods, { error: organizationMessages.defaultMethodDisabled }),
    azureTenantIds: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .pipe(z.uuid({ message: organizationMessages.tenantIdFormat })),
      )
      .max(20)
      .optional(),
  })
  .superRefine((settings, context) => {
    const problem = authMethodSettingsProblem(settings);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });
export type UpdateAuthenticationRequest = z.input<typeof updateAuthenticationRequestSchema>;

// ---- Members ----

export const memberStatuses = ["active", "inactive"] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** A Team Members row (get_org_members): counts of what a member has, never the things themselves. */
export const organizationMemberSchema = z.object({
  membershipId: z.uuid(),
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** platform_owner (shown as Owner, 'Cannot be changed', no Remove) outranks the organization role. */
  role: z.enum(accessRoles),
  /** inactive: removed, or moved to another organization by an email change. */
  status: z.enum(memberStatuses),
  joinedAt: z.iso.datetime(),
  documentsCount: z.number().int(),
});
export type OrganizationMember = z.infer<typeof organizationMemberSchema>;

/** GET /api/organizations/:organizationId/members: active members first, then inactive ones. */
export const memberListResponseSchema = z.object({ members: z.array(organizationMemberSchema) });
export type MemberListResponse = z.infer<typeof memberListResponseSchema>;

/** PATCH /api/organizations/:organizationId/members/:membershipId (DELETE there answers 204). */
export const changeMemberRoleRequestSchema = z.object({ role: invitableRoleSchema });
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

export const memberResponseSchema = z.object({ member: organizationMemberSchema });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

// ---- Invitations, as admins see them ----

/** Expired: pending past expiresAt. Accepted and cancelled invitations are not listed. */
export const listedInvitationStatuses = ["pending", "expired"] as const;
export type ListedInvitationStatus = (typeof listedInvitationStatuses)[number];

/** A Pending Invitations row. Its id is for resend and cancel, never a link token. */
export const organizationInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(invitableRoles),
  status: z.enum(listedInvitationStatuses),
  /** When it was last sent (created, or resent). */
  invitedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The inviting admin's display name, or null when their account is gone. */
  invitedBy: z.string().nullable(),
});
export type OrganizationInvitation = z.infer<typeof organizationInvitationSchema>;

/** GET /api/organizations/:organizationId/invitations: newest first (DELETE …/invitations/:invitationId cancels, 204). */
export const invitationListResponseSchema = z.object({ invitations: z.array(organizationInvitationSchema) });
export type InvitationListResponse = z.infer<typeof invitationListResponseSchema>;

/** POST /api/organizations/:organizationId/invitations: the Invite User dialog (201). */
export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  role: invitableRoleSchema.default("org_user"),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

/** POST …/invitations (201) and POST …/invitations/:invitationId/resend (a new link and code, 7 more days). */
export const invitationResponseSchema = z.object({ invitation: organizationInvitationSchema });
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

// ---- Invitations, as the invited person sees them (/auth/complete-invite, /auth/code?type=invite) ----

/** POST /api/invitations/lookup (get_invitation_details): no session needed. */
export const invitationLookupRequestSchema = z.object({ token: invitationTokenSchema });
export type InvitationLookupRequest = z.infer<typeof invitationLookupRequestSchema>;

/** Why an invitation link no longer works; `message` is the spec's text for it. */
export const unusableInvitationStates = ["expired", "cancelled", "accepted", "unknown"] as const;
export type UnusableInvitationState = (typeof unusableInvitationStates)[number];

export const invitationDetailsSchema = z.object({
  email: z.string(),
  organizationName: z.string(),
  emailPasswordEnabled: z.boolean(),
  azureAdEnabled: z.boolean(),
  defaultMethod: z.enum(authMethods),
  /** An account already exists for the address: offer sign-in and accept, not password setup. */
  hasAccount: z.boolean(),
  expiresAt: z.iso.datetime(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const invitationLookupResponseSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("valid"), invitation: invitationDetailsSchema }),
  z.object({ state: z.enum(unusableInvitationStates), message: z.string() }),
]);
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponseSchema>;

const invitationPasswordSchema = z
  .string({ error: invitationMessages.passwordTooShort })
  .min(INVITATION_PASSWORD_MIN_LENGTH, { message: invitationMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.` });

/**
 * POST /api/invitations/accept-with-password: password setup from the link. Creates the account
 * (verified: the link proves the mailbox), signs in (session cookie) and joins. Refused when the
 * address already has a password (sign in, then accept).
 */
export const acceptWithPasswordRequestSchema = z.object({
  token: invitationTokenSchema,
  password: invitationPasswordSchema,
  /** The person's name, asked as they accept: given to a new account (an account's own name is kept). */
  name: displayNameSchema.optional(),
});
export type AcceptWithPasswordRequest = z.infer<typeof acceptWithPasswordRequestSchema>;

/** The password setup form: the request plus its confirmation, checked in the browser only. */
export const invitationPasswordFormSchema = acceptWithPasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, { message: invitationMessages.passwordsDoNotMatch, path: ["confirmPassword"] });
export type InvitationPasswordForm = z.infer<typeof invitationPasswordFormSchema>;

/** POST /api/invitations/accept-with-code: /auth/code?type=invite. Signs in (session cookie) and joins. */
export const acceptWithCodeRequestSchema = z.object({ email: emailSchema, code: sixDigitCodeSchema, name: displayNameSchema.optional() });
export type AcceptWithCodeRequest = z.infer<typeof acceptWithCodeRequestSchema>;

/** POST /api/invitations/resend-code: a new link and code for the address's pending invitations; 204 whether or not there are any. */
export const resendInvitationCodeRequestSchema = z.object({ email: emailSchema });
export type ResendInvitationCodeRequest = z.infer<typeof resendInvitationCodeRequestSchema>;

/**
 * POST /api/invitations/accept: signed in (back from Microsoft, or an existing account). With a
 * token, that invitation; without one, the newest pending invitation to the signed-in address
 * (accept_invitations_for_current_user).
 */
export const acceptInvitationRequestSchema = z.object({ token: invitationTokenSchema.optional() });
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** The answer of the three accept routes: the organization joined. The web then navigates to /app in full. */
export const acceptInvitationResponseSchema = z.object({
  organizationId: z.uuid(),
  organizationName: z.string(),
  role: z.enum(invitableRoles),
  /** The person has no name yet (an account made by an invitation code, or a provider that gave none): the web asks for it next. */
  needsName: z.boolean(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

/**
 * accept-with-password and accept-with-code: the organization joined, or — the account uses
 * two-factor sign-in — its code is asked first (no session yet), and the invitation is accepted
 * once the person is signed in (ADR 039).
 */
export const invitationSignInResponseSchema = z.union([acceptInvitationResponseSchema, twoFactorChallengeSchema]);
export type InvitationSignInResponse = z.infer<typeof invitationSignInResponseSchema>;

// ---- The platform owner ----

/** PATCH /api/platform/organizations/:organizationId/plan: trial (with its end), enterprise or suspended, and the monthly allowance. */
export const updateOrganizationPlanRequestSchema = z
  .object({
    status: z.enum(organizationStatuses),
    trialEndsAt: z.iso.datetime().nullable().default(null),
    /** null: the platform default (ORGANIZATION_MONTHLY_CREDITS). */
    monthlyCredits: z.number().int().min(0).max(100_000).nullable().default(null),
  })
  .refine((plan) => plan.status !== "trial" || plan.trialEndsAt !== null, { message: "A trial needs its end date.", path: ["trialEndsAt"] });
export type UpdateOrganizationPlanRequest = z.input<typeof updateOrganizationPlanRequestSchema>;

/** POST /api/platform/organizations/:organizationId/domains; DELETE …/domains/:domain. Both answer the organization. */
export const verifiedDomainRequestSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { message: "Enter a domain like yourpractice.com." }),
});
export type VerifiedDomainRequest = z.infer<typeof verifiedDomainRequestSchema>;
