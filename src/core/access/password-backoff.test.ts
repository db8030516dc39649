import { describe, expect, it } from "vitest";
import { backoffWaitSeconds, passwordBackoffRules, secondsUntilNextTry } from "./password-backoff";

const { account, address } = passwordBackoffRules;
const now = new Date("2026-01-01T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("backoffWaitSeconds", () => {
  it.each([
    [account, 0, 0],
    [account, 4, 0],
    [account, 5, 15],
    [account, 6, 30],
    [account, 7, 60],
    [account, 10, 480],
    [account, 11, 900],
    [account, 500, 900],
    [address, 19, 0],
    [address, 20, 15],
  ])("%o after %i failures waits %i s", (rule, failures, seconds) => {
    expect(backoffWaitSeconds(rule, failures)).toBe(seconds);
  });
});

describe("secondsUntilNextTry", () => {
  it.each<[string, { failures: number; lastFailureAt: Date } | undefined, number]>([
    ["no failures yet", undefined, 0],
    ["a few mistakes", { failures: 3, lastFailureAt: ago(1) }, 0],
    ["five failures a second ago", { failures: 5, lastFailureAt: ago(1) }, 14],
    ["five failures, the wait passed", { failures: 5, lastFailureAt: ago(15) }, 0],
    ["many failures, at the ceiling", { failures: 40, lastFailureAt: ago(100) }, 800],
    ["many failures, forgotten after an hour", { failures: 40, lastFailureAt: ago(3600) }, 0],
  ])("%s → %i s", (_case, counter, seconds) => {
    expect(secondsUntilNextTry(account, counter, now)).toBe(seconds);
  });

  it("forgets only after more than the longest wait, so waiting out a counter is never quicker than the wait", () => {
    for (const rule of Object.values(passwordBackoffRules)) expect(rule.forgetAfterSeconds).toBeGreaterThan(rule.maxWaitSeconds);
  });
});
