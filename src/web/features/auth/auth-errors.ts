import { ApiError, connectionProblem } from "../../lib/api-client";

/** Better Auth's terse code errors ("Invalid OTP") in words a person can act on. */
const codeErrorMessages: Record<string, string> = {
  INVALID_OTP: "That code isn't right. Check the newest email from us and try again.",
  OTP_EXPIRED: "This code has expired. Send a new code and try again.",
  TOO_MANY_ATTEMPTS: "Too many wrong tries for this code. Send a new code and try again.",
};

/** A code that can never work again: wrong-and-gone, expired, or out of tries. */
export function isSpentCodeError(error: unknown): boolean {
  return error instanceof ApiError && error.authCode !== undefined && error.authCode in codeErrorMessages;
}

/** The server's message for a failed code check, the connection's when there was no answer, or `fallback`. */
export function codeErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return connectionProblem(error) ?? fallback;
  return (error.authCode && codeErrorMessages[error.authCode]) || error.message || fallback;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Inline message for an email field, or undefined when it is fine. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (!email) return "Enter your email address.";
  if (!EMAIL_PATTERN.test(email)) return "Enter a valid email address, like name@practice.com.";
  return undefined;
}
