import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { paths } from "../../../shared/paths";

export function CtaEmotionalSection() {
  return (
    <section id="cta-emotional" aria-labelledby="cta-emotional-title" className="px-4 py-20 sm:py-24">
      <div className="mx-auto max-w-4xl rounded-2xl bg-primary px-6 py-14 text-center text-primary-foreground shadow-xl sm:px-12">
        <h2 id="cta-emotional-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          You didn&apos;t get into healthcare to read fine print at 9 p.m.
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty opacity-90">
          But when a claim comes back denied or a renewal lands on your desk, someone has to know what the contract says. Let us find it, quote it and cite it,
          so you can get back to running the practice.
        </p>
        <Button asChild size="lg" variant="secondary" className="mt-8">
          <Link to={paths.login}>Get your evenings back</Link>
        </Button>
      </div>
    </section>
  );
}
