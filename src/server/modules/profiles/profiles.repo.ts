import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../../core/access/actor";
import type { Database } from "../../db/client";
import { organizations, profiles, users } from "../../db/schema/index";

/** The profile's own fields a save may change. */
export type ProfileFields = Partial<Omit<typeof profiles.$inferInsert, "userId">>;

/** A person's profile, with their account and the organization they act in. */
export function createProfilesRepo(db: Database) {
  return {
    /** The account, its profile, and the organization the actor acts in. */
    async findUserWithProfile({ userId, organizationId }: Pick<Actor, "userId" | "organizationId">, tx: Database = db) {
      const [row] = await tx
        .select({ user: users, profile: profiles, organization: organizations })
        .from(users)
        .leftJoin(profiles, eq(profiles.userId, users.id))
        .leftJoin(organizations, organizationId ? eq(organizations.id, organizationId) : sql`false`)
        .where(eq(users.id, userId));
      return row;
    },

    /** Writes only the given fields, making the profile row on the first save. */
    async saveProfileFields(userId: string, fields: ProfileFields, tx: Database = db): Promise<void> {
      await tx
        .insert(profiles)
        .values({ userId, ...fields })
        .onConflictDoUpdate({ target: profiles.userId, set: fields });
    },

    async findAvatarPath(userId: string, tx: Database = db): Promise<string | null> {
      const [row] = await tx.select({ avatarPath: profiles.avatarPath }).from(profiles).where(eq(profiles.userId, userId));
      return row?.avatarPath ?? null;
    },
  };
}

export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
