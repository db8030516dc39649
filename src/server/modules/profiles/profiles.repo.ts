import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../../core/access/actor";
import type { Database } from "../../db/client";
import { organizations, profiles, users } from "../../db/schema/index";

/** The account, its profile, and the organization the actor acts in. */
export async function findUserWithProfile(db: Database, { userId, organizationId }: Pick<Actor, "userId" | "organizationId">) {
  const [row] = await db
    .select({ user: users, profile: profiles, organization: organizations })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(organizations, organizationId ? eq(organizations.id, organizationId) : sql`false`)
    .where(eq(users.id, userId));
  return row;
}
