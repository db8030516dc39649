import { paths } from "./paths";

/**
 * Email links carry their real target in the URL hash of /auth/open, which a scanner's
 * prefetch never sends to the server; the page then follows it in the browser.
 */
export const EMAIL_LINK_PATH = "/api/auth/email-link";

export const emailLinkTypes = ["magic_link", "signup", "recovery", "email_change"] as const;
export type EmailLinkType = (typeof emailLinkTypes)[number];

export function isEmailLinkType(value: unknown): value is EmailLinkType {
  return typeof value === "string" && (emailLinkTypes as readonly string[]).includes(value);
}

/**
 * Link types that sign a person in. Following one never does: /auth/open asks "Sign in as …?" and
 * signs in with a POST from the page (login CSRF: a link to someone else's account, opened in a
 * browser that did not ask for it, would sign it in to theirs; issue 30).
 */
export const signInLinkTypes = ["magic_link", "signup"] as const satisfies readonly EmailLinkType[];
export type SignInLinkType = (typeof signInLinkTypes)[number];

export function isSignInLinkType(type: EmailLinkType): type is SignInLinkType {
  return (signInLinkTypes as readonly EmailLinkType[]).includes(type);
}

export function buildEmailLink(publicUrl: string, params: { type: EmailLinkType; email: string; code: string }): string {
  const target = new URL(EMAIL_LINK_PATH, publicUrl);
  target.search = new URLSearchParams(params).toString();
  return `${publicUrl}${paths.authOpen}#${encodeURIComponent(target.toString())}`;
}

export type EmailLinkResolution =
  | { kind: "follow"; url: string; type: Exclude<EmailLinkType, "recovery">; email: string; code: string }
  | { kind: "recovery"; email: string; code: string }
  | { kind: "bad_link" };

/** What /auth/open does with the hash it was given, on the origin it runs on. */
export function resolveEmailLink(hash: string, origin: string): EmailLinkResolution {
  let target: URL;
  try {
    target = new URL(decodeURIComponent(hash.replace(/^#/, "")));
  } catch {
    return { kind: "bad_link" };
  }
  if (target.origin !== origin || target.pathname !== EMAIL_LINK_PATH) return { kind: "bad_link" };
  const type = target.searchParams.get("type");
  const email = target.searchParams.get("email");
  const code = target.searchParams.get("code");
  if (!isEmailLinkType(type) || !email || !code || !/^\d{6}$/.test(code)) return { kind: "bad_link" };
  if (type === "recovery") return { kind: "recovery", email, code };
  return { kind: "follow", url: target.toString(), type, email, code };
}
