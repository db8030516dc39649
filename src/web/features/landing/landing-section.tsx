import type { ReactNode } from "react";
import { cn } from "../../lib/utils";

interface LandingSectionProps {
  id: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** A landing section: a labelled region with a centred h2 header; ids double as header anchors. */
export function LandingSection({ id, eyebrow, title, lead, className, children }: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={cn("px-4 py-20 sm:py-24", className)}>
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
          <h2 id={titleId} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {lead && <p className="mt-4 text-lg text-pretty text-muted-foreground">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
