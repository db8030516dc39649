import { describe, expect, it } from "vitest";
import { creditTotals, decideCharge, overageUnitsFor, startingCreditsFor } from "./credits";

describe("creditTotals", () => {
  it.each([
    [
      { startingCredits: 1, overageUnits: 0, creditsUsed: 0 },
      { available: 1, total: 1 },
    ],
    [
      { startingCredits: 5, overageUnits: 0, creditsUsed: 3 },
      { available: 2, total: 5 },
    ],
    [
      { startingCredits: 5, overageUnits: 2, creditsUsed: 6 },
      { available: 1, total: 7 },
    ],
    [
      { startingCredits: 1, overageUnits: 1, creditsUsed: 2 },
      { available: 0, total: 2 },
    ],
    // A downgrade mid-period can leave more used than the new plan gives: never below 0.
    [
      { startingCredits: 1, overageUnits: 0, creditsUsed: 4 },
      { available: 0, total: 1 },
    ],
    [
      { startingCredits: 0, overageUnits: 3, creditsUsed: 0 },
      { available: 3, total: 3 },
    ],
  ])("%j → %j", (counts, expected) => {
    expect(creditTotals(counts)).toEqual(expected);
  });
});

describe("startingCreditsFor", () => {
  it.each([
    ["basic", true, 1],
    ["pro", true, 5],
    ["pro", false, 0],
    [null, true, 0],
  ] as const)("%s with an active period %s → %i", (plan, isActive, expected) => {
    expect(startingCreditsFor(plan, isActive)).toBe(expected);
  });
});

describe("overageUnitsFor", () => {
  it.each([
    [0, 0, 0],
    [3, 0, 3],
    [3, 2, 1],
    [2, 2, 0],
    [1, 2, 0],
  ])("%i purchased, %i spent in earlier periods → %i carried into this one", (purchased, spent, expected) => {
    expect(overageUnitsFor(purchased, spent)).toBe(expected);
  });
});

describe("decideCharge", () => {
  it.each([
    [false, { startingCredits: 0, overageUnits: 4, creditsUsed: 0 }, { ok: false, reason: "no_active_period" }],
    [true, { startingCredits: 1, overageUnits: 0, creditsUsed: 0 }, { ok: true, source: "plan" }],
    [true, { startingCredits: 1, overageUnits: 0, creditsUsed: 1 }, { ok: false, reason: "insufficient_credits" }],
    [true, { startingCredits: 1, overageUnits: 1, creditsUsed: 1 }, { ok: true, source: "purchased" }],
    [true, { startingCredits: 5, overageUnits: 1, creditsUsed: 4 }, { ok: true, source: "plan" }],
    [true, { startingCredits: 5, overageUnits: 1, creditsUsed: 6 }, { ok: false, reason: "insufficient_credits" }],
  ])("active %s, %j → %j", (hasActivePeriod, counts, expected) => {
    expect(decideCharge({ hasActivePeriod, counts })).toEqual(expected);
  });
});
