import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { PlanCards } from "./plan-cards";
import { useBillingActions } from "./use-billing";

/** 'Choose your plan': the plan picker of the user menu; a failed start says 'Subscription error'. */
export function ChoosePlanDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { subscribe } = useBillingActions();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Choose your plan</DialogTitle>
          <DialogDescription>Every plan includes unlimited chat. Each document you process uses one credit.</DialogDescription>
        </DialogHeader>
        <PlanCards onChoose={(plan) => subscribe.mutate(plan)} pendingPlan={subscribe.isPending ? (subscribe.variables ?? null) : null} />
      </DialogContent>
    </Dialog>
  );
}
