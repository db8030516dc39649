import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "../../lib/utils";

export const legalLinkClass = "hover:text-foreground hover:underline";

/** Terms and privacy links (and any extra items) as a labelled list, for every footer. */
export function LegalLinks({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <nav aria-label={label}>
      <ul className={cn("flex", className)}>
        <li>
          <Link to="/termsofservice" className={legalLinkClass}>
            Terms of Service
          </Link>
        </li>
        <li>
          <Link to="/privacypolicy" className={legalLinkClass}>
            Privacy Policy
          </Link>
        </li>
        {children}
      </ul>
    </nav>
  );
}
