import { RequirePermission } from "../session";
import { useSiteConfig } from "../../lib/site-config-context";
import { PageHeader } from "../../components/layout/page-header";

export { AccountPage } from "./account-page";
export { AppShell } from "./app-shell";

export function ContactSalesPage() {
  const site = useSiteConfig();
  return (
    <>
      <PageHeader title="Contact Sales" description="Enterprise plans for groups and health systems." />
      <p className="max-w-xl">
        Write to{" "}
        <a className="font-medium text-primary underline" href={`mailto:${site.salesEmail}`}>
          {site.salesEmail}
        </a>
        . Our sales team replies within 24 hours.
      </p>
    </>
  );
}

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
