import { describe, expect, it } from "vitest";
import {
  authRateLimitRules,
  decideRateLimit,
  invitationRateLimitRules,
  isEmailSendingAuthPath,
  supportRequestRateLimits,
  uploadRateLimits,
} from "./rate-limit";

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

const scopesOf = (rules: { scope: string }[]) => rules.map((rule) => rule.scope);

describe("authRateLimitRules", () => {
  it.each([
    ["/sign-up/email", ["auth-email-send"], []],
    ["/email-otp/send-verification-otp", ["auth-email-send"], []],
    ["/forget-password/email-otp", ["auth-email-send"], []],
    ["/sign-in/email", [], []],
    ["/sign-in/email-otp", ["auth-code-any-ip"], ["auth-code"]],
    ["/email-otp/reset-password", ["auth-code-any-ip"], ["auth-code"]],
    ["/email-link", ["auth-code-any-ip"], ["auth-code"]],
    ["/email-change/confirm", ["auth-code-any-ip"], ["auth-code"]],
    ["/email-change/resend", ["auth-email-send"], []],
    ["/get-session", [], []],
    ["/sign-out", [], []],
  ])("%s is limited per email as %j, per email from one client as %j, and always per IP", (path, perEmail, perEmailFromIp) => {
    const rules = authRateLimitRules(path);
    expect(rules.perIp.scope).toBe("auth-ip");
    expect(scopesOf(rules.perEmail)).toEqual(perEmail);
    expect(scopesOf(rules.perEmailFromIp)).toEqual(perEmailFromIp);
  });

  it("allows the configured number of requests a minute from one address", () => {
    expect(authRateLimitRules("/get-session").perIp).toEqual({ scope: "auth-ip", limit: 60, windowSeconds: 60 });
    expect(authRateLimitRules("/get-session", 600).perIp.limit).toBe(600);
  });
});

describe("invitationRateLimitRules", () => {
  it.each([
    ["/accept-with-code", ["auth-code-any-ip"], ["auth-code"]],
    ["/resend-code", ["auth-email-send"], []],
    ["/lookup", [], []],
    ["/accept-with-password", [], []],
    ["/accept", [], []],
  ])("%s is limited per email as %j and per email from one client as %j, always per IP, on the sign-in counters", (path, perEmail, perEmailFromIp) => {
    const rules = invitationRateLimitRules(path, 30);
    expect(rules.perIp).toEqual({ scope: "auth-ip", limit: 30, windowSeconds: 60 });
    expect(scopesOf(rules.perEmail)).toEqual(perEmail);
    expect(scopesOf(rules.perEmailFromIp)).toEqual(perEmailFromIp);
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

describe("uploadRateLimits", () => {
  it.each([
    [undefined, 120],
    [5, 5],
  ])("with %s per hour allows %d uploads an hour, per person", (perHour, limit) => {
    expect(uploadRateLimits(perHour)).toEqual([{ scope: "upload-user", limit, windowSeconds: 3600 }]);
  });
});

describe("isEmailSendingAuthPath", () => {
  it.each([
    ["/sign-up/email", true],
    ["/email-otp/send-verification-otp", true],
    ["/forget-password/email-otp", true],
    ["/sign-in/email", false],
    ["/email-otp/verify-email", false],
    ["/get-session", false],
  ])("%s sends an email: %s", (path, sends) => {
    expect(isEmailSendingAuthPath(path)).toBe(sends);
  });
});
