import { LandingSection } from "./landing-section";

const steps = [
  {
    title: "Upload",
    text: "Add a payer contract, network agreement, Medicare Advantage or Medicaid managed care amendment, fee schedule or medical policy. PDFs, Word files and scanned pages all work.",
  },
  {
    title: "We structure it for you",
    text: "We read every page, scans included, and organize the text into articles, sections and clauses, keeping page numbers and exhibits where they belong.",
  },
  {
    title: "Ask anything",
    text: "“What is our timely filing limit for corrected claims?” Get a plain-English answer with the clause, the page and the contract's exact words.",
  },
];

export function HowItWorksSection() {
  return (
    <LandingSection
      id="how-it-works"
      eyebrow="How it works"
      title="From a 90-page PDF to a cited answer"
      lead="No setup, no templates, no training. If you can send an email, you can get answers out of your contracts."
      className="bg-muted/40"
    >
      <ol className="mt-14 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-xl border bg-card p-6 shadow-sm">
            <span aria-hidden className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground">
              {index + 1}
            </span>
            <h3 className="mt-5 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-muted-foreground">{step.text}</p>
          </li>
        ))}
      </ol>
    </LandingSection>
  );
}
