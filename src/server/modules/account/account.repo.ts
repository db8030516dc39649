import { and, desc, eq, gt, ne, or, sql, type SQLWrapper } from "drizzle-orm";
import { forgetTrustedDevices } from "../../auth/trusted-devices";
import type { Database } from "../../db/client";
import { emailChanges, jobs, outboxEmails, profiles, rateLimitCounters, sessions, users, verifications } from "../../db/schema/index";

export type SessionRow = typeof sessions.$inferSelect;
export type EmailChangeRow = typeof emailChanges.$inferSelect;
export type NewEmailChangeRow = typeof emailChanges.$inferInsert;

/** Every session of the person but `keepSessionId` (all of them when it is null). */
const sessionsOfUserBut = (userId: string, keepSessionId: string | null) =>
  and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined);

/** The account's own rows: its sessions, its pending email change, and what closing it deletes. */
export function createAccountRepo(db: Database) {
  return {
    listSessions(userId: string, tx: Database = db): Promise<SessionRow[]> {
      return tx.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.updatedAt));
    },

    /** Ends every session of the person but `keepSessionId` and forgets their trusted devices; answers how many sessions ended. */
    async endOtherSessions(userId: string, keepSessionId: string | null, tx: Database = db): Promise<number> {
      const ended = await tx.delete(sessions).where(sessionsOfUserBut(userId, keepSessionId)).returning({ id: sessions.id });
      await forgetTrustedDevices(tx, userId);
      return ended.length;
    },

    /** Ends one session of the person; undefined when they have no such session. */
    async endSession(userId: string, sessionId: string, tx: Database = db): Promise<{ id: string } | undefined> {
      const [ended] = await tx
        .delete(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
        .returning({ id: sessions.id });
      return ended;
    },

    async findAvatarPath(userId: string, tx: Database = db): Promise<string | null> {
      const [row] = await tx.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, userId));
      return row?.avatarPath ?? null;
    },

    async findEmail(userId: string, tx: Database = db): Promise<string | undefined> {
      const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },

    /** Whether another account than `exceptUserId` has the address (compared lower-case). */
    async isEmailTaken(email: string, exceptUserId: string, tx: Database = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, exceptUserId)));
      return row !== undefined;
    },

    /** The address changes, confirmed, and every session but `keepSessionId` ends. */
    async changeEmail(userId: string, newEmail: string, keepSessionId: string | null, tx: Database = db): Promise<void> {
      await tx.update(users).set({ email: newEmail, emailVerified: true }).where(eq(users.id, userId));
      await tx.delete(sessions).where(sessionsOfUserBut(userId, keepSessionId));
    },

    /** Rows that name the account (its id, address or documents) without a foreign key: queued and finished jobs, the outbox, counters, codes. */
    async deleteLooseTraces(needles: string[], tx: Database = db): Promise<void> {
      const mentions = (column: SQLWrapper) => or(...needles.map((needle) => sql`position(${needle} in ${column}::text) > 0`));
      await tx.delete(jobs).where(mentions(jobs.payload));
      await tx.delete(outboxEmails).where(or(mentions(outboxEmails.to), mentions(outboxEmails.subject), mentions(outboxEmails.text)));
      await tx.delete(rateLimitCounters).where(mentions(rateLimitCounters.key));
      await tx.delete(verifications).where(mentions(verifications.identifier));
    },

    /** Sessions, accounts, profile, chats, support requests, billing rows and memberships go with the user (cascade). */
    async deleteUser(userId: string, tx: Database = db): Promise<void> {
      await tx.delete(users).where(eq(users.id, userId));
    },

    /** The person's pending change, not expired. */
    async findPendingEmailChange(userId: string, now: Date, tx: Database = db): Promise<EmailChangeRow | undefined> {
      const [row] = await tx
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)));
      return row;
    },

    /** Pending changes naming the address on either side, not expired. */
    listPendingEmailChanges(email: string, now: Date, tx: Database = db): Promise<EmailChangeRow[]> {
      return tx
        .select()
        .from(emailChanges)
        .where(and(or(eq(emailChanges.oldEmail, email), eq(emailChanges.newEmail, email)), gt(emailChanges.expiresAt, now)));
    },

    /** One change per account: a new request replaces the one pending. */
    async saveEmailChange(values: NewEmailChangeRow, tx: Database = db): Promise<void> {
      await tx.insert(emailChanges).values(values).onConflictDoUpdate({ target: emailChanges.userId, set: values });
    },

    /** Undefined when the change is gone. */
    async updateEmailChange(userId: string, values: Partial<NewEmailChangeRow>, tx: Database = db): Promise<EmailChangeRow | undefined> {
      const [row] = await tx.update(emailChanges).set(values).where(eq(emailChanges.userId, userId)).returning();
      return row;
    },

    async deleteEmailChange(userId: string, tx: Database = db): Promise<void> {
      await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
