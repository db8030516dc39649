import Stripe from "stripe";
import { planKeys, type PlanKey } from "../../../shared/plans";
import { WebhookSignatureError, type PaymentEvent, type PaymentGateway } from "./payment-gateway";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Price ids of the Basic and Pro subscriptions and of the one-time credit. */
  prices: Record<PlanKey | "credit", string>;
  /** Another Stripe API address (stripe-mock, a local stand-in); the real one when unset. */
  apiUrl?: string;
}

const subscriptionEventTypes = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
]);
const paidCheckoutEventTypes = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

function apiLocation(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return { host: url.hostname, port: url.port || (url.protocol === "https:" ? 443 : 80), protocol: url.protocol === "http:" ? "http" : "https" };
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

export function createStripeGateway(config: StripeConfig) {
  const stripe = new Stripe(config.secretKey, { maxNetworkRetries: 2, ...apiLocation(config.apiUrl) });
  const planForPrice = (priceId: string | undefined): PlanKey | null => planKeys.find((key) => config.prices[key] === priceId) ?? null;

  function toSubscriptionEvent(event: Stripe.Event, subscription: Stripe.Subscription): PaymentEvent {
    const item = subscription.items.data[0];
    if (!item) return { kind: "ignored", eventId: event.id, type: event.type };
    return {
      kind: "subscription",
      eventId: event.id,
      reportedAt: new Date(event.created * 1000),
      userId: subscription.metadata?.userId ?? null,
      customerId: idOf(subscription.customer),
      subscriptionId: subscription.id,
      planKey: planForPrice(item.price.id),
      status: subscription.status,
      periodStart: new Date(item.current_period_start * 1000),
      periodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
    };
  }

  const gateway: PaymentGateway = {
    kind: "stripe",
    async createSubscriptionCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: config.prices[request.plan], quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        metadata: { userId: request.userId, kind: "subscription", plan: request.plan },
        subscription_data: { metadata: { userId: request.userId, plan: request.plan } },
      });
      if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
      return session.url;
    },
    async createCreditCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [{ price: config.prices.credit, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email, customer_creation: "always" as const }),
        metadata: { userId: request.userId, kind: "credit", quantity: "1" },
      });
      if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
      return session.url;
    },
    async createPortalSession({ customerId, returnUrl }) {
      if (!customerId) throw new Error("No Stripe customer to open the billing portal for");
      return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
    },
  };

  return {
    ...gateway,
    /** Verifies the signature, then maps the events billing acts on; everything else is 'ignored'. */
    parseWebhook(payload: string, signature: string | undefined): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature ?? "", config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
      }
      if (subscriptionEventTypes.has(event.type)) return toSubscriptionEvent(event, event.data.object as Stripe.Subscription);
      if (paidCheckoutEventTypes.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        const userId = session.metadata?.userId ?? session.client_reference_id;
        if (session.mode === "payment" && session.metadata?.kind === "credit" && userId) {
          return {
            kind: "credit_purchase",
            eventId: event.id,
            userId,
            customerId: idOf(session.customer),
            reference: session.id,
            quantity: Number(session.metadata.quantity ?? "1") || 1,
            isPaid: session.payment_status === "paid",
          };
        }
      }
      return { kind: "ignored", eventId: event.id, type: event.type };
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
