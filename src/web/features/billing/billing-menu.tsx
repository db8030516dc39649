import { ArrowUpCircle, CreditCard, PlusCircle, Settings2 } from "lucide-react";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../components/ui/dropdown-menu";
import { buyCreditLabel, useBillingActions, useBillingSummary } from "./use-billing";

/** 'Credits: available/total' under the person's name; nothing while unknown (failures are silent). */
export function CreditsLine() {
  const { data } = useBillingSummary();
  if (!data || data.mode === "off") return null;
  return (
    <span className="mt-1 block text-xs text-muted-foreground" data-testid="credits-line">
      Credits: {data.credits.creditsAvailable}/{data.credits.creditsTotal}
    </span>
  );
}

/**
 * 'Start subscription' (the plan picker) when the status is not active, else 'Manage/Upgrade plan'
 * (the billing portal); 'Upgrade to Pro' unless already on Pro; and buying a one-time credit.
 */
export function BillingMenuItems({ onStartSubscription }: { onStartSubscription: () => void }) {
  const { data } = useBillingSummary();
  const { buyCredit, openPortal } = useBillingActions();
  if (!data || data.mode === "off") return null;
  const subscription = data.subscription;
  const isActive = subscription?.status === "active";
  return (
    <>
      <DropdownMenuSeparator />
      {isActive ? (
        <DropdownMenuItem disabled={openPortal.isPending} onSelect={() => openPortal.mutate()}>
          <Settings2 aria-hidden />
          Manage/Upgrade plan
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem onSelect={onStartSubscription}>
          <CreditCard aria-hidden />
          Start subscription
        </DropdownMenuItem>
      )}
      {isActive && subscription.planKey !== "pro" && (
        <DropdownMenuItem disabled={openPortal.isPending} onSelect={() => openPortal.mutate()}>
          <ArrowUpCircle aria-hidden />
          Upgrade to Pro
        </DropdownMenuItem>
      )}
      <DropdownMenuItem disabled={buyCredit.isPending} onSelect={() => buyCredit.mutate()}>
        <PlusCircle aria-hidden />
        {buyCreditLabel}
      </DropdownMenuItem>
    </>
  );
}
