import type { MiddlewareHandler } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { passwordBackoffRules, secondsUntilNextTry, type BackoffRule } from "../../core/access/password-backoff";
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_AGE_SECONDS, type KnownDevices } from "../auth/known-device";
import type { Database } from "../db/client";
import { createRateLimitRepo } from "./rate-limit.repo";
import { AppError } from "./app-error";
import type { AppBindings } from "./bindings";
import { clientIp } from "./client-ip";
import { requestEmail } from "./rate-limit";

const PASSWORD_SIGN_IN_PATH = "/api/auth/sign-in/email";

/** Better Auth's session cookie in a response: a sign-in (password, code, verification) succeeded. */
const makesSession = (response: Response) => response.headers.getSetCookie().some((cookie) => /^(__Secure-)?[\w.-]*session_token=[^;]/.test(cookie));

const waitText = (seconds: number) => (seconds < 60 ? `${seconds} seconds` : seconds < 120 ? "a minute" : `${Math.ceil(seconds / 60)} minutes`);

/**
 * Password sign-in slowed by backoff, never locked (ADR 028): a try waits while any of its counters
 * says so (429 with Retry-After); a wrong password (401) counts on each. A browser an account signed
 * in on before (the known-device cookie) is judged by its own counter only, so guessing elsewhere,
 * or at the owner's office address, never holds up the owner's own device. Any sign-in that makes
 * a session marks the browser known for that account.
 */
export function passwordBackoff(deps: { db: Database; knownDevices: KnownDevices; trustProxy: boolean; isHttps: boolean }): MiddlewareHandler<AppBindings> {
  const failureCounters = createRateLimitRepo(deps.db);
  return async (c, next) => {
    if (c.req.method !== "POST") return next();
    const email = await requestEmail(c.req.raw, (name) => c.req.query(name));
    if (!email) return next();
    const cookie = getCookie(c, KNOWN_DEVICE_COOKIE);

    if (c.req.path === PASSWORD_SIGN_IN_PATH) {
      const deviceId = deps.knownDevices.deviceFor(cookie, email);
      const counters: Array<[BackoffRule, string]> = deviceId
        ? [[passwordBackoffRules.device, `${email}|${deviceId}`]]
        : [
            [passwordBackoffRules.account, email],
            [passwordBackoffRules.address, clientIp(c, deps.trustProxy)],
          ];
      const keyed = counters.map(([rule, subject]) => ({ rule, key: `password-failures:${rule.scope}:${subject}` }));
      let wait = 0;
      for (const { rule, key } of keyed) wait = Math.max(wait, secondsUntilNextTry(rule, await failureCounters.findFailureCounter(key), new Date()));
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        throw new AppError("rate_limited", `Too many attempts. Please wait ${waitText(wait)} and try again, or sign in with a code sent to your email.`);
      }
      await next();
      if (c.res.status === 401) for (const { rule, key } of keyed) await failureCounters.countFailure(key, rule.forgetAfterSeconds);
      else if (deviceId && c.res.ok) await failureCounters.deleteCounter(keyed[0]!.key);
    } else {
      await next();
    }

    if (c.res.ok && makesSession(c.res)) {
      const known = generateCookie(KNOWN_DEVICE_COOKIE, deps.knownDevices.remember(cookie, email), {
        path: "/api/auth",
        httpOnly: true,
        sameSite: "Lax",
        secure: deps.isHttps,
        maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
      });
      c.header("Set-Cookie", known, { append: true });
    }
  };
}
