import { z } from "zod";
import { planKeys, type PlanKey } from "../plans";
import { organizationPlanSchema } from "./organizations";

/** /api/billing: the subscription and credit summary, checkouts, the portal and the local test-mode pages. */

const planKeySchema = z.enum(planKeys as [PlanKey, ...PlanKey[]]);

/** How this deployment bills: not at all, the local test-mode checkout, or Stripe. */
export const billingModes = ["off", "local", "stripe"] as const;
export type BillingMode = (typeof billingModes)[number];

/** get_credit_summary, plus the totals the top bar shows as 'Credits: available/total'. */
export const creditSummarySchema = z.object({
  startingCredits: z.number().int(),
  creditsUsed: z.number().int(),
  overageUnits: z.number().int(),
  creditsAvailable: z.number().int(),
  creditsTotal: z.number().int(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const subscriptionSummarySchema = z.object({
  planKey: planKeySchema,
  /** Stripe's words: active, trialing, past_due, canceled, incomplete, unpaid… */
  status: z.string(),
  currentPeriodStart: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime(),
  /** Whether documents may be processed now (active, or canceled/past due until the period ends). */
  hasAccess: z.boolean(),
  willCancel: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/**
 * GET /api/billing/summary, and POST /api/billing/local/subscription's answer. Documents may be
 * managed with a personal subscription that has access, or an organization plan that has
 * (`organizationPlan.hasAccess`: a running trial, or enterprise); `credits` are the person's own.
 */
export const billingSummarySchema = z.discriminatedUnion("mode", [
  z.object({ mode: z.literal("off") }),
  z.object({
    mode: z.enum(["local", "stripe"]),
    subscription: subscriptionSummarySchema.nullable(),
    credits: creditSummarySchema,
    organizationPlan: organizationPlanSchema.nullable(),
  }),
]);
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** A redirect to a checkout or billing portal (POST /api/billing/subscribe, /checkout, /portal, a local checkout's confirm and cancel). */
export const redirectResponseSchema = z.object({ url: z.url() });
export type RedirectResponse = z.infer<typeof redirectResponseSchema>;

/** POST /api/billing/subscribe */
export const subscribeRequestSchema = z.object({ plan: planKeySchema });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

/** POST /api/billing/checkout: one document credit. */
export const creditCheckoutRequestSchema = z.object({ type: z.literal("credit"), quantity: z.literal(1).default(1) });
export type CreditCheckoutRequest = z.input<typeof creditCheckoutRequestSchema>;

/** The local test-mode checkout page's view of one checkout. */
export const localCheckoutSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["subscription", "credit"]),
  planKey: planKeySchema.nullable(),
  priceUsd: z.number(),
  description: z.string(),
  status: z.enum(["open", "completed", "cancelled"]),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

/** GET /api/billing/local/checkouts/:id */
export const localCheckoutResponseSchema = z.object({ checkout: localCheckoutSchema });
export type LocalCheckoutResponse = z.infer<typeof localCheckoutResponseSchema>;

/** POST /api/billing/local/subscription: the local test-mode portal's plan switch, cancel at period end, or resume. */
export const localSubscriptionChangeSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("switch"), plan: planKeySchema }),
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
]);
export type LocalSubscriptionChange = z.infer<typeof localSubscriptionChangeSchema>;

/** POST /api/billing/webhook: Stripe's delivery is acknowledged; `handled` is false for events we do not act on. */
export const stripeWebhookResponseSchema = z.object({ received: z.literal(true), handled: z.boolean() });
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;
