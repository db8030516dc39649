import { useEffect, useRef } from "react";
import { toast } from "sonner";
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

/** Billing's part of the signed-in shell: live credit figures and the checkout chosen before sign-in. */
export function BillingRuntime() {
  const { data } = useBillingSummary();
  usePendingCheckout(data);
  return data && data.mode !== "off" ? <CreditEvents /> : null;
}
