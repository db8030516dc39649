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

/** The profile's own fields a save may change. */
export type ProfileFields = Partial<Omit<typeof profiles.$inferInsert, "userId">>;

/** Writes only the given fields, making the profile row on the first save. */
export async function saveProfileFields(db: Database, userId: string, fields: ProfileFields): Promise<void> {
  await db
    .insert(profiles)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: profiles.userId, set: fields });
}

export async function findAvatarPath(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, userId));
  return row?.avatarPath ?? null;
}
