import { useRef } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { HeroAnimation } from "./hero-animation";
import { useParallax } from "./use-parallax";
import { paths } from "../../../shared/paths";

const proofPoints = ["About 80% less review time", "Citations to clause and page", "No legal training required"];

export function HeroSection() {
  const backdrop = useRef<HTMLDivElement>(null);
  useParallax(backdrop);
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative isolate overflow-hidden px-4 pt-14 pb-20 sm:pt-20 lg:pb-28">
      <div ref={backdrop} data-testid="hero-parallax" aria-hidden className="cw-hero-bg pointer-events-none absolute inset-x-0 -top-24 -z-10 h-[140%]" />
      <div className="mx-auto grid max-w-6xl items-center gap-14 lg:grid-cols-[1.2fr_1fr]">
        <div className="text-center lg:text-left">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">For US practice managers and independent practices</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:leading-[1.1]">
            Know what your payer contracts say, <span className="block text-primary">down to the page.</span>
          </h1>
          <p className="mx-auto mt-6 max-w-xl text-lg text-pretty text-muted-foreground lg:mx-0">
            Upload a payer contract, fee schedule or medical policy and ask in plain English. Timely filing limits, termination notice, prior authorization
            rules: every answer cites the clause and page it came from.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg">
              <Link to={paths.login}>Start here</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/#how-it-works">How it works</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-muted-foreground lg:justify-start">
            {proofPoints.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <span aria-hidden className="size-1.5 rounded-full bg-primary" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <HeroAnimation />
      </div>
    </section>
  );
}
