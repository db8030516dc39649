import { Loader2 } from "lucide-react";
import { planKeys, subscriptionPlans, type PlanKey } from "../../../shared/plans";
import { FeatureList } from "../../components/feature-list";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";

/** Basic and Pro side by side, Pro marked 'Most Popular'; choosing one starts its checkout. */
export function PlanCards({ onChoose, pendingPlan }: { onChoose: (plan: PlanKey) => void; pendingPlan: PlanKey | null }) {
  return (
    <ul aria-label="Plans" className="grid gap-4 sm:grid-cols-2">
      {planKeys.map((key) => {
        const plan = subscriptionPlans[key];
        return (
          <li
            key={key}
            aria-labelledby={`plan-${key}`}
            className={cn("relative flex flex-col rounded-xl border bg-card p-5 shadow-sm", plan.isMostPopular && "border-primary ring-1 ring-primary")}
          >
            {plan.isMostPopular && (
              <p className="absolute -top-3 left-5 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">Most Popular</p>
            )}
            <h3 id={`plan-${key}`} className="text-lg font-semibold">
              {plan.name}
            </h3>
            <p className="mt-2 flex items-baseline gap-1">
              <span className="text-3xl font-bold tracking-tight">${plan.priceUsdPerMonth}</span>
              <span className="text-muted-foreground">/month</span>
            </p>
            <FeatureList features={plan.features} className="mt-4 mb-5 space-y-2" />
            <Button
              className="mt-auto w-full"
              variant={plan.isMostPopular ? "default" : "outline"}
              disabled={pendingPlan !== null}
              onClick={() => onChoose(key)}
            >
              {pendingPlan === key && <Loader2 aria-hidden className="animate-spin" />}
              Choose {plan.name}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
