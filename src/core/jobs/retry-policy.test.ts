import { describe, expect, it } from "vitest";
import { outcomeAfterFailure, retryDelaySeconds } from "./retry-policy";

describe("retryDelaySeconds", () => {
  it.each([
    [1, 10],
    [2, 40],
    [3, 160],
    [4, 640],
    [5, 900],
    [10, 900],
  ])("after attempt %i wait %i s", (attempt, seconds) => {
    expect(retryDelaySeconds(attempt)).toBe(seconds);
  });
});

describe("outcomeAfterFailure", () => {
  it.each([
    [
      { attempt: 1, maxAttempts: 3, isPermanent: false, message: "timeout" },
      { kind: "retry", delaySeconds: 10 },
    ],
    [
      { attempt: 2, maxAttempts: 3, isPermanent: false, message: "timeout" },
      { kind: "retry", delaySeconds: 40 },
    ],
    [
      { attempt: 3, maxAttempts: 3, isPermanent: false, message: "timeout" },
      { kind: "fail", reason: "timeout" },
    ],
    [
      { attempt: 1, maxAttempts: 3, isPermanent: true, message: "encrypted" },
      { kind: "fail", reason: "encrypted" },
    ],
  ])("%j → %j", (input, expected) => {
    expect(outcomeAfterFailure(input)).toEqual(expected);
  });
});
