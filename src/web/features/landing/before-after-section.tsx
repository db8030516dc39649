import { Check, X } from "lucide-react";
import { useSiteConfig } from "../../lib/site-config-context";
import { cn } from "../../lib/utils";
import { LandingSection } from "./landing-section";

const before = [
  "Ctrl+F through a 90-page PDF, hoping the payer used the word you searched for.",
  "A corrected claim denied because the filing window was buried in an exhibit.",
  "The termination notice period found a week after the renewal date passed.",
  "Appeals written from memory, without the contract language behind them.",
];
const after = [
  "A plain-English answer in minutes, with the clause and page beside it.",
  "Filing limits, notice periods and prior authorization rules, the moment you ask.",
  "Appeals and payer calls backed by the exact quote from your agreement.",
  "An audit-ready record of what the contract says.",
];

function Column({ title, items, good }: { title: string; items: string[]; good?: boolean }) {
  const Icon = good ? Check : X;
  return (
    <div className={cn("rounded-xl border p-6 sm:p-8", good ? "border-primary/40 bg-accent/60" : "bg-card")}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <ul className="mt-5 space-y-4">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", good ? "text-primary" : "text-destructive")} />
            <span className={good ? undefined : "text-muted-foreground"}>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BeforeAfterSection() {
  const { productName } = useSiteConfig();
  return (
    <LandingSection
      id="before-after"
      eyebrow="The difference"
      title={`Before and After ${productName}`}
      lead="The contract hasn't changed. How quickly you can act on it has."
    >
      <div className="mt-14 grid gap-6 md:grid-cols-2">
        <Column title="Before" items={before} />
        <Column title={`With ${productName}`} items={after} good />
      </div>
    </LandingSection>
  );
}
