import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client";

/**
 * The counters of rate limits and password backoff (ADR 028), one row per key in
 * `rate_limit_counters`. No caller runs them inside its own transaction: each is one statement.
 */
export function createRateLimitRepo(db: Database) {
  return {
    /**
     * Counts one request against `key` in one statement, starting a new window when the old one
     * has passed, so concurrent requests across processes never lose a count.
     */
    async countRequest(key: string, windowSeconds: number): Promise<{ count: number; windowStartedAt: Date }> {
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
    },

    async deleteExpiredCounters(olderThanSeconds: number): Promise<void> {
      await db.execute(sql`delete from rate_limit_counters where window_started_at < now() - make_interval(secs => ${olderThanSeconds})`);
    },

    /** A backoff counter (ADR 028): how many failures, and when the last was; undefined when none. */
    async findFailureCounter(key: string): Promise<{ failures: number; lastFailureAt: Date } | undefined> {
      const [row] = await queryRows<{ count: number; window_started_at: string | Date }>(
        db,
        sql`select count, window_started_at from rate_limit_counters where key = ${key}`,
      );
      return row && { failures: Number(row.count), lastFailureAt: new Date(row.window_started_at) };
    },

    /** One more failure on a backoff counter, now; failures older than `forgetAfterSeconds` start it again. */
    async countFailure(key: string, forgetAfterSeconds: number): Promise<void> {
      await db.execute(sql`
    insert into rate_limit_counters (key, window_started_at, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit_counters.window_started_at <= now() - make_interval(secs => ${forgetAfterSeconds})
                   then 1 else rate_limit_counters.count + 1 end,
      window_started_at = now()`);
    },

    async deleteCounter(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
  };
}

export type RateLimitRepo = ReturnType<typeof createRateLimitRepo>;
