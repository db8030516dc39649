import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { organizationMembers } from "../../db/schema/index";

/** What live events need to know to address an event to whoever may see it. */
export function createLiveEventsRepo(db: Database) {
  return {
    /** The organization the person is an active member of; null when none. */
    async findOrganizationOf(userId: string, tx: Database = db): Promise<string | null> {
      const [row] = await tx
        .select({ organizationId: organizationMembers.organizationId })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.userId, userId), eq(organizationMembers.status, "active")))
        .limit(1);
      return row?.organizationId ?? null;
    },
  };
}

export type LiveEventsRepo = ReturnType<typeof createLiveEventsRepo>;
