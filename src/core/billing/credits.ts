import type { StartRefusalReason } from "../../shared/billing";
import { subscriptionPlans, type PlanKey } from "../../shared/plans";

export interface CreditCounts {
  /** The plan's documents for the current period (0 without an active period). */
  startingCredits: number;
  /** Purchased credits still unused when the period began, plus those bought during it. */
  overageUnits: number;
  /** Documents charged in the current period, of either kind. */
  creditsUsed: number;
}

/** available = starting + overage − used, floored at 0; total = starting + overage. */
export function creditTotals(counts: CreditCounts): { available: number; total: number } {
  const total = counts.startingCredits + counts.overageUnits;
  return { total, available: Math.max(0, total - counts.creditsUsed) };
}

export function startingCreditsFor(planKey: PlanKey | null, hasActivePeriod: boolean): number {
  return planKey && hasActivePeriod ? subscriptionPlans[planKey].documentsPerPeriod : 0;
}

/**
 * Purchased credits still available for this period: every credit bought, less those spent in
 * earlier periods. Credits spent in this period are counted in creditsUsed instead.
 */
export function overageUnitsFor(purchased: number, purchasedSpentBeforePeriod: number): number {
  return Math.max(0, purchased - purchasedSpentBeforePeriod);
}

export type ChargeSource = "plan" | "purchased";
export type ChargeDecision = { ok: true; source: ChargeSource } | { ok: false; reason: StartRefusalReason };

/** One document, one credit: the plan's credits are spent before purchased ones. */
export function decideCharge(input: { hasActivePeriod: boolean; counts: CreditCounts }): ChargeDecision {
  if (!input.hasActivePeriod) return { ok: false, reason: "no_active_period" };
  if (creditTotals(input.counts).available <= 0) return { ok: false, reason: "insufficient_credits" };
  return { ok: true, source: input.counts.creditsUsed < input.counts.startingCredits ? "plan" : "purchased" };
}
