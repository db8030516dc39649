import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";
import { BeforeAfterSection } from "./before-after-section";
import { CtaEmotionalSection } from "./cta-emotional-section";
import { CtaFinalSection } from "./cta-final-section";
import { FaqSection } from "./faq-section";
import { FeaturesSection } from "./features-section";
import { HeroSection } from "./hero-section";
import { HowItWorksSection } from "./how-it-works-section";
import { PricingSection } from "./pricing-section";
import { SecuritySection } from "./security-section";
import { TestimonialsSection } from "./testimonials-section";
import "./landing.css";

export function LandingPage() {
  const { productName } = useSiteConfig();
  usePageMeta({
    title: `${productName} — payer contracts, answered with citations`,
    description: "Upload payer contracts, fee schedules and medical policies, ask questions in plain English, and get answers cited to the clause and page.",
  });
  return (
    <main id="main">
      <HeroSection />
      <HowItWorksSection />
      <BeforeAfterSection />
      <FeaturesSection />
      <SecuritySection />
      <PricingSection />
      <CtaEmotionalSection />
      <TestimonialsSection />
      <FaqSection />
      <CtaFinalSection />
    </main>
  );
}
