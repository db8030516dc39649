import { RequirePermission } from "../session";

export { AccountPage } from "../account";
export { AppShell } from "./app-shell";

export function RequireOrganizationAdmin() {
  return <RequirePermission permission="organization.manage" />;
}

export function RequirePlatformOwner() {
  return <RequirePermission permission="platform.administer" />;
}
