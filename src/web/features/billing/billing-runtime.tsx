import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { CHECKOUT_RESULT_PARAM, checkoutResults, checkoutResultToasts, type CheckoutResult } from "../../../shared/billing";
import type { BillingSummary } from "../../../shared/contracts/billing";
import { takePendingCheckout } from "../auth";
import { goTo } from "../../lib/go-to";
import { billingApi } from "./billing-api";
import { billingToasts, useBillingSummary, useCreditEvents } from "./use-billing";

function CreditEvents() {
  useCreditEvents();
  return null;
}

/**
 * The plan or credit a visitor chose on the landing page before signing in: taken once, after
 * sign-in, straight to the matching checkout. A plan they already have is not bought twice.
 */
function usePendingCheckout(summary: BillingSummary | undefined) {
  const isTaken = useRef(false);
  useEffect(() => {
    if (!summary || summary.mode === "off" || isTaken.current) return;
    isTaken.current = true;
    const pending = takePendingCheckout();
    if (!pending) return;
    const wantsPlan = pending.plan && !summary.subscription?.hasAccess;
    if (wantsPlan) {
      billingApi
        .subscribe(pending.plan!)
        .then(goTo, () => toast.error(billingToasts.subscription.title, { description: billingToasts.subscription.description }));
    } else if (pending.purchase === "credit") {
      billingApi.buyCredit().then(goTo, () => toast.error(billingToasts.checkout.title, { description: billingToasts.checkout.description }));
    }
  }, [summary]);
}

/**
 * Back from a checkout (Stripe's or the local test-mode one) at `?checkout=success|cancelled`: says
 * how it ended, once, and takes the mark out of the address (a reload says nothing more). The
 * return is a full page load, so the credits are read afresh; a paid Stripe checkout's plan may
 * arrive a moment later, by webhook, and its `credits` event then updates the menu.
 */
function useCheckoutResult() {
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get(CHECKOUT_RESULT_PARAM);
  useEffect(() => {
    if (!isCheckoutResult(result)) return;
    const { title, description } = checkoutResultToasts[result];
    if (result === "success") toast.success(title, { id: CHECKOUT_TOAST, description });
    else toast(title, { id: CHECKOUT_TOAST, description });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHECKOUT_RESULT_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [result, setSearchParams]);
}

const CHECKOUT_TOAST = "checkout-result";

function isCheckoutResult(value: string | null): value is CheckoutResult {
  return (checkoutResults as readonly (string | null)[]).includes(value);
}

/** Billing's part of the signed-in shell: live credit figures, the checkout chosen before sign-in, and how a checkout ended. */
export function BillingRuntime() {
  const { data } = useBillingSummary();
  usePendingCheckout(data);
  useCheckoutResult();
  return data && data.mode !== "off" ? <CreditEvents /> : null;
}
