import { FlaskConical } from "lucide-react";
import type { ReactNode } from "react";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";

/** The frame of the local provider's pages: impossible to mistake for a real payment. */
export function TestModeLayout({ title, children }: { title: string; children: ReactNode }) {
  const site = useSiteConfig();
  usePageMeta({ title: `${title} (test mode) · ${site.productName}` });
  return (
    <div className="min-h-screen bg-muted/40">
      <div role="note" className="flex items-center justify-center gap-2 bg-amber-300 px-4 py-2 text-sm font-semibold text-amber-950">
        <FlaskConical aria-hidden className="size-4" />
        TEST MODE — no real charge. This server has no payment provider configured.
      </div>
      <main id="main" className="mx-auto max-w-lg px-4 py-10">
        <p className="mb-1 text-sm text-muted-foreground">{site.productName}</p>
        <h1 className="mb-6 text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </main>
    </div>
  );
}
