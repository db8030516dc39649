import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import { and, desc, eq, gt } from "drizzle-orm";
import { isSignInMethod, type SignInMethod } from "../../core/organizations/membership-rules";
import { paths, withQuery } from "../../shared/paths";
import { RECOVERY_CODE_COUNT, TRUSTED_DEVICE_DAYS } from "../../shared/two-factor";
import type { Database } from "../db/client";
import { users, verifications } from "../db/schema/index";
import { INVITATION_SIGN_IN_PATH } from "./invitation-sign-in";

/** Where Google and Microsoft send the browser back: Better Auth's callback, answered with a redirect. */
const PROVIDER_CALLBACK_PATH = "/callback/:id";

/**
 * Every endpoint that makes a session from a first step: a password, an emailed code (typed, or
 * confirmed from a link), an invitation's token or code, a Google or Microsoft identity (the
 * callback, or an ID token given to `/sign-in/social`). Better Auth's plugin asks for the second
 * step after a password only; the same check runs after each of these (ADR 029, ADR 039).
 */
export const firstStepPaths = new Set([
  "/sign-in/email",
  "/sign-in/email-otp",
  "/email-otp/verify-email",
  INVITATION_SIGN_IN_PATH,
  "/sign-in/social",
  PROVIDER_CALLBACK_PATH,
]);

/** Better Auth's endpoints that finish a sign-in's second step; the session they make is judged with the first step's method. */
export const secondStepPaths = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/** How long the first step's method is kept for the second: Better Auth's challenge lasts 10 minutes. */
const CHALLENGE_MINUTES = 10;
const firstStepKey = (userId: string) => `two-factor-first-step:${userId}`;

const replacingSession = new AsyncLocalStorage<true>();

/**
 * Runs a Better Auth call that replaces the caller's session (turning two-factor sign-in on or
 * off does): the new session is the same person going on, not a sign-in to record.
 */
export function withSessionReplaced<T>(work: () => Promise<T>): Promise<T> {
  return replacingSession.run(true, work);
}

export function isSessionBeingReplaced(): boolean {
  return replacingSession.getStore() === true;
}

export interface FirstStepOutcome {
  userId: string;
  method: SignInMethod;
  /** True: the browser was asked for a code; false: a trusted device went straight in. */
  isChallenged: boolean;
}

interface FirstStepSession {
  user: { id: string; twoFactorEnabled?: boolean | null };
  session: { signInMethod?: unknown };
}

/** The first step's method, kept for the session the second step makes (the first step's session is deleted when a code is asked for). */
export function createFirstStepMethods(db: Database) {
  return {
    async remember(userId: string, method: SignInMethod): Promise<void> {
      await db
        .insert(verifications)
        .values({ id: randomUUID(), identifier: firstStepKey(userId), value: method, expiresAt: new Date(Date.now() + CHALLENGE_MINUTES * 60_000) });
    },
    async find(userId: string): Promise<SignInMethod | undefined> {
      const [row] = await db
        .select({ value: verifications.value })
        .from(verifications)
        .where(and(eq(verifications.identifier, firstStepKey(userId)), gt(verifications.expiresAt, new Date())))
        .orderBy(desc(verifications.createdAt))
        .limit(1);
      return isSignInMethod(row?.value) ? row.value : undefined;
    },
    /** Whether a session about to be made by a first step waits for a code instead (the person has two-factor sign-in on). */
    async hasTwoFactor(userId: string): Promise<boolean> {
      const [row] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
      return row?.twoFactorEnabled === true;
    },
  };
}

export type FirstStepMethods = ReturnType<typeof createFirstStepMethods>;

/**
 * Where a provider's callback was sending the browser (the sign-in's `callbackURL`), as a path of
 * this site for the code page to go on to; anywhere else, the app.
 */
export function returnPathOf(returned: unknown, baseUrl: string): string {
  const location = isAPIError(returned) ? new Headers(returned.headers).get("location") : null;
  if (!location) return paths.app;
  const target = new URL(location, baseUrl);
  return target.origin === new URL(baseUrl).origin ? `${target.pathname}${target.search}${target.hash}` : paths.app;
}

/**
 * Better Auth's two-factor plugin (authenticator codes, recovery codes, trusted devices) with its
 * after-sign-in check widened to `firstStepPaths`, and `onFirstStep` told what it decided: the
 * audit log's "code asked for", or a sign-in through a trusted device. A provider's callback is a
 * browser's redirect, not a JSON call: when it is asked for a code, it is sent to the code page,
 * which goes on to where the sign-in was going.
 */
export function twoFactorSignIn(onFirstStep: (context: { headers?: Headers; request?: Request }, outcome: FirstStepOutcome) => Promise<void>) {
  const plugin = twoFactor({
    // Accounts that sign in with emailed codes alone have no password to give; those that have one must give it.
    allowPasswordless: true,
    trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
    backupCodeOptions: { amount: RECOVERY_CODE_COUNT },
  });
  const [challenge] = plugin.hooks.after;
  if (!challenge) throw new Error("Better Auth's two-factor plugin no longer checks sign-ins in an after hook");
  const isFirstStep = (context: { path?: string }) => firstStepPaths.has(context.path ?? "");
  const isProviderCallback = (context: { path?: string }) => context.path === PROVIDER_CALLBACK_PATH;
  // The request's own context object: the same for every hook of one request, a new one for the next.
  const signedInFirst = new WeakMap<object, FirstStepSession & { returned: unknown }>();

  return {
    ...plugin,
    hooks: {
      after: [
        {
          matcher: isFirstStep,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession as FirstStepSession | null;
            if (made?.user.twoFactorEnabled) signedInFirst.set(ctx.context, { ...made, returned: ctx.context.returned });
          }),
        },
        { matcher: isFirstStep, handler: challenge.handler },
        {
          matcher: isFirstStep,
          handler: createAuthMiddleware(async (ctx) => {
            const made = signedInFirst.get(ctx.context);
            if (!made) return;
            const method = isSignInMethod(made.session.signInMethod) ? made.session.signInMethod : "password";
            await onFirstStep(ctx, { userId: made.user.id, method, isChallenged: ctx.context.newSession === null });
          }),
        },
        {
          matcher: isProviderCallback,
          handler: createAuthMiddleware(async (ctx) => {
            const made = signedInFirst.get(ctx.context);
            if (!made || ctx.context.newSession !== null) return;
            throw ctx.redirect(withQuery(paths.authTwoFactor, { redirect: returnPathOf(made.returned, ctx.context.baseURL) }));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** Better Auth's two-factor endpoints: none is reachable from a browser; our routes call them (ADR 029). */
export function twoFactorEndpointPaths(plugin: ReturnType<typeof twoFactorSignIn>): string[] {
  return Object.values(plugin.endpoints)
    .map((endpoint) => (endpoint as { path?: string }).path)
    .filter((path): path is string => typeof path === "string");
}
