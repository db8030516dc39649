import { paths } from "../../../shared/paths";
import type { SocialProvider } from "../../../shared/site-config";
import type { EmailChangeConfirmRequest, EmailChangeConfirmResponse } from "../../../shared/contracts/account";
import type { EmailLinkSignInRequest, EmailLinkSignInResponse } from "../../../shared/contracts/auth";
import type { TwoFactorSignInRequest, TwoFactorSignInResponse } from "../../../shared/contracts/two-factor";
import { apiRequest } from "../../lib/api-client";

/** Every sign-in, code and password call the auth pages make (Better Auth under /api/auth). */
export type CodePurpose = "sign-in" | "email-verification" | "forget-password";

export const authApi = {
  signIn: (email: string, password: string) => apiRequest("/api/auth/sign-in/email", { body: { email, password } }),
  /** `practiceName` names the organization made at the first sign-in. */
  signUp: (person: { email: string; password: string; name: string; practiceName: string }, callbackURL: string = paths.app) =>
    apiRequest("/api/auth/sign-up/email", { body: { ...person, callbackURL } }),
  /** Emails a 6-digit code (and its link) for signing in, verifying the address, or resetting the password. */
  sendCode: (email: string, purpose: CodePurpose) =>
    purpose === "forget-password"
      ? // The same as /forget-password/email-otp, which Better Auth deprecates.
        apiRequest("/api/auth/email-otp/request-password-reset", { body: { email } })
      : apiRequest("/api/auth/email-otp/send-verification-otp", { body: { email, type: purpose } }),
  signInWithCode: (email: string, otp: string) => apiRequest("/api/auth/sign-in/email-otp", { body: { email, otp } }),
  verifyEmailWithCode: (email: string, otp: string) => apiRequest("/api/auth/email-otp/verify-email", { body: { email, otp } }),
  /** Checks a reset code without using it up, so the password can be chosen on the next page. */
  checkResetCode: (email: string, otp: string) => apiRequest("/api/auth/email-otp/check-verification-otp", { body: { email, otp, type: "forget-password" } }),
  resetPassword: (email: string, otp: string, password: string) => apiRequest("/api/auth/email-otp/reset-password", { body: { email, otp, password } }),
  /** Answers the provider's URL; the caller sends the browser there. A failure returns to `errorCallbackURL` (default /auth/error) with `error` and `error_description`. */
  socialSignIn: (provider: SocialProvider, options: { callbackURL: string; errorCallbackURL?: string; loginHint?: string }) =>
    apiRequest<{ url: string }>("/api/auth/sign-in/social", {
      body: {
        provider,
        callbackURL: options.callbackURL,
        errorCallbackURL: options.errorCallbackURL ?? paths.authError,
        loginHint: options.loginHint || undefined,
      },
    }),
  /** Signs in with an email link's code once the person confirmed it on /auth/open; answers where to go next. */
  signInWithEmailLink: (link: EmailLinkSignInRequest) => apiRequest<EmailLinkSignInResponse>("/api/auth/email-link", { body: link }),
  /** Confirms one address of a pending email change with the code emailed to it (no session needed); the change is made once both are. */
  confirmEmailChange: (email: string, code: string) =>
    apiRequest<EmailChangeConfirmResponse>("/api/auth/email-change/confirm", { body: { email, code } satisfies EmailChangeConfirmRequest }),
  /** Emails a fresh code to one address of a pending email change. */
  resendEmailChangeCode: (email: string) => apiRequest("/api/auth/email-change/resend", { body: { email } }),
  /** A sign-in's second step: an authenticator code or a recovery code; `trustDevice` skips it on this browser for 30 days. */
  finishTwoFactorSignIn: (request: TwoFactorSignInRequest) => apiRequest<TwoFactorSignInResponse>("/api/auth/two-factor", { body: request }),
  signOut: () => apiRequest("/api/auth/sign-out", { body: {} }),
  signOutEverywhere: () => apiRequest("/api/auth/revoke-sessions", { body: {} }),
};
