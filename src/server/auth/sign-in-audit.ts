import { getSessionFromCtx, isAPIError } from "better-auth/api";
import type { AuditAction } from "../../shared/audit";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import type { AuditService } from "../modules/audit/audit.service";
import { refusedSignIn } from "./sign-in-attempt";
import { signInMethodOf } from "./sign-in-policy";
import { firstStepPaths, isSessionBeingReplaced, type FirstStepMethods, type FirstStepOutcome } from "./two-factor";

/** What Better Auth's hooks give us about the request at work. */
interface HookContext {
  path?: string;
  body?: unknown;
  headers?: Headers;
  request?: Request;
  params?: Record<string, string | undefined>;
  context?: { returned?: unknown; session?: { user: { id: string } } | null };
}

/** Where a request came from, as our limiter resolved it (app.ts hands Better Auth the client address and request id). */
export function requestOf(context: HookContext | null | undefined) {
  const headers = context?.headers ?? context?.request?.headers;
  return {
    ip: headers?.get(CLIENT_IP_HEADER) ?? null,
    userAgent: headers?.get("user-agent") ?? null,
    requestId: headers?.get("x-request-id") ?? null,
  };
}

/** The error a provider callback's redirect carries (Better Auth answers every callback failure that way), if any. */
function callbackErrorOf(returned: { headers?: HeadersInit }): string | undefined {
  const location = new Headers(returned.headers).get("location");
  if (!location) return undefined;
  return new URL(location, "http://callback.invalid").searchParams.get("error") ?? undefined;
}

const isProviderCallback = (path: string) => path.startsWith("/callback/") || path.startsWith("/oauth2/callback/");

/** Endpoints where a person proves who they are; a refusal there is a failed sign-in. */
const signInPaths = new Set(["/sign-in/email", "/sign-in/email-otp", "/email-otp/verify-email"]);

function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" && email.length <= 254 ? email.trim() : undefined;
}

/**
 * Better Auth's hooks feeding the audit log (issue 19): each session made is a sign-in with its
 * method; a refused sign-in is a failed one (with the refusal's code, never what was typed but
 * the address); sign-out, password reset and password change. Recording never fails the request.
 */
export function createSignInAudit(audit: AuditService, firstSteps: Pick<FirstStepMethods, "hasTwoFactor">) {
  /**
   * A Google or Microsoft sign-in that came back without a session: the provider's error, a state
   * that does not match the browser's, or an identity the organization's sign-in methods refuse
   * (then named, and in that organization's log). Anyone else is known by address only.
   */
  async function providerSignInFailed(ctx: HookContext, errorCode: string) {
    const request = requestOf(ctx);
    const attempt = refusedSignIn();
    const who = attempt.userId ? { userId: attempt.userId } : attempt.email ? { email: attempt.email } : undefined;
    const failure = { method: signInMethodOf({}, ctx), errorCode };
    if (!who) {
      await audit.recordAnonymousAttempt(request, "auth.sign-in-failed", { type: "user" }, failure);
      return;
    }
    const actor = await audit.actorFor(who, request);
    await audit.record(actor, "auth.sign-in-failed", { type: "user", id: actor.userId, name: actor.email }, failure, {
      outcome: "failed",
      organizationId: attempt.organizationId ?? actor.organizationId,
    });
  }

  return {
    /** databaseHooks.session.create.after */
    async sessionCreated(
      session: { userId: string; signInMethod?: unknown; ipAddress?: string | null; userAgent?: string | null },
      context: HookContext | null,
    ) {
      if (isSessionBeingReplaced()) return;
      // A first step for someone with two-factor sign-in: firstStepPassed records what came of it.
      if (firstStepPaths.has(context?.path ?? "") && (await firstSteps.hasTwoFactor(session.userId))) return;
      const request = requestOf(context);
      const actor = await audit.actorFor(
        { userId: session.userId },
        { ...request, ip: request.ip ?? session.ipAddress ?? null, userAgent: request.userAgent ?? session.userAgent ?? null },
      );
      await audit.record(actor, "auth.sign-in", { type: "user", id: session.userId, name: actor.email }, { method: signInMethodOf(session, context) });
    },

    /** The two-factor plugin's check after a first step: a code was asked for, or a trusted device signed in without one. */
    async firstStepPassed(context: HookContext, { userId, method, isChallenged }: FirstStepOutcome) {
      const actor = await audit.actorFor({ userId }, requestOf(context));
      const target = { type: "user", id: userId, name: actor.email } as const;
      if (isChallenged) await audit.record(actor, "auth.two-factor-challenged", target, { method });
      else await audit.record(actor, "auth.sign-in", target, { method, trustedDevice: true });
    },

    /** hooks.before: sign-out (here, or everywhere: the menu's "Sign out everywhere") is recorded while the session is still there to name who. */
    async beforeEndpoint(ctx: HookContext) {
      if (ctx.path !== "/sign-out" && ctx.path !== "/revoke-sessions") return;
      const session = await getSessionFromCtx(ctx as Parameters<typeof getSessionFromCtx>[0]).catch(() => null);
      if (!session) return;
      const actor = await audit.actorFor({ userId: session.user.id }, requestOf(ctx));
      const details = ctx.path === "/revoke-sessions" ? { reason: "every session" } : {};
      await audit.record(actor, "auth.sign-out", { type: "session", id: session.session.id, name: actor.email }, details);
    },

    /** hooks.after: what an endpoint's answer tells. */
    async afterEndpoint(ctx: HookContext) {
      const path = ctx.path ?? "";
      const returned = ctx.context?.returned;
      const failed = isAPIError(returned);
      const request = requestOf(ctx);
      const email = emailOf(ctx.body);
      if (signInPaths.has(path) && failed && email) {
        const actor = await audit.actorFor({ email }, request);
        const errorCode = (returned.body as { code?: unknown } | undefined)?.code;
        await audit.record(
          actor,
          "auth.sign-in-failed",
          { type: "user", id: actor.userId, name: email.toLowerCase() },
          { method: signInMethodOf({}, ctx), errorCode: typeof errorCode === "string" ? errorCode : returned.status },
          { outcome: "failed" },
        );
        return;
      }
      if (isProviderCallback(path) && failed) {
        const errorCode = callbackErrorOf(returned);
        if (errorCode) await providerSignInFailed(ctx, errorCode);
        return;
      }
      if (failed) return;
      const byEmail: Record<string, AuditAction> = { "/email-otp/reset-password": "auth.password-reset" };
      if (byEmail[path] && email) {
        const actor = await audit.actorFor({ email }, request);
        if (actor.userId) await audit.record(actor, byEmail[path], { type: "user", id: actor.userId, name: actor.email });
        return;
      }
      const userId = ctx.context?.session?.user.id;
      if (path === "/change-password" && userId) {
        const actor = await audit.actorFor({ userId }, request);
        await audit.record(actor, "auth.password-changed", { type: "user", id: userId, name: actor.email });
      }
    },
  };
}
