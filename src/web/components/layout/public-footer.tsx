import { LegalLinks, legalLinkClass } from "./legal-links";
import { useSiteConfig } from "../../lib/site-config-context";
import { LogoMark } from "./public-header";

export function PublicFooter() {
  const site = useSiteConfig();
  return (
    <footer className="border-t bg-muted/40 px-4 py-12 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md space-y-3">
          <p className="flex items-center gap-2 text-base font-bold text-foreground">
            <LogoMark />
            {site.productName}
          </p>
          <p>
            AI can make mistakes: check important answers against the cited page. Answers are informational, not legal or medical advice. Do not upload
            protected health information (PHI) or patient data.
          </p>
        </div>
        <LegalLinks label="Footer" className="flex-col gap-3 sm:flex-row sm:gap-6">
          <li>
            <a href={`mailto:${site.supportEmail}`} className={legalLinkClass}>
              Contact support
            </a>
          </li>
        </LegalLinks>
      </div>
      <p className="mx-auto mt-10 max-w-6xl border-t pt-6">
        © {new Date().getFullYear()} {site.companyName}
      </p>
    </footer>
  );
}
