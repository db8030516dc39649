import type { AppUser } from "../../../shared/contracts/me";
import type { SiteConfig } from "../../../shared/site-config";
import { anAppUser } from "../../../../tests/support/app-user";
import { ORGANIZATION_ID } from "../../../../tests/support/organization-answers";
import { renderAppRoutes } from "../../../../tests/support/render-app";
import { testSiteConfig } from "../../../../tests/support/site-config";
import { EnterpriseUpgradePage, OrganizationAdminPage } from "./organization-pages";

export { stubServer } from "../../../../tests/support/stub-server";

/** An admin of the test organization (tests/support/organization-answers), as GET /api/me answers. */
export function anAdmin(overrides: Partial<AppUser> = {}): AppUser {
  return anAppUser({
    id: "admin-1",
    email: "pat@bluevalley.example",
    organizationId: ORGANIZATION_ID,
    organizationRole: "org_admin",
    organizationName: "Blue Valley Clinic",
    organizationStatus: "trial",
    trialDaysLeft: 10,
    ...overrides,
  });
}

export const organizationPath = `/api/organizations/${ORGANIZATION_ID}`;

export function renderOrganizationPages(url: string, site: SiteConfig = testSiteConfig()) {
  return renderAppRoutes(
    [
      { path: "/app/admin/org", element: <OrganizationAdminPage /> },
      { path: "/app/contact-sales", element: <EnterpriseUpgradePage /> },
      { path: "/app/upgrade", element: <EnterpriseUpgradePage /> },
    ],
    url,
    site,
  );
}
