import { RequirePermission } from "../session";
import { PageHeader } from "../../components/layout/page-header";

export { AccountPage } from "./account-page";
export { AppShell } from "./app-shell";

export function RequireOrganizationAdmin() {
  return <RequirePermission permission="organization.manage" />;
}

export function RequirePlatformOwner() {
  return <RequirePermission permission="platform.administer" />;
}

// The platform console fills this page in its own issue.
export function PlatformAdminPage() {
  return <PageHeader title="Platform Administration" documentTitle="Platform Admin" />;
}
