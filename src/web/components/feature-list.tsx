import { Check } from "lucide-react";
import { cn } from "../lib/utils";

/** A plan's or offer's features, each with a check mark (landing pricing, plan picker). */
export function FeatureList({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={cn("text-sm", className)}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden className="size-4 shrink-0 translate-y-0.5 text-primary" />
          {feature}
        </li>
      ))}
    </ul>
  );
}
