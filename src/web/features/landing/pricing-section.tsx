import { Link } from "react-router";
import { paths, withQuery } from "../../../shared/paths";
import { documentCredit, planKeys, subscriptionPlans, type PlanKey } from "../../../shared/plans";
import { FeatureList } from "../../components/feature-list";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/utils";
import { LandingSection } from "./landing-section";

interface Offer {
  key: string;
  name: string;
  price: number;
  period: string;
  blurb: string;
  features: readonly string[];
  href: string;
  action: string;
  isMostPopular: boolean;
}

const planBlurbs: Record<PlanKey, string> = {
  basic: "For a solo practitioner who reviews one key agreement a month.",
  pro: "For practice managers handling renewals across several payers.",
};

const offers: Offer[] = [
  ...planKeys.map((key) => {
    const plan = subscriptionPlans[key];
    return {
      key,
      name: plan.name,
      price: plan.priceUsdPerMonth,
      period: "/month",
      blurb: planBlurbs[key],
      features: plan.features,
      href: withQuery(paths.login, { plan: key }),
      action: `Choose ${plan.name}`,
      isMostPopular: plan.isMostPopular,
    };
  }),
  {
    key: "credit",
    name: documentCredit.name,
    price: documentCredit.priceUsd,
    period: "one-time",
    blurb: "One more contract this month, without changing your plan.",
    features: documentCredit.features,
    href: withQuery(paths.login, { purchase: "credit" }),
    action: "Buy a credit",
    isMostPopular: false,
  },
];

export function PricingSection() {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing, no contract to decode"
      lead="Every plan includes unlimited chat and citations to clause and page. Each document you process uses one credit."
    >
      <div className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-3">
        {offers.map((offer) => (
          <article
            key={offer.key}
            aria-labelledby={`offer-${offer.key}`}
            className={cn(
              "relative flex flex-col rounded-xl border bg-card p-6 shadow-sm",
              offer.isMostPopular && "border-primary shadow-lg ring-1 ring-primary md:-my-3 md:py-9",
            )}
          >
            {offer.isMostPopular && (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                Most popular
              </p>
            )}
            <h3 id={`offer-${offer.key}`} className="text-lg font-semibold">
              {offer.name}
            </h3>
            <p className="mt-4 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight">${offer.price}</span>
              <span className="text-muted-foreground">{offer.period}</span>
            </p>
            <p className="mt-3 text-sm text-muted-foreground">{offer.blurb}</p>
            <FeatureList features={offer.features} className="mt-6 mb-8 space-y-3" />
            <Button asChild variant={offer.isMostPopular ? "default" : "outline"} className="mt-auto w-full">
              <Link to={offer.href}>{offer.action}</Link>
            </Button>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}
