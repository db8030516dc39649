import type { AuthMethod } from "../../shared/organizations";

/**
 * Free-mail providers: an address there says nothing about where a person works, so it never
 * names an organization after its domain nor groups strangers into one.
 */
export const freeMailDomains: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "ymail.com",
  "rocketmail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "zoho.com",
  "yandex.com",
  "fastmail.com",
  "hey.com",
  "comcast.net",
  "att.net",
  "verizon.net",
  "sbcglobal.net",
]);

export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase();
}

export function isFreeMailDomain(domain: string): boolean {
  return freeMailDomains.has(domain.toLowerCase());
}

/** Second-level labels under which registrable names sit one level deeper (clinic.co.uk, clinic.com.au). */
const secondLevelLabels = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "med", "nhs"]);

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The name a new organization gets: from the company's email domain (bluevalley-health.com →
 * "Bluevalley Health"), or "<Name>'s practice" for free-mail addresses, the email's local part
 * standing in for a missing name.
 */
export function organizationNameFor(person: { email: string; name: string | null }): string {
  const domain = domainOf(person.email);
  if (isFreeMailDomain(domain)) {
    const name = person.name?.trim() || person.email.slice(0, person.email.lastIndexOf("@"));
    return `${name}'s practice`;
  }
  const labels = domain.split(".");
  const registrable = labels.length >= 3 && secondLevelLabels.has(labels.at(-2)!) ? labels.at(-3)! : (labels.at(-2) ?? labels[0]!);
  return registrable.split(/[-_]+/).filter(Boolean).map(capitalized).join(" ");
}

/** How a session was made: recorded on it (sessions.sign_in_method) and judged by the organization's methods. */
export const signInMethods = ["password", "code", "google", "microsoft", "invitation_password", "invitation_code"] as const;
export type SignInMethod = (typeof signInMethods)[number];

export function isSignInMethod(value: unknown): value is SignInMethod {
  return typeof value === "string" && (signInMethods as readonly string[]).includes(value);
}

/**
 * Which of the organization's Authentication Methods a sign-in counts as. A password, an emailed
 * code or link, and Google all prove the email address: "email" methods; Microsoft is Azure AD.
 */
export function authMethodOf(method: SignInMethod): AuthMethod {
  return method === "microsoft" ? "azure_ad" : "email_password";
}

export interface SignInPolicy {
  emailPasswordEnabled: boolean;
  azureAdEnabled: boolean;
  azureTenantIds: readonly string[];
}

export type SignInRefusal = "requires_microsoft" | "microsoft_not_allowed" | "tenant_not_allowed";

/**
 * Whether an organization's methods admit a sign-in; `tenantId` is the Microsoft token's tid
 * (checked only when the organization lists tenants).
 */
export function signInRefusal(policy: SignInPolicy, method: SignInMethod, tenantId?: string | null): SignInRefusal | undefined {
  if (authMethodOf(method) === "email_password") return policy.emailPasswordEnabled ? undefined : "requires_microsoft";
  if (!policy.azureAdEnabled) return "microsoft_not_allowed";
  if (tenantId !== undefined && policy.azureTenantIds.length > 0 && !(tenantId && policy.azureTenantIds.includes(tenantId.toLowerCase()))) {
    return "tenant_not_allowed";
  }
  return undefined;
}

/**
 * After an email change: the membership stays when the domain did not change or the organization
 * verified the new one; otherwise it moves (spec: to the organization of the new domain, or a new one).
 */
export function keepsMembershipAfterEmailChange(input: { oldEmail: string; newEmail: string; organizationVerifiedDomains: readonly string[] }): boolean {
  const newDomain = domainOf(input.newEmail);
  return newDomain === domainOf(input.oldEmail) || input.organizationVerifiedDomains.includes(newDomain);
}
