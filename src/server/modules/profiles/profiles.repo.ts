import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema/index";

export async function findUserWithProfile(db: Database, userId: string) {
  const [row] = await db.select({ user: users, profile: profiles }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
  return row;
}
