import { APIError } from "better-auth/api";
import { isSignInMethod, signInRefusal, type SignInMethod, type SignInRefusal } from "../../core/organizations/membership-rules";
import { ACCOUNT_DISABLED, adminMessages } from "../../shared/admin";
import { AZURE_TENANT_NOT_ALLOWED, SIGN_IN_METHOD_NOT_ALLOWED, signInPolicyMessages } from "../../shared/organizations";
import type { Database } from "../db/client";
import { policyOf, type MembershipsService } from "../modules/organizations/memberships.service";
import { createOrganizationsRepo } from "../modules/organizations/organizations.repo";
import { noteRefusedSignIn } from "./sign-in-attempt";
import { secondStepPaths, type FirstStepMethods } from "./two-factor";

/** What Better Auth's hooks tell us about the endpoint at work (its route path and parameters). */
interface EndpointContext {
  path?: string;
  params?: Record<string, string | undefined>;
  body?: unknown;
}

/** The provider a Google or Microsoft sign-in is with: its callback's, or the one named with an ID token at `/sign-in/social`. */
function providerOf(context: EndpointContext | null | undefined): unknown {
  const path = context?.path ?? "";
  if (path === "/sign-in/social") return (context?.body as { provider?: unknown } | undefined)?.provider;
  if (path.startsWith("/callback/") || path.startsWith("/oauth2/callback/")) return context?.params?.id ?? context?.params?.providerId;
  return undefined;
}

const refusalMessages: Record<SignInRefusal, string> = {
  requires_microsoft: signInPolicyMessages.requiresMicrosoft,
  microsoft_not_allowed: signInPolicyMessages.microsoftNotAllowed,
  tenant_not_allowed: signInPolicyMessages.tenantNotAllowed,
};

const refusalCode = (refusal: SignInRefusal) => (refusal === "tenant_not_allowed" ? AZURE_TENANT_NOT_ALLOWED : SIGN_IN_METHOD_NOT_ALLOWED);

/**
 * How a session is being made: our server-only invitation endpoint says so itself; otherwise the
 * endpoint tells — a password, a provider's callback or ID token, or (every other path that signs
 * in: email codes and links, verification) an emailed code.
 */
export function signInMethodOf(session: { signInMethod?: unknown }, context: EndpointContext | null | undefined): SignInMethod {
  if (isSignInMethod(session.signInMethod)) return session.signInMethod;
  if (context?.path === "/sign-in/email") return "password";
  const provider = providerOf(context);
  return provider === "microsoft" || provider === "google" ? provider : "code";
}

/**
 * Each organization's Authentication Methods, enforced where Better Auth signs people in (ADR 016):
 *  - every session, whatever made it, is judged before it exists (after the password or code was
 *    checked, so a refusal tells nothing to someone who does not know them);
 *  - a provider identity (Google, Microsoft with its tenant) is judged before an account is made
 *    or linked for it, since refusing the session afterwards would leave the link behind.
 * The platform owner is never refused: they can always get in to set things right. A disabled
 * account (the platform console's ban, which cannot reach the owner) gets no session at all.
 */
export function createSignInPolicy(deps: {
  db: Database;
  memberships: MembershipsService;
  platformOwnerEmails: readonly string[];
  firstSteps: FirstStepMethods;
}) {
  const isListedOwner = (email: string) => deps.platformOwnerEmails.includes(email.toLowerCase());
  const organizationsRepo = createOrganizationsRepo(deps.db);

  return {
    /** databaseHooks.session.create.before: refuses the session, or records how it was made. */
    async judgeSession<Session extends { userId: string; signInMethod?: unknown }>(session: Session, context: EndpointContext | null | undefined) {
      // A two-factor code finishes the sign-in its password or emailed code began: the session is that method's.
      const isSecondStep = secondStepPaths.has(context?.path ?? "") && !isSignInMethod(session.signInMethod);
      const method = isSecondStep ? ((await deps.firstSteps.find(session.userId)) ?? "password") : signInMethodOf(session, context);
      const person = await organizationsRepo.findUser(session.userId);
      // Checked after the password or code, like the methods below: a refusal tells nothing to someone without them.
      if (person?.bannedAt) throw new APIError("FORBIDDEN", { code: ACCOUNT_DISABLED, message: adminMessages.accountDisabled });
      if (person && person.role !== "platform_owner" && !isListedOwner(person.email)) {
        const organization = await deps.memberships.governingOrganization(person);
        const refusal = organization && signInRefusal(policyOf(organization), method);
        if (refusal) {
          noteRefusedSignIn({ userId: person.id, organizationId: organization.id });
          throw new APIError("FORBIDDEN", { code: refusalCode(refusal), message: refusalMessages[refusal] });
        }
      }
      return { data: { ...session, signInMethod: method } };
    },

    /** user.validateUserInfo: a Google or Microsoft identity against the organizations its address belongs to. */
    async judgeProviderIdentity({
      user,
      source,
    }: {
      user: { email?: unknown };
      source: { method: string; oauth?: { providerId: string; profile?: Record<string, unknown> } };
    }) {
      const provider = source.oauth?.providerId;
      if (source.method !== "oauth" || (provider !== "google" && provider !== "microsoft") || typeof user.email !== "string") return undefined;
      if (isListedOwner(user.email)) return undefined;
      const governing = await deps.memberships.organizationsGoverningAddress(user.email);
      if (governing.isPlatformOwner) return undefined;
      const tenantId = provider === "microsoft" ? String(source.oauth?.profile?.tid ?? "") || null : undefined;
      for (const organization of governing.organizations) {
        const refusal = signInRefusal(policyOf(organization), provider, tenantId);
        if (refusal) {
          noteRefusedSignIn({ email: user.email, organizationId: organization.id });
          return { error: refusalCode(refusal), errorDescription: refusalMessages[refusal] };
        }
      }
      return undefined;
    },
  };
}

export type SignInPolicyHooks = ReturnType<typeof createSignInPolicy>;
