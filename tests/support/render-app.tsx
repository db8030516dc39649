import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { Toaster } from "sonner";
import type { SiteConfig } from "../../src/shared/site-config";
import { LiveEventsProvider } from "../../src/web/lib/live-events";
import { SiteConfigProvider } from "../../src/web/lib/site-config-context";

/** Renders `routes` at `url` inside the providers the real app wraps pages in (the app shell holds the live events). */
export function renderAppRoutes(routes: RouteObject[], url: string, site: SiteConfig) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <SiteConfigProvider value={site}>
      <QueryClientProvider client={queryClient}>
        <LiveEventsProvider>
          <RouterProvider router={router} />
        </LiveEventsProvider>
      </QueryClientProvider>
      <Toaster />
    </SiteConfigProvider>,
  );
  return { router, queryClient };
}
