import type { BillingSummary, LocalCheckout, RedirectAnswer } from "../../../shared/billing";
import type { PlanKey } from "../../../shared/plans";
import { apiRequest as request } from "../../lib/api-client";

const base = "/api/billing";
export const BILLING_EVENTS_URL = `${base}/events`;

const checkoutPath = (id: string) => `${base}/local/checkouts/${encodeURIComponent(id)}`;

export const billingApi = {
  summary: () => request<BillingSummary>(`${base}/summary`),
  subscribe: async (plan: PlanKey) => (await request<RedirectAnswer>(`${base}/subscribe`, { method: "POST", body: { plan } })).url,
  buyCredit: async () => (await request<RedirectAnswer>(`${base}/checkout`, { method: "POST", body: { type: "credit", quantity: 1 } })).url,
  openPortal: async () => (await request<RedirectAnswer>(`${base}/portal`, { method: "POST", body: {} })).url,
  localCheckout: async (id: string) => (await request<{ checkout: LocalCheckout }>(checkoutPath(id))).checkout,
  confirmLocalCheckout: async (id: string) => (await request<RedirectAnswer>(`${checkoutPath(id)}/confirm`, { method: "POST", body: {} })).url,
  cancelLocalCheckout: async (id: string) => (await request<RedirectAnswer>(`${checkoutPath(id)}/cancel`, { method: "POST", body: {} })).url,
  changeLocalSubscription: (change: { action: "switch"; plan: PlanKey } | { action: "cancel" } | { action: "resume" }) =>
    request<BillingSummary>(`${base}/local/subscription`, { method: "POST", body: change }),
};

/** Checkout and portal pages live elsewhere (Stripe, or this app's test-mode pages): a full navigation. */
export function goTo(url: string): void {
  window.location.assign(url);
}
