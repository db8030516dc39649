import type { MiddlewareHandler } from "hono";
import { authRateLimitRules, decideRateLimit, type RateLimitRule } from "../../core/access/rate-limit";
import type { Database } from "../db/client";
import { countRequest, deleteExpiredCounters } from "../modules/rate-limit/rate-limit.repo";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";
import { clientIp } from "./client-ip";

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
const KEEP_COUNTERS_SECONDS = 24 * 60 * 60;

async function readEmail(request: Request): Promise<string | undefined> {
  if (!request.headers.get("content-type")?.includes("application/json")) return undefined;
  try {
    const body = (await request.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Limits every auth endpoint per IP, and those that send email or check a secret per email too. */
export function authRateLimit(deps: { db: Database; trustProxy: boolean; requestsPerMinute: number }): MiddlewareHandler<AppBindings> {
  let lastCleanupAt = 0;
  const charge = async (rule: RateLimitRule, subject: string) => {
    const counter = await countRequest(deps.db, `${rule.scope}:${subject}`, rule.windowSeconds);
    return decideRateLimit(rule, counter, new Date());
  };
  return async (c, next) => {
    if (Date.now() - lastCleanupAt > CLEANUP_EVERY_MS) {
      lastCleanupAt = Date.now();
      await deleteExpiredCounters(deps.db, KEEP_COUNTERS_SECONDS);
    }
    const rules = authRateLimitRules(c.req.path.replace(/^\/api\/auth/, ""), deps.requestsPerMinute);
    const decisions = [await charge(rules.perIp, clientIp(c, deps.trustProxy))];
    const email = rules.perEmail && (c.req.query("email")?.toLowerCase() ?? (await readEmail(c.req.raw)));
    if (rules.perEmail && email) decisions.push(await charge(rules.perEmail, email));
    const refused = decisions.find((decision) => !decision.isAllowed);
    if (refused) {
      c.header("Retry-After", String(refused.retryAfterSeconds));
      const minutes = Math.ceil(refused.retryAfterSeconds / 60);
      throw new AppError("rate_limited", `Too many attempts. Please wait ${minutes === 1 ? "a minute" : `${minutes} minutes`} and try again.`);
    }
    await next();
  };
}
