import { isAPIError } from "better-auth/api";
import QRCode from "qrcode";
import type { Actor } from "../../../core/access/actor";
import type {
  TwoFactorConfirmRequest,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorRecoveryCodes,
  TwoFactorRecoveryCodesRequest,
  TwoFactorRequirement,
  TwoFactorSetup,
  TwoFactorSignInRequest,
  TwoFactorStatus,
} from "../../../shared/contracts/two-factor";
import type { ErrorCode } from "../../../shared/errors";
import { can } from "../../../shared/access";
import { organizationMessages } from "../../../shared/organizations";
import { profileMessages } from "../../../shared/profile";
import { AUTHENTICATOR_CODE, twoFactorMessages } from "../../../shared/two-factor";
import type { Auth } from "../../auth/auth";
import { forgetTrustedDevices } from "../../auth/trusted-devices";
import { withSessionReplaced } from "../../auth/two-factor";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { AdminActions } from "../admin/admin-actions";
import type { AuditRequest, AuditService } from "../audit/audit.service";
import { createTwoFactorRepo, type TwoFactorSubject } from "./two-factor.repo";

/** Better Auth's refusals, in our codes and words; anything else is not a refusal and is thrown on. */
const refusals: Record<string, [ErrorCode, string]> = {
  INVALID_CODE: ["bad_request", twoFactorMessages.wrongCode],
  INVALID_BACKUP_CODE: ["bad_request", twoFactorMessages.wrongRecoveryCode],
  INVALID_PASSWORD: ["incorrect_password", profileMessages.incorrectPassword],
  INVALID_TWO_FACTOR_COOKIE: ["unauthenticated", twoFactorMessages.challengeExpired],
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: ["unauthenticated", twoFactorMessages.challengeExpired],
  ACCOUNT_TEMPORARILY_LOCKED: ["rate_limited", twoFactorMessages.locked],
  TOTP_ALREADY_ENABLED: ["conflict", twoFactorMessages.alreadyEnabled],
  TOTP_NOT_ENABLED: ["conflict", twoFactorMessages.notEnabled],
  TWO_FACTOR_NOT_ENABLED: ["conflict", twoFactorMessages.notEnabled],
  BACKUP_CODES_NOT_ENABLED: ["conflict", twoFactorMessages.notEnabled],
};

/** The refusal a Better Auth call ended with, as an AppError; what is not one of its known refusals goes on as it was. */
function refusalOf(error: unknown): AppError {
  const code = isAPIError(error) ? (error.body as { code?: unknown } | undefined)?.code : undefined;
  const refusal = typeof code === "string" ? refusals[code] : undefined;
  if (!refusal) throw error;
  return new AppError(...refusal);
}

async function betterAuthCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOf(error);
  }
}

const userTarget = (actor: { userId: string | null; email: string | null }) => ({ type: "user", id: actor.userId, name: actor.email }) as const;

/** The signed value of Better Auth's challenge cookie (`<id>.<signature>`): the challenge's id, to name who a failed second step was for. */
function challengeIdOf(cookieHeader: string | null, cookieName: string): string | undefined {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === cookieName) return decodeURIComponent(value.join("=")).split(".")[0];
  }
  return undefined;
}

/**
 * Two-factor sign-in (ADR 029): each step calls Better Auth's two-factor plugin with the request's
 * own cookies (its endpoints are not reachable from a browser), answers in our words, and is
 * recorded in the audit log, refusals included. Turning it off needs a current code as well as the
 * password, which Better Auth alone does not ask for.
 */
