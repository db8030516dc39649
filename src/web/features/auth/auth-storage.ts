/**
 * What the sign-in pages keep in the browser: the last sign-in method (local), the checkout a
 * visitor chose before signing in (local), and the email and code of a password reset in
 * progress (this tab only). Every read and write fails soft (lib/browser-storage).
 */
import { readStored as read, writeStored as write } from "../../lib/browser-storage";

export const LAST_SIGN_IN_METHOD_KEY = "last_sign_in_method";
export const PENDING_CHECKOUT_KEY = "pending_checkout";
export const PASSWORD_RESET_KEY = "password_reset";
export const FROM_EMAIL_AUTH_KEY = "from_email_auth";

/** `azure` is Microsoft's work-account sign-in. */
export type SignInMethod = "google" | "azure" | "password";

export interface PendingCheckout {
  plan?: "basic" | "pro";
  purchase?: "credit";
}

export interface PasswordReset {
  email: string;
  code: string;
}

export function readLastSignInMethod(): SignInMethod | null {
  const value = read("local", LAST_SIGN_IN_METHOD_KEY);
  return value === "google" || value === "azure" || value === "password" ? value : null;
}

export function rememberSignInMethod(method: SignInMethod): void {
  write("local", LAST_SIGN_IN_METHOD_KEY, method);
}

/** plan=basic|pro and purchase=credit from /login's query, or null when neither is there. */
export function pendingCheckoutFrom(params: URLSearchParams): PendingCheckout | null {
  const plan = params.get("plan");
  const purchase = params.get("purchase");
  const checkout: PendingCheckout = {};
  if (plan === "basic" || plan === "pro") checkout.plan = plan;
  if (purchase === "credit") checkout.purchase = purchase;
  return checkout.plan || checkout.purchase ? checkout : null;
}

/** Kept until billing takes it after sign-in. */
export function rememberPendingCheckout(checkout: PendingCheckout): void {
  write("local", PENDING_CHECKOUT_KEY, JSON.stringify(checkout));
}

/** Billing, after sign-in: the checkout chosen before it, forgotten as it is read. */
export function takePendingCheckout(): PendingCheckout | null {
  const raw = read("local", PENDING_CHECKOUT_KEY);
  write("local", PENDING_CHECKOUT_KEY, null);
  try {
    const parsed: unknown = JSON.parse(raw ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { plan, purchase } = parsed as Record<string, unknown>;
    return pendingCheckoutFrom(new URLSearchParams({ ...(typeof plan === "string" ? { plan } : {}), ...(typeof purchase === "string" ? { purchase } : {}) }));
  } catch {
    return null;
  }
}

export function readPasswordReset(): PasswordReset | null {
  try {
    const parsed: unknown = JSON.parse(read("session", PASSWORD_RESET_KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { email, code } = parsed as Record<string, unknown>;
    return typeof email === "string" && email && typeof code === "string" && /^\d{6}$/.test(code) ? { email, code } : null;
  } catch {
    return null;
  }
}

export function rememberPasswordReset(reset: PasswordReset): void {
  write("session", PASSWORD_RESET_KEY, JSON.stringify(reset));
}

/** Forgets the reset in progress and the "came from an email link" flag. */
export function clearPasswordReset(): void {
  write("session", PASSWORD_RESET_KEY, null);
  clearFromEmailAuth();
}

export function markFromEmailAuth(): void {
  write("local", FROM_EMAIL_AUTH_KEY, "true");
}

/** Whether the person arrived through an email link that signed them in (the invitation page then asks for a password). */
export function isFromEmailAuth(): boolean {
  return read("local", FROM_EMAIL_AUTH_KEY) === "true";
}

export function clearFromEmailAuth(): void {
  write("local", FROM_EMAIL_AUTH_KEY, null);
}
