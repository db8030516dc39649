import type { DocumentSummary } from "./documents";
import type { PlanKey } from "./plans";

/** Why processing could not start (start_processing's reasons). */
export const startRefusalReasons = ["insufficient_credits", "no_active_period"] as const;
export type StartRefusalReason = (typeof startRefusalReasons)[number];

/** The spec's 'Cannot process' texts, one per reason. */
export const cannotProcessMessages: Record<StartRefusalReason, string> = {
  insufficient_credits: "Insufficient credits. Upgrade or buy a document credit.",
  no_active_period: "No active period. Please subscribe.",
};

/** POST /api/documents/:id/process (start_processing): ok, or why not, with the document as it now is. */
export type StartProcessingAnswer =
  { ok: true; document: DocumentSummary } | { ok: false; reason: StartRefusalReason; message: string; document: DocumentSummary };

/** How this deployment bills: not at all, the local test-mode checkout, or Stripe. */
export type BillingMode = "off" | "local" | "stripe";

/** get_credit_summary, plus the totals the top bar shows as 'Credits: available/total'. */
export interface CreditSummary {
  startingCredits: number;
  creditsUsed: number;
  overageUnits: number;
  creditsAvailable: number;
  creditsTotal: number;
  periodStart: string | null;
  periodEnd: string | null;
}

export interface SubscriptionSummary {
  planKey: PlanKey;
  /** Stripe's words: active, trialing, past_due, canceled, incomplete, unpaid… */
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  /** Whether documents may be processed now (active, or canceled/past due until the period ends). */
  hasAccess: boolean;
  willCancel: boolean;
}

/** GET /api/billing/summary */
export type BillingSummary = { mode: "off" } | { mode: "local" | "stripe"; subscription: SubscriptionSummary | null; credits: CreditSummary };

/** A redirect to a checkout or billing portal (POST /api/billing/subscribe, /checkout, /portal). */
export interface RedirectAnswer {
  url: string;
}

/** The local test-mode checkout page's view of one checkout (GET /api/billing/local/checkouts/:id). */
export interface LocalCheckout {
  id: string;
  kind: "subscription" | "credit";
  planKey: PlanKey | null;
  priceUsd: number;
  description: string;
  status: "open" | "completed" | "cancelled";
}
