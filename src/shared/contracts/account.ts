import { z } from "zod";
import { profileLimits, profileMessages } from "../profile";
import { appUserSchema } from "./me";

/** /api/me/profile, /api/me/avatar, /api/account/* and /api/auth/email-change/*: the profile dialog and the account's essentials. */

/** Optional text: trimmed, at most `max`; empty means none (null). */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, { message: tooLong })
    .nullable()
    .transform((value) => value || null);
}

export const displayNameSchema = z
  .string({ error: profileMessages.displayNameTooShort })
  .trim()
  .min(profileLimits.displayNameMin, { message: profileMessages.displayNameTooShort })
  .max(profileLimits.displayNameMax, { message: profileMessages.displayNameTooLong });

/** The spec's loose pattern (text, @, text, dot, text), within SMTP's length. */
export const profileEmailSchema = z
  .string({ error: profileMessages.invalidEmail })
  .trim()
  .max(profileLimits.emailMax, { message: profileMessages.invalidEmail })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: profileMessages.invalidEmail })
  .transform((value) => value.toLowerCase());

/** PATCH /api/me/profile: only the fields that changed (spec section 5); at least one. */
export const profileUpdateRequestSchema = z
  .object({
    displayName: displayNameSchema.optional(),
    title: optionalText(profileLimits.titleMax, profileMessages.titleTooLong).optional(),
    phone: optionalText(profileLimits.phoneMax, profileMessages.phoneTooLong)
      .refine((value) => value === null || /^[0-9+()\-. ]+$/.test(value), { message: profileMessages.phoneInvalid })
      .optional(),
    bio: optionalText(profileLimits.bioMax, profileMessages.bioTooLong).optional(),
  })
  .strict()
  .refine((fields) => Object.keys(fields).length > 0, { message: profileMessages.nothingChanged });
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** PATCH /api/me/profile, PUT and DELETE /api/me/avatar: the app user as it now is. */
export const profileResponseSchema = z.object({ user: appUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** POST /api/account/email-change. */
export const emailChangeRequestSchema = z.object({
  newEmail: profileEmailSchema,
  currentPassword: z.string({ error: profileMessages.currentPasswordRequired }).min(1, { message: profileMessages.currentPasswordRequired }).max(128),
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

export const emailChangeResponseSchema = z.object({ pendingEmail: z.email() });
export type EmailChangeResponse = z.infer<typeof emailChangeResponseSchema>;

const sixDigitCode = z
  .string({ error: "Please enter the 6-digit code from your email." })
  .trim()
  .regex(/^\d{6}$/, { message: "Please enter the 6-digit code from your email." });

/** POST /api/auth/email-change/confirm: the code (or link) sent to the old or the new address. */
export const emailChangeConfirmRequestSchema = z.object({ email: profileEmailSchema, code: sixDigitCode });
export type EmailChangeConfirmRequest = z.input<typeof emailChangeConfirmRequestSchema>;

/** `waiting`: this address is confirmed, the other is not yet; `changed`: both are, and the email changed. */
export const emailChangeConfirmResponseSchema = z.object({ status: z.enum(["waiting", "changed"]) });
export type EmailChangeConfirmResponse = z.infer<typeof emailChangeConfirmResponseSchema>;

/** POST /api/auth/email-change/resend: a new code to one address of a pending change (the same answer whether or not there is one). */
export const emailChangeResendRequestSchema = z.object({ email: profileEmailSchema });
export const emailChangeResendResponseSchema = z.object({ ok: z.literal(true) });

/** GET /api/account/sessions: the account's signed-in sessions, newest activity first. */
export const accountSessionSchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastActiveAt: z.iso.datetime({ offset: true }),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** POST /api/account/sessions/sign-out-others. */
export const signOutOthersResponseSchema = z.object({ signedOut: z.number().int().nonnegative() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;

/** POST /api/account/close: the password again, then everything of the account is deleted. */
export const closeAccountRequestSchema = z.object({
  password: z.string({ error: profileMessages.passwordRequired }).min(1, { message: profileMessages.passwordRequired }).max(128),
});
export type CloseAccountRequest = z.input<typeof closeAccountRequestSchema>;
export const closeAccountResponseSchema = z.object({ closed: z.literal(true) });
