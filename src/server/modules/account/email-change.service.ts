import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { noRequest, type AuditRequest, type AuditService } from "../audit/audit.service";
import type { Actor } from "../../../core/access/actor";
import { buildEmailLink } from "../../../shared/auth-links";
import type { EmailChangeConfirmResponse } from "../../../shared/contracts/account";
import { profileMessages } from "../../../shared/profile";
import type { SiteConfig } from "../../../shared/site-config";
import type { Mailer } from "../../adapters/mail/mailer";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import { emailChangeEmail, emailChangeToAddressInUseEmail } from "../mail/auth-emails";
import type { MembershipsService } from "../organizations/memberships.service";
import { createAccountRepo, type EmailChangeRow } from "./account.repo";

export const EMAIL_CHANGE_TTL_MINUTES = 60;
/** Wrong codes for one change, both addresses together, before it is dropped. */
export const EMAIL_CHANGE_ATTEMPTS = 5;

type Side = "old" | "new";

/** Checks the person's current password (Better Auth, with the request's session); false when wrong. */
export type VerifyPassword = (password: string) => Promise<boolean>;

export interface EmailChangeDeps {
  db: Database;
  mailer: Mailer;
  memberships: Pick<MembershipsService, "moveAfterEmailChange">;
  secret: string;
  publicUrl: string;
  site: SiteConfig;
  now: () => Date;
  audit: AuditService;
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/**
 * Email change (spec section 4): asked with the current password, confirmed by a code or link sent
 * to the old address and one sent to the new, in either order; only then does the address change,
 * every other session end, and the membership move (ADR 016, ADR 018). Better Auth's own change-email,
 * which confirms only the new address, is off.
 */
export function createEmailChangeService(deps: EmailChangeDeps) {
  const { db } = deps;
  const repo = createAccountRepo(db);

  /** A code is bound to its account, its side and both addresses: a code for one change never confirms another. */
  function codeHash(change: Pick<EmailChangeRow, "userId" | "oldEmail" | "newEmail">, side: Side, code: string): string {
    return createHmac("sha256", deps.secret).update(`email-change:${change.userId}:${side}:${change.oldEmail}:${change.newEmail}:${code}`).digest("base64url");
  }

  function matches(change: EmailChangeRow, side: Side, code: string): boolean {
    const expected = Buffer.from(side === "old" ? change.oldCodeHash : change.newCodeHash);
    const given = Buffer.from(codeHash(change, side, code));
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async function sendCode(change: Pick<EmailChangeRow, "oldEmail" | "newEmail">, side: Side, code: string): Promise<void> {
    const to = side === "old" ? change.oldEmail : change.newEmail;
    const link = buildEmailLink(deps.publicUrl, { type: "email_change", email: to, code });
    await deps.mailer.send({
      to,
      ...emailChangeEmail({
        side,
        oldEmail: change.oldEmail,
        newEmail: change.newEmail,
        code,
        link,
        expiresInMinutes: EMAIL_CHANGE_TTL_MINUTES,
        site: deps.site,
      }),
    });
  }

  const expiresAt = () => new Date(deps.now().getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000);

  /** Both confirmed: the address changes, every session but the one that asked ends, the change is done. */
  async function complete(change: EmailChangeRow): Promise<void> {
    // Someone signed up with the address while the change waited: it cannot be had, the change ends.
    if (await repo.isEmailTaken(change.newEmail, change.userId)) {
      await repo.deleteEmailChange(change.userId);
      throw new AppError("conflict", profileMessages.emailInUse);
    }
    // Confirmed by codes, possibly from another device: the person is named by their account, not a request.
    const actor = await deps.audit.actorFor({ userId: change.userId }, noRequest);
    await db.transaction(async (tx) => {
      await deps.audit.record(
        actor,
        "account.email-changed",
        { type: "user", id: change.userId, name: change.newEmail },
        { previousEmail: change.oldEmail, newEmail: change.newEmail },
        { tx },
      );
      await repo.changeEmail(change.userId, change.newEmail, change.requestedBySessionId, tx);
      await repo.deleteEmailChange(change.userId, tx);
    });
    await deps.memberships.moveAfterEmailChange(change.userId);
  }

  return {
    async pendingEmailOf(userId: string): Promise<string | null> {
      const change = await repo.findPendingEmailChange(userId, deps.now());
      return change?.newEmail ?? null;
    },

    /**
     * Asks for the change, with the password: both addresses get a code and a link. An address
     * another account uses is answered the same (a different answer would tell who has an account,
     * issue 30): the change is stored and the old address gets its code, but the address's owner
     * gets a notice instead of the other code, so the change can never complete.
     */
    async request(actor: Actor, input: { newEmail: string; currentPassword: string }, verifyPassword: VerifyPassword): Promise<{ pendingEmail: string }> {
      const oldEmail = actor.email.toLowerCase();
      const { newEmail } = input;
      if (newEmail === oldEmail) throw new AppError("validation_failed", profileMessages.sameEmail);
      if (!(await verifyPassword(input.currentPassword))) throw new AppError("incorrect_password", profileMessages.incorrectPassword);
      const isTaken = await repo.isEmailTaken(newEmail, actor.userId);
      const codes = { old: newCode(), new: newCode() };
      const change = { userId: actor.userId, oldEmail, newEmail };
      const values = {
        ...change,
        oldCodeHash: codeHash(change, "old", codes.old),
        newCodeHash: codeHash(change, "new", codes.new),
        oldConfirmedAt: null,
        newConfirmedAt: null,
        failedAttempts: 0,
        requestedBySessionId: actor.sessionId,
        expiresAt: expiresAt(),
      };
      await repo.saveEmailChange(values);
      await sendCode(change, "old", codes.old);
      if (isTaken) await deps.mailer.send({ to: newEmail, ...emailChangeToAddressInUseEmail({ requestedBy: oldEmail, site: deps.site }) });
      else await sendCode(change, "new", codes.new);
      return { pendingEmail: newEmail };
    },

    /**
     * A code (typed, or from a link) for one address of a pending change. Needs no session: the
     * new address may be read on another device. Wrong codes count against every change naming
     * the address; at the limit a change is dropped.
     */
    async confirm(input: { email: string; code: string }, request: AuditRequest): Promise<EmailChangeConfirmResponse> {
      const candidates = await repo.listPendingEmailChanges(input.email, deps.now());
      for (const change of candidates) {
        const side: Side = change.oldEmail === input.email ? "old" : "new";
        if (!matches(change, side, input.code)) continue;
        const now = deps.now();
        const confirmed = await repo.updateEmailChange(change.userId, side === "old" ? { oldConfirmedAt: now } : { newConfirmedAt: now });
        if (!confirmed?.oldConfirmedAt || !confirmed.newConfirmedAt) return { status: "waiting" };
        await complete(confirmed);
        return { status: "changed" };
      }
      // A failed attempt on each change naming the address, in its account's log; never the code typed.
      for (const change of candidates) {
        const isDropped = change.failedAttempts + 1 >= EMAIL_CHANGE_ATTEMPTS;
        const actor = await deps.audit.actorFor({ userId: change.userId }, request);
        await db.transaction(async (tx) => {
          if (isDropped) await repo.deleteEmailChange(change.userId, tx);
          else await repo.updateEmailChange(change.userId, { failedAttempts: change.failedAttempts + 1 }, tx);
          await deps.audit.record(
            actor,
            "account.email-changed",
            { type: "user", id: change.userId, name: change.oldEmail },
            { newEmail: change.newEmail, reason: isDropped ? "wrong code, change cancelled" : "wrong code" },
            { tx, outcome: "failed" },
          );
        });
      }
      if (candidates.length === 0) {
        await deps.audit.recordAnonymousAttempt(
          request,
          "account.email-changed",
          { type: "user", name: input.email },
          { reason: "no pending change for this address" },
        );
      }
      throw new AppError("bad_request", profileMessages.emailChangeInvalidCode);
    },

    /**
     * A new code for one address of a pending change (its other code stays); the same answer when
     * there is none, and none to a new address another account uses.
     */
    async resend(email: string): Promise<void> {
      for (const change of await repo.listPendingEmailChanges(email, deps.now())) {
        const side: Side = change.oldEmail === email ? "old" : "new";
        if ((side === "old" ? change.oldConfirmedAt : change.newConfirmedAt) !== null) continue;
        if (side === "new" && (await repo.isEmailTaken(change.newEmail, change.userId))) continue;
        const code = newCode();
        await repo.updateEmailChange(change.userId, { [side === "old" ? "oldCodeHash" : "newCodeHash"]: codeHash(change, side, code), expiresAt: expiresAt() });
        await sendCode(change, side, code);
      }
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
