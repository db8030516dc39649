import { and, desc, eq, ne, or, sql, type SQLWrapper } from "drizzle-orm";
import type { AuditService } from "../audit/audit.service";
import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import type { AccountSession } from "../../../shared/contracts/account";
import { profileMessages } from "../../../shared/profile";
import type { FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import { jobs, outboxEmails, profiles, rateLimitCounters, sessions, users, verifications } from "../../db/schema/index";
import { forgetTrustedDevices } from "../../auth/trusted-devices";
import { AppError } from "../../http/app-error";
import type { DocumentsService } from "../documents/documents.service";
import type { MembershipsService } from "../organizations/memberships.service";
import type { VerifyPassword } from "./email-change.service";

export interface AccountDeps {
  db: Database;
  storage: FileStorage;
  documents: Pick<DocumentsService, "list" | "delete">;
  memberships: Pick<MembershipsService, "leaveForAccountClosure">;
  logger: Logger;
  now: () => Date;
  audit: AuditService;
}

/** Rows that name the account (its id, address or documents) without a foreign key: queued and finished jobs, the outbox, counters, codes. */
async function deleteLooseTraces(tx: Database, needles: string[]): Promise<void> {
  const mentions = (column: SQLWrapper) => or(...needles.map((needle) => sql`position(${needle} in ${column}::text) > 0`));
  await tx.delete(jobs).where(mentions(jobs.payload));
  await tx.delete(outboxEmails).where(or(mentions(outboxEmails.to), mentions(outboxEmails.subject), mentions(outboxEmails.text)));
  await tx.delete(rateLimitCounters).where(mentions(rateLimitCounters.key));
  await tx.delete(verifications).where(mentions(verifications.identifier));
}

/** Signed-in sessions, and closing the account (spec: public-site section 1, retention and deletion). */
export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  return {
    async listSessions(actor: Actor): Promise<AccountSession[]> {
      const rows = await db.select().from(sessions).where(eq(sessions.userId, actor.userId)).orderBy(desc(sessions.updatedAt));
      return rows
        .filter((row) => row.expiresAt.getTime() > deps.now().getTime())
        .map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastActiveAt: row.updatedAt.toISOString(),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
          isCurrent: row.id === actor.sessionId,
        }));
    },

    /** Ends every session of the account but this one, and forgets every trusted device: one of them may be the one in other hands (ADR 039). */
    async signOutOthers(actor: Actor): Promise<number> {
      const others = actor.sessionId ? ne(sessions.id, actor.sessionId) : undefined;
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, actor.userId), others))
        .returning({ id: sessions.id });
      await forgetTrustedDevices(db, actor.userId);
      await deps.audit.record(actor, "account.sessions-revoked", { type: "user", id: actor.userId, name: actor.email }, { sessionsEnded: ended.length });
      return ended.length;
    },

    /** Ends one other session of the account (the sessions list's Sign out); this one ends by signing out. */
    async signOutSession(actor: Actor, sessionId: string): Promise<void> {
      if (sessionId === actor.sessionId) throw new AppError("conflict", profileMessages.currentSession);
      const [ended] = await db
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId)))
        .returning({ id: sessions.id });
      if (!ended) throw new AppError("not_found", profileMessages.sessionNotFound);
      await deps.audit.record(actor, "account.session-revoked", { type: "session", id: ended.id, name: actor.email });
    },

    /**
     * Closing the account: after the password, every document with its file, pages, passages and
     * vectors, every chat, support request, subscription and credit record, the avatar and the
     * profile are deleted; no backups are kept. The organization goes on with its other members
     * (the longest-standing one becomes admin when the last admin leaves); one left with nobody is
     * deleted. Files go first, so a storage failure leaves an account to close again rather than
     * files nobody can reach.
     */
    async close(actor: Actor, password: string, verifyPassword: VerifyPassword): Promise<void> {
      if (!(await verifyPassword(password))) throw new AppError("incorrect_password", profileMessages.incorrectPassword);
      const documentIds = (await deps.documents.list(actor)).map((document) => document.id);
      for (const documentId of documentIds) await deps.documents.delete(actor, documentId);
      const [profile] = await db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, actor.userId));
      if (profile?.avatarPath) await deps.storage.delete(profile.avatarPath);
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
      await db.transaction(async (tx) => {
        // The record of the closure stays for the retention period (ADR 020), in the organization's log it leaves.
        await deps.audit.record(actor, "account.closed", { type: "user", id: actor.userId, name: actor.email }, { deleted: documentIds.length }, { tx });
        await deps.memberships.leaveForAccountClosure(tx, actor.userId, deps.now());
        await deleteLooseTraces(tx, [actor.userId, ...documentIds, ...(user ? [user.email.toLowerCase()] : [])]);
        // Sessions, accounts, profile, chats, support requests, billing rows and memberships go with the user (cascade).
        await tx.delete(users).where(eq(users.id, actor.userId));
      });
      deps.logger.info({ userId: actor.userId, requestId: actor.requestId }, "account closed");
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
