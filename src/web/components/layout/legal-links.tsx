import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/utils";
import { paths } from "../../../shared/paths";

export const legalLinkClass = "inline-flex min-h-10 items-center hover:text-foreground hover:underline md:min-h-0";

/** Terms and privacy links (and any extra items) as a labelled list, for every footer. */
export function LegalLinks({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <nav aria-label={label}>
      <ul className={cn("flex", className)}>
        <li>
          <Link to={paths.terms} className={legalLinkClass}>
            Terms of Service
          </Link>
        </li>
        <li>
          <Link to={paths.privacy} className={legalLinkClass}>
            Privacy Policy
          </Link>
        </li>
        {children}
      </ul>
    </nav>
  );
}
