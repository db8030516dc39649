import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { emailOTP, genericOAuth } from "better-auth/plugins";
import { count, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { buildEmailLink, type EmailLinkType } from "../../shared/auth-links";
import { paths } from "../../shared/paths";
import type { SiteConfig, SocialProvider } from "../../shared/site-config";
import { platformRoleFor } from "../../core/access/platform-role";
import type { Mailer } from "../adapters/mail/mailer";
import type { Database } from "../db/client";
import * as schema from "../db/schema/index";
import type { Env } from "../env";
import { CLIENT_IP_HEADER } from "../http/client-ip";
import { authCodeEmail, existingAccountEmail, type AuthCodePurpose } from "../modules/mail/auth-emails";
import type { MembershipsService } from "../modules/organizations/memberships.service";
import { invitationSignIn } from "./invitation-sign-in";
import { createSignInPolicy } from "./sign-in-policy";
import { createSignInAudit } from "./sign-in-audit";
import { createTrustedDevicesForgetting } from "./trusted-devices";
import { createFirstStepMethods, twoFactorEndpointPaths, twoFactorSignIn } from "./two-factor";
import type { AuditService } from "../modules/audit/audit.service";
import { profileLimits, profileMessages } from "../../shared/profile";
import { findPracticeNameProblem } from "../../shared/organizations";

export const AUTH_CODE_TTL_MINUTES = 10;
export const AUTH_CODE_ATTEMPTS = 5;
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
export const RESET_PASSWORD_MIN_LENGTH = 8;
const OIDC_SCOPES = ["openid", "profile", "email"];

const linkTypeByPurpose: Record<AuthCodePurpose, EmailLinkType> = {
  "sign-in": "magic_link",
  "email-verification": "signup",
  "forget-password": "recovery",
  "change-email": "email_change",
};

export interface AuthDeps {
  env: Env;
  db: Database;
  mailer: Mailer;
  logger: Logger;
  site: SiteConfig;
  secret: string;
  memberships: MembershipsService;
  audit: AuditService;
}

/** Google by OpenID Connect discovery (generic OAuth). */
function googleProvider(env: Env) {
  const google = env.auth.google;
  return google
    ? [
        {
          providerId: "google",
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          discoveryUrl: google.discoveryUrl,
          scopes: OIDC_SCOPES,
          pkce: true,
        },
      ]
    : [];
}

/**
 * Microsoft by Better Auth's own provider: a multi-tenant Entra ID token's issuer names its own
 * tenant, which generic discovery cannot check (ADR 016). No profile photo: it would call
 * Microsoft Graph at every sign-in.
 */
function microsoftProvider(env: Env) {
  const microsoft = env.auth.microsoft;
  return microsoft
    ? {
        microsoft: {
          clientId: microsoft.clientId,
          clientSecret: microsoft.clientSecret,
          tenantId: microsoft.tenantId,
          authority: microsoft.authority,
          disableDefaultScope: true,
          scope: OIDC_SCOPES,
          disableProfilePhoto: true,
        },
      }
    : {};
}

export function enabledSocialProviders(env: Env): SocialProvider[] {
  return [...(env.auth.google ? (["google"] as const) : []), ...(env.auth.microsoft ? (["microsoft"] as const) : [])];
}

async function isFirstAccount(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(schema.users);
  return (row?.total ?? 0) === 0;
}

export function createAuth({ env, db, mailer, logger, site, secret, memberships, audit }: AuthDeps) {
  const firstSteps = createFirstStepMethods(db);
  const policy = createSignInPolicy({ db, memberships, platformOwnerEmails: env.auth.platformOwnerEmails, firstSteps });
  const signInAudit = createSignInAudit(audit, firstSteps);
  const trustedDevices = createTrustedDevicesForgetting(db);
  const twoFactorPlugin = twoFactorSignIn(async (context, outcome) => {
    if (outcome.isChallenged) await firstSteps.remember(outcome.userId, outcome.method);
    await signInAudit.firstStepPassed(context, outcome);
  });
  const sendMail = (to: string, content: Omit<Parameters<Mailer["send"]>[0], "to">) =>
    mailer.send({ to, ...content }).catch((error: unknown) => logger.error({ err: error, to }, "email could not be sent"));

  return betterAuth({
    appName: site.productName,
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.publicUrl],
    telemetry: { enabled: false },
    // A person's name and picture change only through PATCH /api/me/profile, which checks them; two-factor
    // sign-in only through /api/me/two-factor and /api/auth/two-factor, which check and record each step.
    disabledPaths: ["/update-user", ...twoFactorEndpointPaths(twoFactorPlugin)],
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `[auth] ${message}`),
    },
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    // Our own limiter (http/rate-limit.ts) covers every auth endpoint per IP and per email.
    rateLimit: { enabled: false },
    advanced: {
      // Better Auth turns this check off when NODE_ENV=test; keep it on so tests see production behaviour.
      disableOriginCheck: false,
      cookiePrefix: "clausewise",
      useSecureCookies: env.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      // The address our limiter resolved (http/client-ip.ts), set on every request we hand over.
      ipAddress: { disableIpTracking: false, ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    user: {
      additionalFields: {
        role: { type: "string", required: false, defaultValue: "user", input: false },
        // Sign-up's "Practice name": the organization made at the first sign-in takes it.
        practiceName: { type: "string", required: false, input: true },
      },
      validateUserInfo: (data) => policy.judgeProviderIdentity(data),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
      additionalFields: { signInMethod: { type: "string", required: false, input: false } },
    },
    socialProviders: microsoftProvider(env),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: SIGN_IN_PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      onExistingUserSignUp: async ({ user }) => sendMail(user.email, existingAccountEmail({ signInUrl: `${env.publicUrl}${paths.login}`, site })),
    },
    emailVerification: { autoSignInAfterVerification: true, sendOnSignIn: true },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              role: platformRoleFor({ email: user.email, isFirstAccount: await isFirstAccount(db) }, env.auth.platformOwnerEmails),
            },
          }),
        },
        // A changed address moves the membership; the account module's two-sided email change calls the same move itself.
        update: { after: (user) => memberships.moveAfterEmailChange(user.id) },
      },
      session: {
        create: {
          before: (session, context) => policy.judgeSession(session, context),
          // The console's last sign-in; and an address added to PLATFORM_OWNER_EMAILS later is promoted at its next sign-in.
          after: async (session, context) => {
            await signInAudit.sessionCreated(session, context);
            await db
              .update(schema.users)
              .set({ lastSignInAt: session.createdAt, updatedAt: sql`${schema.users.updatedAt}` })
              .where(eq(schema.users.id, session.userId));
            if (env.auth.platformOwnerEmails.length === 0) return;
            const [user] = await db.select().from(schema.users).where(eq(schema.users.id, session.userId));
            if (user && user.role !== "platform_owner" && env.auth.platformOwnerEmails.includes(user.email.toLowerCase())) {
              await db.update(schema.users).set({ role: "platform_owner" }).where(eq(schema.users.id, user.id));
            }
          },
        },
      },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        await trustedDevices.afterEndpoint(ctx);
        await signInAudit.afterEndpoint(ctx);
      }),
      before: createAuthMiddleware(async (ctx) => {
        await signInAudit.beforeEndpoint(ctx);
        const password = (ctx.body as { password?: unknown } | undefined)?.password;
        const name = (ctx.body as { name?: unknown } | undefined)?.name;
        if (ctx.path === "/sign-up/email" && typeof name === "string" && name.trim().length > profileLimits.displayNameMax) {
          throw new APIError("BAD_REQUEST", { code: "NAME_TOO_LONG", message: profileMessages.displayNameTooLong });
        }
        const practiceName = (ctx.body as { practiceName?: unknown } | undefined)?.practiceName;
        const practiceNameProblem = ctx.path === "/sign-up/email" ? findPracticeNameProblem(practiceName) : undefined;
        if (practiceNameProblem) throw new APIError("BAD_REQUEST", { code: "INVALID_PRACTICE_NAME", message: practiceNameProblem });
        if (ctx.path === "/email-otp/reset-password" && typeof password === "string" && password.length < RESET_PASSWORD_MIN_LENGTH) {
          throw new APIError("BAD_REQUEST", {
            code: "PASSWORD_TOO_SHORT",
            message: `Password must be at least ${RESET_PASSWORD_MIN_LENGTH} characters long.`,
          });
        }
      }),
    },
    plugins: [
      emailOTP({
        otpLength: 6,
        expiresIn: AUTH_CODE_TTL_MINUTES * 60,
        allowedAttempts: AUTH_CODE_ATTEMPTS,
        storeOTP: "hashed",
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        async sendVerificationOTP({ email, otp, type }) {
          const link = buildEmailLink(env.publicUrl, { type: linkTypeByPurpose[type], email, code: otp });
          await sendMail(email, authCodeEmail({ purpose: type, code: otp, link, expiresInMinutes: AUTH_CODE_TTL_MINUTES, site }));
        },
      }),
      genericOAuth({ config: googleProvider(env) }),
      invitationSignIn(),
      twoFactorPlugin,
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
