/** Two-factor sign-in's numbers and words, shared by the server that checks it and the pages that offer it (ADR 029). */

/** How long "Trust this device for 30 days" keeps a browser from being asked for a code. */
export const TRUSTED_DEVICE_DAYS = 30;
/** Recovery codes handed out at set-up and at each regeneration; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/** An authenticator app's code: six digits. Anything else typed at the second step is taken as a recovery code. */
export const AUTHENTICATOR_CODE = /^\d{6}$/;

export const twoFactorMessages = {
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  wrongRecoveryCode: "That recovery code is not right, or it has been used already.",
  challengeExpired: "Your sign-in took too long. Please sign in again.",
  locked: "Too many wrong codes. Two-factor sign-in for this account is paused for 15 minutes.",
  alreadyEnabled: "Two-factor sign-in is already on.",
  notEnabled: "Two-factor sign-in is not on.",
  alreadySignedIn: "You are already signed in.",
  setUpFirst: "Turn on two-factor sign-in for your own account first.",
  setupRequired: "Your organization requires two-factor sign-in. Set it up to continue.",
  ownerSetupRequired: "The platform requires two-factor sign-in for owners. Set it up to continue.",
} as const;

/** Better Auth's answer to a first step (password, emailed code) that was right when a two-factor code is still needed. */
export function isTwoFactorChallenge(response: unknown): boolean {
  return (response as { twoFactorRedirect?: unknown } | null | undefined)?.twoFactorRedirect === true;
}
