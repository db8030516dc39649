import { BadgeCheck, MessageCircle, Timer } from "lucide-react";
import { LandingSection } from "./landing-section";

const features = [
  {
    Icon: Timer,
    title: "Minutes to clarity",
    text: "A contract review that used to take an afternoon takes minutes. Teams spend about 80% less time finding what an agreement says about rates, filing limits and notice periods.",
  },
  {
    Icon: BadgeCheck,
    title: "Proof you can act on",
    text: "Every answer cites the clause and page and quotes the contract word for word, checked against the page before you see it. Take it into an appeal, a payer call or an audit.",
  },
  {
    Icon: MessageCircle,
    title: "No legal training required",
    text: "Ask the way you would ask a colleague. Spot the prior authorization requirement or the denial trigger in plain English, before it turns into a denied claim.",
  },
];

export function FeaturesSection() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Built for the people who keep the practice paid"
      lead="Fewer denials start with knowing the rules your payers wrote. Get them out of the contract and into your workflow."
    >
      <div className="mt-14 grid gap-6 md:grid-cols-3">
        {features.map(({ Icon, title, text }) => (
          <article key={title} className="rounded-xl border bg-card p-6 shadow-sm">
            <Icon aria-hidden className="size-9 rounded-lg bg-accent p-2 text-primary" />
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </article>
        ))}
      </div>
    </LandingSection>
  );
}