export function createTwoFactorService(deps: { db: Database; auth: Auth; audit: AuditService; adminActions: AdminActions }) {
  const { db, auth, audit } = deps;
  const twoFactorRepo = createTwoFactorRepo(db);

  /** The account's password, when it has one: checked first so that a wrong one changes nothing. */
  async function requirePassword(actor: Actor, password: string | undefined, headers: Headers) {
    if (!(await twoFactorRepo.hasPassword(actor.userId))) return;
    if (!password) throw new AppError("incorrect_password", profileMessages.incorrectPassword);
    await betterAuthCall(() => auth.api.verifyPassword({ body: { password }, headers }));
  }

  async function requireEnabled(actor: Actor, isEnabled: boolean) {
    if ((await twoFactorRepo.isEnabled(actor.userId)) !== isEnabled) {
      throw new AppError("conflict", isEnabled ? twoFactorMessages.notEnabled : twoFactorMessages.alreadyEnabled);
    }
  }

  /** A current authenticator code, or one of the recovery codes (then used up). */
  async function requireCurrentCode(code: string, headers: Headers) {
    if (AUTHENTICATOR_CODE.test(code)) await betterAuthCall(() => auth.api.verifyTOTP({ body: { code }, headers }));
    else await betterAuthCall(() => auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers }));
  }

  /** Records a step that was refused with the reason, then refuses. */
  async function refused<T>(actor: Actor, action: Parameters<AuditService["record"]>[1], step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof AppError)
        await audit.record(actor, action, userTarget(actor), { reason: error.message, errorCode: error.code }, { outcome: "failed" });
      throw error;
    }
  }

  /** Requiring it of others is for someone who uses it: they know what they ask of their members, and are not led to set it up themselves mid-change. */
  async function requireOwnTwoFactor(actor: Actor, required: boolean) {
    if (required && !(await twoFactorRepo.isEnabled(actor.userId))) throw new AppError("conflict", twoFactorMessages.setUpFirst);
  }

  async function organizationRequirementOf(actor: Actor, organizationId: string): Promise<boolean> {
    const required = can(actor, "organization.manage", { organizationId }) ? await twoFactorRepo.isOrganizationRequiring(organizationId) : undefined;
    if (required === undefined) throw new AppError("not_found", organizationMessages.organizationNotFound);
    return required;
  }

  return {
    isRequired: (subject: TwoFactorSubject) => twoFactorRepo.isRequired(subject),

    getOrganizationRequirement: async (actor: Actor, organizationId: string): Promise<TwoFactorRequirement> => ({
      required: await organizationRequirementOf(actor, organizationId),
    }),

    /** An organization's admins: its members without two-factor sign-in are led to set it up at their next request. */
    async setOrganizationRequirement(actor: Actor, organizationId: string, { required }: TwoFactorRequirement): Promise<TwoFactorRequirement> {
      await organizationRequirementOf(actor, organizationId); // 404 unless the actor manages it
      await requireOwnTwoFactor(actor, required);
      await db.transaction(async (tx) => {
        const organization = await twoFactorRepo.setOrganizationRequiring(organizationId, required, tx);
        if (!organization) return;
        await audit.record(
          actor,
          "organization.settings-changed",
          { type: "organization", id: organizationId, name: organization.name },
          { requireTwoFactor: required },
          { organizationId, tx },
        );
      });
      return { required };
    },

    getPlatformRequirement: async (): Promise<TwoFactorRequirement> => ({ required: await twoFactorRepo.isPlatformRequiringOwners() }),

    /** The platform owner: owners without two-factor sign-in are led to set it up. */
    async setPlatformRequirement(actor: Actor, { required }: TwoFactorRequirement): Promise<TwoFactorRequirement> {
      await requireOwnTwoFactor(actor, required);
      if ((await twoFactorRepo.isPlatformRequiringOwners()) === required) return { required };
      await db.transaction(async (tx) => {
        await twoFactorRepo.setPlatformRequiringOwners(required, actor.userId, tx);
        await deps.adminActions.recordAdminAction(
          actor,
          "platform.settings",
          { kind: "platform", id: "settings" },
          { requireTwoFactorForOwners: required },
          tx,
        );
      });
      return { required };
    },

    async status(actor: Actor): Promise<TwoFactorStatus> {
      const [enabled, required, hasPassword] = await Promise.all([
        twoFactorRepo.isEnabled(actor.userId),
        twoFactorRepo.isRequired(actor),
        twoFactorRepo.hasPassword(actor.userId),
      ]);
      return { enabled, required, hasPassword };
    },

    /** A new secret and recovery codes; two-factor sign-in is on only once `confirm` gets a code from them. */
    async enable(actor: Actor, { password }: TwoFactorEnableRequest, headers: Headers): Promise<TwoFactorSetup> {
      return refused(actor, "auth.two-factor-setup-started", async () => {
        await requireEnabled(actor, false);
        await requirePassword(actor, password, headers);
        const started = await betterAuthCall(() => auth.api.enableTwoFactor({ body: { password, method: "totp" }, headers }));
        if (started.method !== "totp") throw new Error("Better Auth answered an authenticator set-up without its key");
        const { totpURI, backupCodes } = started;
        const manualKey = new URL(totpURI).searchParams.get("secret") ?? "";
        const qrCodeDataUrl = await QRCode.toDataURL(totpURI, { errorCorrectionLevel: "M", margin: 2, width: 240 });
        await audit.record(actor, "auth.two-factor-setup-started", userTarget(actor));
        return { manualKey, otpauthUrl: totpURI, qrCodeDataUrl, recoveryCodes: backupCodes };
      });
    },

    /** The first code from the app turns it on; Better Auth replaces the session (its cookies are answered). */
    async confirm(actor: Actor, { code }: TwoFactorConfirmRequest, headers: Headers): Promise<Headers> {
      return refused(actor, "auth.two-factor-enabled", async () => {
        await requireEnabled(actor, false);
        if (!AUTHENTICATOR_CODE.test(code)) throw new AppError("bad_request", twoFactorMessages.wrongCode);
        const answer = await betterAuthCall(() => withSessionReplaced(() => auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })));
        await audit.record(actor, "auth.two-factor-enabled", userTarget(actor));
        return answer.headers;
      });
    },

    async regenerateRecoveryCodes(actor: Actor, { password }: TwoFactorRecoveryCodesRequest, headers: Headers): Promise<TwoFactorRecoveryCodes> {
      return refused(actor, "auth.two-factor-recovery-codes-regenerated", async () => {
        await requireEnabled(actor, true);
        await requirePassword(actor, password, headers);
        const { backupCodes } = await betterAuthCall(() => auth.api.generateBackupCodes({ body: { password }, headers }));
        await audit.record(actor, "auth.two-factor-recovery-codes-regenerated", userTarget(actor));
        return { recoveryCodes: backupCodes };
      });
    },

    /** Off with the password (when the account has one) and a current code; Better Auth replaces the session and forgets trusted devices. */
    async disable(actor: Actor, { password, code }: TwoFactorDisableRequest, headers: Headers): Promise<Headers> {
      return refused(actor, "auth.two-factor-disabled", async () => {
        await requireEnabled(actor, true);
        await requirePassword(actor, password, headers);
        await requireCurrentCode(code, headers);
        const answer = await betterAuthCall(() => withSessionReplaced(() => auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true })));
        // Turned on again later, it must ask every browser again.
        await forgetTrustedDevices(db, actor.userId);
        await audit.record(actor, "auth.two-factor-disabled", userTarget(actor));
        return answer.headers;
      });
    },

    /** A sign-in's second step: the session is made (and recorded as a sign-in) by Better Auth; a refusal is a failed sign-in of the person it was for. */
    async finishSignIn({ code, trustDevice }: TwoFactorSignInRequest, headers: Headers, request: AuditRequest): Promise<Headers> {
      // Better Auth would check the code against a session the browser already has (and could finish a set-up unrecorded): this step is for signing in only.
      if (await auth.api.getSession({ headers })) throw new AppError("conflict", twoFactorMessages.alreadySignedIn);
      const body = { code, trustDevice: trustDevice ?? false };
      const isAuthenticatorCode = AUTHENTICATOR_CODE.test(code);
      try {
        const answer = isAuthenticatorCode
          ? await auth.api.verifyTOTP({ body, headers, returnHeaders: true })
          : await auth.api.verifyBackupCode({ body, headers, returnHeaders: true });
        return answer.headers;
      } catch (error) {
        const refusal = refusalOf(error);
        const cookieName = (await auth.$context).createAuthCookie("two_factor").name;
        const challengeId = challengeIdOf(headers.get("cookie"), cookieName);
        const userId = challengeId && (await twoFactorRepo.findChallengedUserId(challengeId));
        const method = isAuthenticatorCode ? "authenticator" : "recovery-code";
        if (userId) {
          const actor = await audit.actorFor({ userId }, request);
          await audit.record(
            actor,
            "auth.sign-in-failed",
            userTarget(actor),
            { method, errorCode: refusal.code, reason: refusal.message },
            { outcome: "failed" },
          );
        } else {
          await audit.recordAnonymousAttempt(request, "auth.sign-in-failed", { type: "user" }, { method, errorCode: refusal.code });
        }
        throw refusal;
      }
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
