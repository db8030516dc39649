/** The sign-in pages, one lazy chunk (routes.tsx picks each by name). */
export { AuthLayout } from "./auth-layout";
export { LoginPage } from "./login-page";
export { VerifyPage } from "./verify-page";
export { CodePage } from "./code-page";
export { OpenLinkPage } from "./open-link-page";
export { HashPage } from "./hash-page";
export { AuthErrorPage } from "./auth-error-page";
export { ResetPasswordPage, NewPasswordPage } from "./set-password-page";
export { CompleteInvitePage, CompleteInviteRedirectPage } from "./complete-invite-page";
export { TwoFactorPage } from "./two-factor-page";
export { YourNamePage } from "./your-name-page";
