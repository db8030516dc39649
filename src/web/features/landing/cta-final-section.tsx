import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { paths } from "../../../shared/paths";

export function CtaFinalSection() {
  return (
    <section id="cta-final" aria-labelledby="cta-final-title" className="border-t px-4 py-20 text-center sm:py-24">
      <div className="mx-auto max-w-2xl">
        <h2 id="cta-final-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ask your first contract question today
        </h2>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">Upload one payer agreement and see a cited, plain-English answer for yourself.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={paths.login}>Start free</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/#pricing">See pricing</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
