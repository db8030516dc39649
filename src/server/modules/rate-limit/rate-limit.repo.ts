import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../../db/client";

/**
 * Counts one request against `key` in one statement, starting a new window when the old one
 * has passed, so concurrent requests across processes never lose a count.
 */
export async function countRequest(db: Database, key: string, windowSeconds: number): Promise<{ count: number; windowStartedAt: Date }> {
  const [row] = await queryRows<{ count: number; window_started_at: string | Date }>(
    db,
    sql`
    insert into rate_limit_counters (key, window_started_at, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit_counters.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limit_counters.count + 1 end,
      window_started_at = case when rate_limit_counters.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limit_counters.window_started_at end
    returning count, window_started_at`,
  );
  if (!row) throw new Error("The rate limit counter returned no row");
  return { count: Number(row.count), windowStartedAt: new Date(row.window_started_at) };
}

export async function deleteExpiredCounters(db: Database, olderThanSeconds: number): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_started_at < now() - make_interval(secs => ${olderThanSeconds})`);
}
