import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { anAppUser } from "../../../../tests/support/app-user";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer, type Handler } from "../../../../tests/support/stub-server";
import type { BillingSummary } from "../../../shared/contracts/billing";
import { AppProviders } from "../../app/providers";
import { routes } from "../../app/routes";

export const signedInUser = anAppUser();

const subscribed: BillingSummary = {
  mode: "local",
  subscription: {
    planKey: "basic",
    status: "active",
    hasAccess: true,
    willCancel: false,
    currentPeriodStart: "2026-11-01T00:00:00.000Z",
    currentPeriodEnd: "2026-12-01T00:00:00.000Z",
  },
  credits: { startingCredits: 1, creditsUsed: 0, overageUnits: 0, creditsAvailable: 1, creditsTotal: 1, periodStart: null, periodEnd: null },
  organizationPlan: null,
};

export { setWindowWidth } from "../../../../tests/support/window-width";

/**
 * The whole app, as main.tsx renders it, signed in with a subscription: every live feature is on
 * screen. `serverRoutes` add to or replace the server's answers.
 */
export function renderSignedInApp(url: string, serverRoutes: Record<string, Handler> = {}) {
  const server = stubServer({
    "GET /api/me": { status: 200, body: { user: signedInUser } },
    "GET /api/billing/summary": { status: 200, body: subscribed },
    "GET /api/documents": { status: 200, body: { documents: [] } },
    "GET /api/chat/sessions": { status: 200, body: { sessions: [] } },
    ...serverRoutes,
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders site={testSiteConfig()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { server, router };
}
