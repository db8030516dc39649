import { QueryClient } from "@tanstack/react-query";
import type { ErrorCode } from "../../shared/errors";
import { isApiError } from "./api-client";

/** Codes of failures that may pass by themselves; a refusal (not found, forbidden, signed out…) will not. */
const passingCodes: readonly ErrorCode[] = ["internal_error", "service_unavailable", "rate_limited"];

/** The network (fetch throws), or the server having trouble. */
export function isPassingFailure(error: unknown): boolean {
  return !isApiError(error) || passingCodes.includes(error.code);
}

/** A failed load is tried once more after this long before its problem shows (issue 29: within 2 s). */
export const QUICK_RETRY_MS = 1_000;
const BEHIND_FIRST_MS = 2_000;
const BEHIND_MOST_MS = 30_000;

interface QueryLike {
  state: { status: string; error: unknown; errorUpdateCount: number };
}

/**
 * While a load's problem shows, it is tried again behind it — 2 s, 4 s, 8 s… up to every 30 s, as
 * long as the page is open and visible — so the page appears by itself once the failure passes.
 * A query with a `refetchInterval` of its own ends it with this.
 */
export function retryWhileFailing(query: QueryLike): number | false {
  const { status, error, errorUpdateCount } = query.state;
  if (status !== "error" || !isPassingFailure(error)) return false;
  return Math.min(BEHIND_FIRST_MS * 2 ** Math.max(0, errorUpdateCount - 1), BEHIND_MOST_MS);
}

/**
 * The app's one query cache. TanStack's default (three retries, 1 + 2 + 4 s) left a failed page
 * blank for about 7 s; here a load that failed is retried once after a second, then shows its
 * problem (LoadProblem, with Try again) while retries go on behind it.
 *
 * Requests are made offline too (`networkMode: "always"`): TanStack's default pauses them while the
 * browser says it is offline, which left a page on its skeleton and a button spinning with nothing
 * said; failing, they say "You're offline" in plain words (ConnectionError). Coming back online
 * loads again at once (`refetchOnReconnect`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      mutations: { networkMode: "always" },
      queries: {
        networkMode: "always",
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => failureCount < 1 && isPassingFailure(error),
        retryDelay: QUICK_RETRY_MS,
        refetchInterval: retryWhileFailing,
      },
    },
  });
}
