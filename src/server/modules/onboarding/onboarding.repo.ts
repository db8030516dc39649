import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { UserScope } from "../../../core/access/actor";
import type { Database } from "../../db/client";
import { chatSessions, documents, onboardingProgress, organizationInvitations, organizationMembers } from "../../db/schema";

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/** What the checklist reads of a person's own rows, and the two moments it keeps itself. */
export function createOnboardingRepo(db: Database) {
  return {
    forUser({ userId }: UserScope) {
      return {
        hasOwnDocument: () =>
          exists(
            db
              .select({ id: documents.id })
              .from(documents)
              .where(and(eq(documents.userId, userId), eq(documents.isSample, false)))
              .limit(1),
          ),
        async findSampleDocumentId(): Promise<string | null> {
          const [row] = await db
            .select({ id: documents.id })
            .from(documents)
            .where(and(eq(documents.userId, userId), eq(documents.isSample, true)))
            .limit(1);
          return row?.id ?? null;
        },
        hasAsked: () =>
          exists(
            db
              .select({ id: chatSessions.id })
              .from(chatSessions)
              .where(and(eq(chatSessions.userId, userId), gt(chatSessions.messageCount, 0)))
              .limit(1),
          ),
        /** An invitation the person sent, or a colleague beside them in their organization. */
        hasColleague: (organizationId: string) =>
          exists(
            db
              .select({ one: sql`1` })
              .from(organizationInvitations)
              .where(and(eq(organizationInvitations.organizationId, organizationId), eq(organizationInvitations.invitedBy, userId)))
              .union(
                db
                  .select({ one: sql`1` })
                  .from(organizationMembers)
                  .where(
                    and(
                      eq(organizationMembers.organizationId, organizationId),
                      ne(organizationMembers.userId, userId),
                      eq(organizationMembers.status, "active"),
                    ),
                  ),
              )
              .limit(1),
          ),
        async findProgress() {
          const [row] = await db.select().from(onboardingProgress).where(eq(onboardingProgress.userId, userId));
          return row;
        },
        /** The first time counts; later openings change nothing. */
        async markFactSheetOpened(now: Date): Promise<void> {
          await db
            .insert(onboardingProgress)
            .values({ userId, factSheetOpenedAt: now })
            .onConflictDoUpdate({ target: onboardingProgress.userId, set: { factSheetOpenedAt: now }, setWhere: isNull(onboardingProgress.factSheetOpenedAt) });
        },
        async markComplete(now: Date): Promise<void> {
          await db
            .insert(onboardingProgress)
            .values({ userId, completedAt: now })
            .onConflictDoUpdate({ target: onboardingProgress.userId, set: { completedAt: now } });
        },
      };
    },
  };
}

export type OnboardingRepo = ReturnType<typeof createOnboardingRepo>;
