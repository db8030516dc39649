import type { ReactNode } from "react";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";

export function PageHeader({
  title,
  description,
  documentTitle = title,
  actions,
}: {
  title: string;
  description?: string;
  documentTitle?: string;
  actions?: ReactNode;
}) {
  const site = useSiteConfig();
  usePageMeta({ title: `${documentTitle} · ${site.productName}` });
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
