import { ArrowUp } from "lucide-react";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";
import type { LegalDocument } from "./legal-document";

const TOP_ID = "top";

/** A legal text with its table of contents; every section is an anchor. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const site = useSiteConfig();
  usePageMeta({ title: `${document.title} · ${site.productName}`, description: document.description });
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
      <header id={TOP_ID} className="mb-10 max-w-3xl scroll-mt-24">
        <h1 className="text-4xl font-bold tracking-tight">{document.title}</h1>
        <p className="mt-3 text-muted-foreground">{document.dateLabel}</p>
      </header>
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:self-start lg:overflow-y-auto">
          <h2 id="toc-heading" className="mb-3 text-sm font-semibold uppercase tracking-wider text-muted-foreground">
            Contents
          </h2>
          <ol className="border-l pl-4 text-sm md:space-y-1.5">
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="inline-flex min-h-10 items-center text-muted-foreground hover:text-foreground hover:underline md:min-h-0">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-prose max-w-3xl">
          {document.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`}>{section.title}</h2>
              {section.content(site)}
            </section>
          ))}
          <p className="mt-12">
            <a href={`#${TOP_ID}`} className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-primary hover:underline">
              <ArrowUp aria-hidden className="size-4" />
              Back to top
            </a>
          </p>
        </article>
      </div>
    </main>
  );
}
