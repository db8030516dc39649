import type { CreditSummary } from "./contracts/billing";
import type { OrganizationPlan } from "./contracts/organizations";

/** Why processing could not start (start_processing's reasons). */
export const startRefusalReasons = ["insufficient_credits", "no_active_period", "organization_suspended"] as const;
export type StartRefusalReason = (typeof startRefusalReasons)[number];

/** The spec's 'Cannot process' texts, one per reason. */
export const cannotProcessMessages: Record<StartRefusalReason, string> = {
  insufficient_credits: "Insufficient credits. Upgrade or buy a document credit.",
  no_active_period: "No active period. Please subscribe.",
  organization_suspended: "Your organization's access is suspended, so documents cannot be processed. Contact your administrator.",
};

/** An organization plan's allowance, as far as what a member may spend goes. */
type AllowancePlan = Pick<OrganizationPlan, "status" | "hasAccess" | "monthlyCredits" | "creditsUsed" | "creditsAvailable">;

/**
 * What a person may process with now, as billing charges it (their plan's credits, then their
 * organization's monthly allowance while its plan gives access — a running trial or enterprise —,
 * then purchased credits): their own credits plus what is left of the allowance. The user menu's
 * 'Credits: available/total' and whether a waiting document can start both read it, so neither
 * says 0 while the organization's Billing tab shows documents left.
 */
export function creditsThatApply(
  credits: Pick<CreditSummary, "creditsAvailable" | "creditsTotal">,
  plan: AllowancePlan | null,
): { available: number; total: number } {
  const allowance = plan?.hasAccess ? plan : null;
  return {
    available: credits.creditsAvailable + (allowance?.creditsAvailable ?? 0),
    total: credits.creditsTotal + (allowance?.monthlyCredits ?? 0),
  };
}

/** The organization's allowance this period, in the Billing tab's and the user menu's words: '3 of 5 used'. */
export function allowanceUsedText(plan: Pick<OrganizationPlan, "creditsUsed" | "monthlyCredits">): string {
  return `${plan.creditsUsed} of ${plan.monthlyCredits} used`;
}

/** Where a checkout (Stripe's or the local test-mode one) sends the browser back: the library with `?checkout=<result>`. */
export const CHECKOUT_RESULT_PARAM = "checkout";
export const checkoutResults = ["success", "cancelled"] as const;
export type CheckoutResult = (typeof checkoutResults)[number];

/** What the app says on return from a checkout, once. */
export const checkoutResultToasts: Record<CheckoutResult, { title: string; description: string }> = {
  success: {
    title: "Checkout complete",
    description: "Thank you! Your plan or credit is being added to your account; the account menu shows it as soon as it arrives.",
  },
  cancelled: { title: "Checkout cancelled", description: "Nothing was charged." },
};
