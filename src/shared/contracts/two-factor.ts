import { z } from "zod";

const code = z.string().trim().min(6, "Enter the 6-digit code from your authenticator app.").max(32);
/** A password is needed only by accounts that have one; those that sign in with emailed codes alone send none. */
const password = z.string().max(128).optional();

/** GET /api/me/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The organization (or, for owners, the platform) requires it. */
  required: z.boolean(),
  /** Whether turning it on, regenerating codes or turning it off asks for the account's password. */
  hasPassword: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/me/two-factor/enable: starts the set-up; nothing is on until a code confirms it. */
export const twoFactorEnableRequestSchema = z.object({ password });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

export const twoFactorSetupSchema = z.object({
  /** The key to type into an authenticator app by hand (base32). */
  manualKey: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string().startsWith("otpauth://totp/"),
  /** The QR code as a PNG data URL, drawn on the server (no outside service sees the key). */
  qrCodeDataUrl: z.string().startsWith("data:image/png;base64,"),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/me/two-factor/confirm */
export const twoFactorConfirmRequestSchema = z.object({ code });
export type TwoFactorConfirmRequest = z.infer<typeof twoFactorConfirmRequestSchema>;

/** POST /api/me/two-factor/recovery-codes: new codes; the old ones stop working. */
export const twoFactorRecoveryCodesRequestSchema = z.object({ password });
export type TwoFactorRecoveryCodesRequest = z.infer<typeof twoFactorRecoveryCodesRequestSchema>;
export const twoFactorRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

/** POST /api/me/two-factor/disable: the password (when the account has one) and a current code. */
export const twoFactorDisableRequestSchema = z.object({ password, code });
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

/** A first step that was right for someone with two-factor sign-in on: no session yet, their code is asked for (Better Auth's answer, and ours after an invitation). */
export const twoFactorChallengeSchema = z.object({ twoFactorRedirect: z.literal(true) });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/auth/two-factor: the second step of a sign-in, an authenticator code or a recovery code. */
export const twoFactorSignInRequestSchema = z.object({ code, trustDevice: z.boolean().default(false) });
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInRequestSchema>;
export const twoFactorSignInResponseSchema = z.object({ signedIn: z.literal(true) });
export type TwoFactorSignInResponse = z.infer<typeof twoFactorSignInResponseSchema>;

export const twoFactorOkSchema = z.object({ enabled: z.boolean() });
export type TwoFactorOk = z.infer<typeof twoFactorOkSchema>;

/**
 * GET and PUT /api/organizations/:organizationId/two-factor (its admins: members must use it) and
 * /api/admin/two-factor (the platform owner: owners must use it).
 */
export const twoFactorRequirementSchema = z.object({ required: z.boolean() });
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;
