import type {
  BillingSummary,
  CreditCheckoutRequest,
  LocalCheckoutResponse,
  LocalSubscriptionChange,
  RedirectResponse,
  SubscribeRequest,
} from "../../../shared/contracts/billing";
import type { PlanKey } from "../../../shared/plans";
import { apiRequest as request } from "../../lib/api-client";

const base = "/api/billing";

const checkoutPath = (id: string) => `${base}/local/checkouts/${encodeURIComponent(id)}`;

export const billingApi = {
  summary: () => request<BillingSummary>(`${base}/summary`),
  subscribe: async (plan: PlanKey) => (await request<RedirectResponse>(`${base}/subscribe`, { method: "POST", body: { plan } satisfies SubscribeRequest })).url,
  buyCredit: async () =>
    (await request<RedirectResponse>(`${base}/checkout`, { method: "POST", body: { type: "credit", quantity: 1 } satisfies CreditCheckoutRequest })).url,
  openPortal: async () => (await request<RedirectResponse>(`${base}/portal`, { method: "POST", body: {} })).url,
  localCheckout: async (id: string) => (await request<LocalCheckoutResponse>(checkoutPath(id))).checkout,
  confirmLocalCheckout: async (id: string) => (await request<RedirectResponse>(`${checkoutPath(id)}/confirm`, { method: "POST", body: {} })).url,
  cancelLocalCheckout: async (id: string) => (await request<RedirectResponse>(`${checkoutPath(id)}/cancel`, { method: "POST", body: {} })).url,
  changeLocalSubscription: (change: LocalSubscriptionChange) => request<BillingSummary>(`${base}/local/subscription`, { method: "POST", body: change }),
};
