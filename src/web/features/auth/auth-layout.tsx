import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { LegalLinks } from "../../components/layout/legal-links";
import { LogoMark } from "../../components/layout/public-header";
import { ThemeMenu } from "../../components/theme-menu";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";
import { paths } from "../../../shared/paths";
import { SkipLink } from "../../components/layout/skip-link";

/** The frame around every sign-in page: logo home, theme menu, a centered card, legal links. */
export function AuthLayout() {
  const { productName } = useSiteConfig();
  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <SkipLink />
      <header className="mx-auto flex h-16 w-full max-w-5xl items-center justify-between px-4">
        <Link to={paths.home} className="flex min-h-10 items-center gap-2 rounded-md text-lg font-bold tracking-tight">
          <LogoMark />
          {productName}
        </Link>
        <ThemeMenu />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-6 sm:items-center sm:py-10">
        <div className="w-full max-w-md">
          <Outlet />
        </div>
      </main>
      <footer className="px-4 py-6 text-center text-sm text-muted-foreground">
        <LegalLinks label="Legal" className="flex-wrap justify-center gap-x-6 gap-y-2" />
      </footer>
    </div>
  );
}

/** One sign-in page: sets the document title and shows its card with an h1. */
export function AuthCard({
  title,
  pageTitle = title,
  description,
  icon,
  children,
}: {
  title: string;
  /** The document title when it differs from the heading. */
  pageTitle?: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  const { productName } = useSiteConfig();
  usePageMeta({ title: `${pageTitle} · ${productName}` });
  return (
    <Card>
      <CardHeader>
        {icon && <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">{icon}</div>}
        <CardTitle as="h1">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="space-y-5">{children}</CardContent>}
    </Card>
  );
}

/** For pages that only pass through (/auth/open, /auth/hash). */
export function AuthStatus({ title, message }: { title: string; message: string }) {
  const { productName } = useSiteConfig();
  usePageMeta({ title: `${title} · ${productName}` });
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <span aria-hidden className="size-8 animate-spin rounded-full border-2 border-primary border-t-transparent" />
        <h1 className="sr-only">{title}</h1>
        <p role="status" className="text-muted-foreground">
          {message}
        </p>
      </CardContent>
    </Card>
  );
}
