/** The organization pages, one lazy chunk (routes.tsx picks each by name). */
export { OrganizationAdminPage } from "./organization-admin-page";
export { EnterpriseUpgradePage } from "./enterprise-upgrade-page";
