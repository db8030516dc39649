import { AlertTriangle } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { Button } from "../../components/ui/button";
import { NotFoundPage } from "./not-found-page";

/** Shown when a page fails to load or render, e.g. a lazy chunk missing after a deploy. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" role="alert" className="flex min-h-[70vh] flex-col items-center justify-center gap-6 px-6 text-center">
      <AlertTriangle aria-hidden className="size-12 text-destructive" />
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">Something went wrong</h1>
        <p className="max-w-md text-muted-foreground">This page could not be shown. Reloading usually fixes it; if it keeps happening, contact support.</p>
      </div>
      <Button onClick={() => window.location.reload()}>Reload page</Button>
    </main>
  );
}
