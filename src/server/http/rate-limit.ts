import type { Context, MiddlewareHandler } from "hono";
import {
  authRateLimitRules,
  decideRateLimit,
  invitationRateLimitRules,
  type RateLimitDecision,
  type RateLimitRule,
  type RequestRateLimits,
} from "../../core/access/rate-limit";
import type { Database } from "../db/client";
import { createRateLimitRepo, type RateLimitRepo } from "./rate-limit.repo";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";
import { clientIp } from "./client-ip";
import { JSON_MEDIA_TYPE } from "./request-input";

const CLEANUP_EVERY_MS = 10 * 60 * 1000;
const KEEP_COUNTERS_SECONDS = 24 * 60 * 60;

/** The form or JSON body as the auth handler (better-call) reads it: by its content type. */
async function readBody(request: Request): Promise<Record<string, unknown> | undefined> {
  const contentType = request.headers.get("content-type")?.toLowerCase() ?? "";
  try {
    if (JSON_MEDIA_TYPE.test(contentType)) return (await request.clone().json()) as Record<string, unknown>;
    if (contentType.includes("application/x-www-form-urlencoded") || contentType.includes("multipart/form-data")) {
      return Object.fromEntries(await request.clone().formData());
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The address a request is about, read exactly where its handler reads it: the query of a GET
 * (our email-link route), the body of anything else (Better Auth). Reading the query of a POST
 * would let "?email=<anything>" give every guess a fresh counter.
 */
export async function requestEmail(request: Request, query: (name: string) => string | undefined): Promise<string | undefined> {
  const email = request.method === "GET" ? query("email") : (await readBody(request))?.email;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : undefined;
}

/** Counts one request of `subject` against `rule`, in the counter every process shares. */
async function chargeRequest(counters: RateLimitRepo, rule: RateLimitRule, subject: string): Promise<RateLimitDecision> {
  const counter = await counters.countRequest(`${rule.scope}:${subject}`, rule.windowSeconds);
  return decideRateLimit(rule, counter, new Date());
}

/** The refusal's words, given how long to wait ("a minute", "14 minutes"). */
type OverLimitMessage = (wait: string) => string;

const tooManyAttempts: OverLimitMessage = (wait) => `Too many attempts. Please wait ${wait} and try again.`;

/** Answers 429 with Retry-After when any of `decisions` refused the request. */
function refuseOverLimit(c: Context, decisions: RateLimitDecision[], message = tooManyAttempts): void {
  const refused = decisions.find((decision) => !decision.isAllowed);
  if (!refused) return;
  c.header("Retry-After", String(refused.retryAfterSeconds));
  const minutes = Math.ceil(refused.retryAfterSeconds / 60);
  throw new AppError("rate_limited", message(minutes === 1 ? "a minute" : `${minutes} minutes`));
}

/** Charges one request of `subject` to each of `rules`, and refuses it (429) when any is over its limit. */
export async function requireWithinRateLimits(c: Context, db: Database, rules: RateLimitRule[], subject: string, message?: OverLimitMessage): Promise<void> {
  const counters = createRateLimitRepo(db);
  const decisions: RateLimitDecision[] = [];
  for (const rule of rules) decisions.push(await chargeRequest(counters, rule, subject));
  refuseOverLimit(c, decisions, message);
}

/** Limits every auth endpoint per IP, and those that send email or check a secret per email too. */
export function authRateLimit(deps: { db: Database; trustProxy: boolean; requestsPerMinute: number }): MiddlewareHandler<AppBindings> {
  return rateLimit({ ...deps, rulesFor: (path) => authRateLimitRules(path.replace(/^\/api\/auth/, ""), deps.requestsPerMinute) });
}

/** The invitation routes anyone may call (/api/invitations): per IP, and per email where a code is checked or sent. */
export function invitationRateLimit(deps: { db: Database; trustProxy: boolean; requestsPerMinute: number }): MiddlewareHandler<AppBindings> {
  return rateLimit({ ...deps, rulesFor: (path) => invitationRateLimitRules(path.replace(/^\/api\/invitations/, ""), deps.requestsPerMinute) });
}

function rateLimit(deps: { db: Database; trustProxy: boolean; rulesFor: (path: string) => RequestRateLimits }): MiddlewareHandler<AppBindings> {
  const counters = createRateLimitRepo(deps.db);
  let lastCleanupAt = 0;
  return async (c, next) => {
    if (Date.now() - lastCleanupAt > CLEANUP_EVERY_MS) {
      lastCleanupAt = Date.now();
      await counters.deleteExpiredCounters(KEEP_COUNTERS_SECONDS);
    }
    const rules = deps.rulesFor(c.req.path);
    const ip = clientIp(c, deps.trustProxy);
    const decisions = [await chargeRequest(counters, rules.perIp, ip)];
    const namesAnAddress = rules.perEmail.length + rules.perEmailFromIp.length > 0;
    const email = namesAnAddress ? await requestEmail(c.req.raw, (name) => c.req.query(name)) : undefined;
    if (email) {
      for (const rule of rules.perEmail) decisions.push(await chargeRequest(counters, rule, email));
      for (const rule of rules.perEmailFromIp) decisions.push(await chargeRequest(counters, rule, `${email}|${ip}`));
    }
    refuseOverLimit(c, decisions);
    await next();
  };
}
