import { describe, expect, it } from "vitest";
import { authRateLimitRules, decideRateLimit, invitationRateLimitRules, supportRequestRateLimits } from "./rate-limit";

const rule = { scope: "test", limit: 3, windowSeconds: 60 };
const start = new Date("2026-01-01T00:00:00Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("decideRateLimit", () => {
  it.each([
    [1, 0, { isAllowed: true, retryAfterSeconds: 0 }],
    [3, 59, { isAllowed: true, retryAfterSeconds: 0 }],
    [4, 0, { isAllowed: false, retryAfterSeconds: 60 }],
    [4, 45, { isAllowed: false, retryAfterSeconds: 15 }],
    [9, 59.5, { isAllowed: false, retryAfterSeconds: 1 }],
  ])("request %i at +%ss → %j", (count, seconds, expected) => {
    expect(decideRateLimit(rule, { count, windowStartedAt: start }, at(seconds))).toEqual(expected);
  });
});

describe("authRateLimitRules", () => {
  it.each([
    ["/sign-up/email", "auth-email-send"],
    ["/email-otp/send-verification-otp", "auth-email-send"],
    ["/forget-password/email-otp", "auth-email-send"],
    ["/sign-in/email", "auth-email-check"],
    ["/sign-in/email-otp", "auth-email-check"],
    ["/email-otp/reset-password", "auth-email-check"],
    ["/get-session", undefined],
    ["/sign-out", undefined],
  ])("%s is limited per email as %s and always per IP", (path, emailScope) => {
    const rules = authRateLimitRules(path);
    expect(rules.perIp.scope).toBe("auth-ip");
    expect(rules.perEmail?.scope).toBe(emailScope);
  });

  it("allows the configured number of requests a minute from one address", () => {
    expect(authRateLimitRules("/get-session").perIp).toEqual({ scope: "auth-ip", limit: 60, windowSeconds: 60 });
    expect(authRateLimitRules("/get-session", 600).perIp.limit).toBe(600);
  });
});

describe("invitationRateLimitRules", () => {
  it.each([
    ["/accept-with-code", "auth-email-check"],
    ["/resend-code", "auth-email-send"],
    ["/lookup", undefined],
    ["/accept-with-password", undefined],
    ["/accept", undefined],
  ])("%s is limited per email as %s and always per IP, on the sign-in counters", (path, emailScope) => {
    const rules = invitationRateLimitRules(path, 30);
    expect(rules.perIp).toEqual({ scope: "auth-ip", limit: 30, windowSeconds: 60 });
    expect(rules.perEmail?.scope).toBe(emailScope);
  });
});

describe("supportRequestRateLimits", () => {
  const [burst, day] = supportRequestRateLimits;

  it.each([
    ["the 5th send in ten minutes", burst!, 5, 9 * 60, true],
    ["the 6th send in ten minutes", burst!, 6, 9 * 60, false],
    ["the 20th send in a day", day!, 20, 23 * 60 * 60, true],
    ["the 21st send in a day", day!, 21, 23 * 60 * 60, false],
  ])("%s is allowed: %s", (_case, rule, count, seconds, isAllowed) => {
    expect(decideRateLimit(rule, { count, windowStartedAt: start }, at(seconds)).isAllowed).toBe(isAllowed);
  });
});
