import { describe, expect, it } from "vitest";
import { allowanceUsedText, creditsThatApply } from "./billing";

const own = (creditsAvailable: number, creditsTotal: number) => ({ creditsAvailable, creditsTotal });
const plan = (status: "trial" | "enterprise" | "suspended", hasAccess: boolean, creditsUsed = 3, monthlyCredits = 5) => ({
  status,
  hasAccess,
  monthlyCredits,
  creditsUsed,
  creditsAvailable: Math.max(0, monthlyCredits - creditsUsed),
});

describe("creditsThatApply", () => {
  it.each([
    ["no organization: one's own credits", own(1, 2), null, { available: 1, total: 2 }],
    ["a running trial and no plan of one's own", own(0, 0), plan("trial", true), { available: 2, total: 5 }],
    ["a running trial and a Basic plan", own(1, 1), plan("trial", true), { available: 3, total: 6 }],
    ["enterprise, allowance used up", own(0, 0), plan("enterprise", true, 5), { available: 0, total: 5 }],
    ["a trial that has ended", own(0, 0), plan("trial", false), { available: 0, total: 0 }],
    ["a suspended organization", own(1, 1), plan("suspended", false), { available: 1, total: 1 }],
  ])("%s", (_, credits, organizationPlan, expected) => {
    expect(creditsThatApply(credits, organizationPlan)).toEqual(expected);
  });
});

describe("allowanceUsedText", () => {
  it("reads as the Billing tab has it", () => {
    expect(allowanceUsedText({ creditsUsed: 3, monthlyCredits: 5 })).toBe("3 of 5 used");
  });
});
