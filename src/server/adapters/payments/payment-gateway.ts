import type { PlanKey } from "../../../shared/plans";

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The provider's customer, when the person already has one (so Stripe reuses it). */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** Where the browser goes to pay or to manage a subscription. */
export interface PaymentGateway {
  readonly kind: "local" | "stripe";
  createSubscriptionCheckout(request: CheckoutRequest & { plan: PlanKey }): Promise<string>;
  /** One document credit, quantity 1. */
  createCreditCheckout(request: CheckoutRequest): Promise<string>;
  createPortalSession(input: { customerId: string | null; returnUrl: string }): Promise<string>;
}

/** A subscription as the provider reports it, at the moment it reports it. */
export interface SubscriptionReport {
  eventId: string;
  reportedAt: Date;
  userId: string | null;
  customerId: string | null;
  subscriptionId: string;
  planKey: PlanKey | null;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** A finished one-time credit checkout. */
export interface CreditPurchase {
  eventId: string;
  userId: string;
  customerId: string | null;
  /** The checkout that paid, so that a purchase is fulfilled once. */
  reference: string;
  quantity: number;
  isPaid: boolean;
}

export type PaymentEvent =
  ({ kind: "subscription" } & SubscriptionReport) | ({ kind: "credit_purchase" } & CreditPurchase) | { kind: "ignored"; eventId: string; type: string };

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}
