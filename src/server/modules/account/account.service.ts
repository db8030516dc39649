import type { AuditService } from "../audit/audit.service";
import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import type { AccountSession } from "../../../shared/contracts/account";
import { profileMessages } from "../../../shared/profile";
import type { FileStorage } from "../../adapters/storage/file-storage";
import type { Database } from "../../db/client";
import { AppError } from "../../http/app-error";
import type { DocumentsService } from "../documents/documents.service";
import type { MembershipsService } from "../organizations/memberships.service";
import { createAccountRepo } from "./account.repo";
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

/** Signed-in sessions, and closing the account (spec: public-site section 1, retention and deletion). */
export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  const repo = createAccountRepo(db);
  return {
    async listSessions(actor: Actor): Promise<AccountSession[]> {
      const rows = await repo.listSessions(actor.userId);
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
      const ended = await repo.endOtherSessions(actor.userId, actor.sessionId);
      await deps.audit.record(actor, "account.sessions-revoked", { type: "user", id: actor.userId, name: actor.email }, { sessionsEnded: ended });
      return ended;
    },

    /** Ends one other session of the account (the sessions list's Sign out); this one ends by signing out. */
    async signOutSession(actor: Actor, sessionId: string): Promise<void> {
      if (sessionId === actor.sessionId) throw new AppError("conflict", profileMessages.currentSession);
      const ended = await repo.endSession(actor.userId, sessionId);
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
      const avatarPath = await repo.findAvatarPath(actor.userId);
      if (avatarPath) await deps.storage.delete(avatarPath);
      const email = await repo.findEmail(actor.userId);
      await db.transaction(async (tx) => {
        // The record of the closure stays for the retention period (ADR 020), in the organization's log it leaves.
        await deps.audit.record(actor, "account.closed", { type: "user", id: actor.userId, name: actor.email }, { deleted: documentIds.length }, { tx });
        await deps.memberships.leaveForAccountClosure(tx, actor.userId, deps.now());
        await repo.deleteLooseTraces([actor.userId, ...documentIds, ...(email ? [email.toLowerCase()] : [])], tx);
        await repo.deleteUser(actor.userId, tx);
      });
      deps.logger.info({ userId: actor.userId, requestId: actor.requestId }, "account closed");
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
