import { FileQuestion } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { usePageMeta } from "../../lib/use-page-meta";
import { useSiteConfig } from "../../lib/site-config-context";
import { paths } from "../../../shared/paths";

export function NotFoundPage() {
  const site = useSiteConfig();
  usePageMeta({ title: `Page not found · ${site.productName}` });
  return (
    <main id="main" className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-6 text-center">
      <FileQuestion aria-hidden className="size-14 text-muted-foreground" />
      <div className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">404</p>
        <h1 className="text-3xl font-bold tracking-tight">Oops! Page not found</h1>
        <p className="max-w-md text-muted-foreground">The page you were looking for doesn&apos;t exist or has moved.</p>
      </div>
      <Button asChild>
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </main>
  );
}
