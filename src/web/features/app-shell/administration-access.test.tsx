import { screen, within } from "@testing-library/react";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OverviewResponse } from "../../../shared/contracts/admin";
import type { AppUser } from "../../../shared/contracts/me";
import type { OrganizationRole, PlatformRole } from "../../../shared/roles";
import { anAppUser } from "../../../../tests/support/app-user";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { stubServer } from "../../../../tests/support/stub-server";
import { TooltipProvider } from "../../components/ui/tooltip";
import { SessionDeletionsProvider } from "../chat/session-deletions";
import { RequireSession } from "../session/guards";
import { OrganizationAdminPage } from "../organizations/organization-admin-page";
import { PlatformConsolePage } from "../admin/platform-console-page";
import { RequireOrganizationAdmin, RequirePlatformOwner } from "./app-pages";
import { AppSidebar } from "./app-sidebar";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function anOverview(): OverviewResponse {
  const metrics = {
    totalOrganizations: 0,
    activeOrganizations: 0,
    totalUsers: 1,
    activeUsers: 1,
    totalDocuments: 0,
    totalPassages: 0,
    totalEmbeddings: 0,
    trialsActive: 0,
    trialsExpiring7d: 0,
    jobsRunning: 0,
    jobsQueued: 0,
  };
  return { metrics, recentActivity: [] };
}

function person(role: PlatformRole, organizationRole: OrganizationRole | null = null): AppUser {
  return anAppUser({
    id: `${role}-${organizationRole ?? "alone"}`,
    role,
    organizationId: organizationRole ? "org-1" : null,
    organizationRole,
    organizationName: organizationRole ? "Blue Valley Clinic" : null,
    organizationStatus: organizationRole ? "trial" : null,
    trialDaysLeft: organizationRole ? 14 : null,
  });
}

/** The sidebar beside the administration pages behind their real guards, signed in as `user`. */
function renderSignedIn(user: AppUser, url: string) {
  stubServer({
    "GET /api/me": { status: 200, body: { user } },
    "GET /api/chat/sessions": { status: 200, body: { sessions: [] } },
    "GET /api/admin/overview": { status: 200, body: anOverview() },
  });
  function Shell() {
    return (
      <SessionDeletionsProvider>
        <TooltipProvider>
          <AppSidebar user={user} placement="rail" isCollapsed={false} onToggle={() => {}} onOpenSupport={() => {}} />
          <main>
            <Outlet />
          </main>
        </TooltipProvider>
      </SessionDeletionsProvider>
    );
  }
  return renderAppRoutes(
    [
      {
        element: <RequireSession />,
        children: [
          {
            element: <Shell />,
            children: [
              { path: "/app", element: <h1>Document Library</h1> },
              { path: "/app/admin/org", element: <RequireOrganizationAdmin />, children: [{ index: true, element: <OrganizationAdminPage /> }] },
              { path: "/app/admin/platform", element: <RequirePlatformOwner />, children: [{ index: true, element: <PlatformConsolePage /> }] },
            ],
          },
        ],
      },
    ],
    url,
    testSiteConfig(),
  );
}

const administrationLinks = () =>
  within(screen.getByRole("navigation", { name: "Workspace" }))
    .queryAllByRole("link")
    .map((link) => link.textContent)
    .filter((label) => label === "Organization" || label === "Platform");

describe("administration links and pages follow the permission table", () => {
  it.each([
    ["a user", person("user"), []],
    ["an organization member", person("user", "org_user"), []],
    ["an organization admin", person("user", "org_admin"), ["Organization"]],
    ["the platform owner", person("platform_owner"), ["Organization", "Platform"]],
  ])("%s sees the Administration links %j", async (_who, user, links) => {
    renderSignedIn(user, "/app");
    await screen.findByRole("heading", { name: "Document Library" });
    expect(administrationLinks()).toEqual(links);
    expect(screen.queryByText("Administration") !== null).toBe(links.length > 0);
  });

  it.each([
    ["a user", person("user"), "/app/admin/org", "Document Library"],
    ["an organization admin", person("user", "org_admin"), "/app/admin/org", "Organization Management"],
    ["the platform owner", person("platform_owner"), "/app/admin/org", "Organization Management"],
    ["an organization admin", person("user", "org_admin"), "/app/admin/platform", "Document Library"],
    ["the platform owner", person("platform_owner"), "/app/admin/platform", "Platform Administration"],
  ])("%s opening %s sees %s", async (_who, user, url, heading) => {
    renderSignedIn(user, url);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });
});
