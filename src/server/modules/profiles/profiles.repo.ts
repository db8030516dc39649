import { eq } from "drizzle-orm";
import type { UserScope } from "../../../core/access/actor";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema/index";

export async function findUserWithProfile(db: Database, { userId }: UserScope) {
  const [row] = await db.select({ user: users, profile: profiles }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
  return row;
}
