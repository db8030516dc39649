import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff";

describe("backoffDelayMs", () => {
  it.each([
    [0, 250],
    [1, 500],
    [2, 1_000],
    [5, 8_000],
    [6, 10_000],
    [60, 10_000],
  ])("after %i failures waits %i ms", (failures, expected) => {
    expect(backoffDelayMs(failures, { firstMs: 250, maxMs: 10_000 })).toBe(expected);
  });
});
