import { ArrowUpCircle, CreditCard, PlusCircle, Settings2 } from "lucide-react";
import { allowanceUsedText, creditsThatApply } from "../../../shared/billing";
import { organizationStatusLabels, trialBadge } from "../../../shared/organizations";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import { buyCreditLabel, useBillingActions, useBillingSummary } from "./use-billing";

/**
 * 'Credits: available/total' under the person's name, counting what really applies (their own
 * credits and their organization's allowance, `creditsThatApply`), and the organization's allowance
 * in the Billing tab's words while it covers them; nothing while unknown (failures are silent).
 */
export function CreditsLine() {
  const { data } = useBillingSummary();
  if (!data || data.mode === "off") return null;
  const credits = creditsThatApply(data.credits, data.organizationPlan);
  const plan = data.organizationPlan;
  return (
    <>
      <span className="mt-1 block text-xs text-muted-foreground" data-testid="credits-line">
        Credits: {credits.available}/{credits.total}
      </span>
      {plan?.hasAccess && (
        <span className="block text-xs text-muted-foreground">
          {organizationStatusLabels[plan.status]} allowance: {allowanceUsedText(plan)}
          {plan.trialDaysLeft !== null && ` · ${trialBadge(plan.trialDaysLeft).text}`}
        </span>
      )}
      {plan?.status === "suspended" && <span className="block text-xs text-destructive">Organization suspended: processing paused</span>}
    </>
  );
}

/**
 * 'Manage/Upgrade plan' (the billing portal) while a subscription is active, and 'Upgrade to Pro'
 * unless already on Pro; otherwise 'Start subscription' (the plan picker) — unless the
 * organization's trial or enterprise plan covers the person, or its suspension means no plan would
 * let them process; and buying a one-time credit, except while suspended.
 */
export function BillingMenuItems({ onStartSubscription }: { onStartSubscription: () => void }) {
  const { data } = useBillingSummary();
  const { buyCredit, openPortal } = useBillingActions();
  if (!data || data.mode === "off") return null;
  const subscription = data.subscription;
  const isActive = subscription?.status === "active";
  const isSuspended = data.organizationPlan?.status === "suspended";
  const isCoveredByOrganization = data.organizationPlan?.hasAccess === true;
  if (isSuspended && !isActive) return null;
  return (
    <>
      <DropdownMenuSeparator />
      {isActive ? (
        <DropdownMenuItem disabled={openPortal.isPending} onSelect={() => openPortal.mutate()}>
          <Settings2 aria-hidden />
          Manage/Upgrade plan
        </DropdownMenuItem>
      ) : (
        !isCoveredByOrganization && (
          <DropdownMenuItem onSelect={onStartSubscription}>
            <CreditCard aria-hidden />
            Start subscription
          </DropdownMenuItem>
        )
      )}
      {isActive && subscription.planKey !== "pro" && (
        <DropdownMenuItem disabled={openPortal.isPending} onSelect={() => openPortal.mutate()}>
          <ArrowUpCircle aria-hidden />
          Upgrade to Pro
        </DropdownMenuItem>
      )}
      {!isSuspended && (
        <DropdownMenuItem disabled={buyCredit.isPending} onSelect={() => buyCredit.mutate()}>
          <PlusCircle aria-hidden />
          {buyCreditLabel}
        </DropdownMenuItem>
      )}
    </>
  );
}
