import { LandingSection } from "./landing-section";

const testimonials = [
  {
    name: "Dana Whitfield",
    role: "Practice Manager",
    practice: "independent family medicine practice",
    quote:
      "A Medicaid managed care plan denied a claim for missing prior authorization. I found the exception in our contract in two minutes, with the page number, and the appeal went out that afternoon.",
  },
  {
    name: "Marcus Ortega",
    role: "Revenue Cycle Director",
    practice: "multi-site orthopedic group",
    quote:
      "I used to block a full day before every renewal. Now I ask about fee schedule updates, termination notice and timely filing, and our physicians have cited answers by lunch.",
  },
];

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" eyebrow="Testimonials" title="Practice managers, in their own words" className="bg-muted/40">
      <div className="mx-auto mt-14 grid max-w-5xl gap-6 md:grid-cols-2">
        {testimonials.map(({ name, role, practice, quote }) => (
          <figure key={name} className="flex flex-col rounded-xl border bg-card p-8 shadow-sm">
            <blockquote className="flex-1 text-lg text-pretty">
              <p>“{quote}”</p>
            </blockquote>
            <figcaption className="mt-6 text-sm text-muted-foreground">
              <span className="font-semibold text-foreground">{name}</span>, {role}, {practice}
            </figcaption>
          </figure>
        ))}
      </div>
    </LandingSection>
  );
}
