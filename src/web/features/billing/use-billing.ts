import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { toast } from "sonner";
import type { BillingSummary } from "../../../shared/contracts/billing";
import { creditsThatApply } from "../../../shared/billing";
import type { PlanKey } from "../../../shared/plans";
import { useLiveEvents } from "../../lib/live-events";
import { goTo } from "../../lib/go-to";
import { billingApi } from "./billing-api";

export const billingSummaryKey = ["billing", "summary"] as const;

/** The spec's billing toasts, word for word. */
export const billingToasts = {
  portal: { title: "Portal error", description: "Unable to open billing portal" },
  checkout: { title: "Checkout error", description: "Unable to buy credit" },
  subscription: { title: "Subscription error", description: "Unable to start subscription" },
} as const;

/** The one-time credit, in the user menu and on a document waiting for a credit. */
export const buyCreditLabel = "Buy a document credit";

export function useBillingSummary() {
  return useQuery({ queryKey: billingSummaryKey, queryFn: billingApi.summary, staleTime: 30_000 });
}

/** Whether the person may manage documents: billing off, a subscription with access, or their organization's running trial or enterprise plan. */
export function hasDocumentAccess(summary: BillingSummary | undefined): boolean {
  if (!summary) return false;
  return summary.mode === "off" || summary.subscription?.hasAccess === true || summary.organizationPlan?.hasAccess === true;
}

/**
 * Whether processing one more document can be paid for now (billing off, or a credit left of the
 * person's own or of their organization's allowance); undefined while the summary is unknown.
 */
export function useCanPayForProcessing(): boolean | undefined {
  const { data } = useBillingSummary();
  if (!data) return undefined;
  return data.mode === "off" || creditsThatApply(data.credits, data.organizationPlan).available > 0;
}

/** Credit figures follow the server's `credits` events (a charge, a refund, a purchase, a new period). */
export function useCreditEvents() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: billingSummaryKey }), [queryClient]);
  useLiveEvents("credits", refresh);
}

/**
 * Subscribe, buy a credit, open the portal: each sends the browser on to the returned URL.
 * `isSilent` keeps subscription errors quiet (the library's plan cards, as the spec has it).
 */
export function useBillingActions({ isSilent = false }: { isSilent?: boolean } = {}) {
  const subscribe = useMutation({
    mutationFn: (plan: PlanKey) => billingApi.subscribe(plan),
    onSuccess: (url) => goTo(url),
    onError: () => {
      if (!isSilent) toast.error(billingToasts.subscription.title, { description: billingToasts.subscription.description });
    },
  });
  const buyCredit = useMutation({
    mutationFn: billingApi.buyCredit,
    onSuccess: (url) => goTo(url),
    onError: () => toast.error(billingToasts.checkout.title, { description: billingToasts.checkout.description }),
  });
  const openPortal = useMutation({
    mutationFn: billingApi.openPortal,
    onSuccess: (url) => goTo(url),
    onError: () => toast.error(billingToasts.portal.title, { description: billingToasts.portal.description }),
  });
  return { subscribe, buyCredit, openPortal };
}
