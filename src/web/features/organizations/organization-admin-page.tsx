import { Building2, CreditCard, ScrollText, Settings, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { Organization } from "../../../shared/contracts/organizations";
import { organizationMessages } from "../../../shared/organizations";
import { PageHeader } from "../../components/layout/page-header";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { AuditLog } from "../audit";
import { useSession } from "../session";
import { BillingTab } from "./billing-tab";
import { SettingsTab } from "./settings-tab";
import { useOrganization } from "./use-organization";
import { UsersTab } from "./users-tab";

const tabs = ["users", "settings", "billing", "audit"] as const;
type Tab = (typeof tabs)[number];

function isTab(value: string | null): value is Tab {
  return (tabs as readonly (string | null)[]).includes(value);
}

const PAGE_TITLE = "Organization Management";

function OrganizationTabs({ organizationId }: { organizationId: string }) {
  const organization = useOrganization(organizationId);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "users";

  // Settings and Billing show the organization itself: its loading and its failure.
  const organizationPanel = (render: (loaded: Organization) => ReactNode) =>
    organization.isPending ? (
      <div role="status" aria-label="Loading organization" className="grid max-w-3xl gap-4">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    ) : organization.isError ? (
      <LoadProblem message={organizationMessages.loadOrganizationFailed} error={organization.error} onRetry={() => void organization.refetch()} />
    ) : (
      render(organization.data)
    );

  return (
    <>
      <PageHeader title={PAGE_TITLE} description={organization.data?.name ?? "Your team, its sign-in methods and its subscription."} />
      <Tabs value={tab} onValueChange={(value) => setSearchParams(value === "users" ? {} : { tab: value }, { replace: true })}>
        <TabsList aria-label="Organization" className="max-sm:[&_svg]:hidden">
          <TabsTrigger value="users">
            <Users aria-hidden />
            Users
          </TabsTrigger>
          <TabsTrigger value="settings">
            <Settings aria-hidden />
            Settings
          </TabsTrigger>
          <TabsTrigger value="billing">
            <CreditCard aria-hidden />
            Billing
          </TabsTrigger>
          <TabsTrigger value="audit">
            <ScrollText aria-hidden />
            Audit log
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersTab organizationId={organizationId} organization={organization.data} />
        </TabsContent>
        <TabsContent value="settings">
          {organizationPanel((loaded) => (
            <SettingsTab organization={loaded} />
          ))}
        </TabsContent>
        <TabsContent value="billing">
          {organizationPanel((loaded) => (
            <BillingTab organization={loaded} />
          ))}
        </TabsContent>
        <TabsContent value="audit">
          {tab === "audit" && <AuditLog source={{ kind: "organization", organizationId }} label="Organization audit log" />}
        </TabsContent>
      </Tabs>
    </>
  );
}

/** /app/admin/org: the signed-in admin's (or the platform owner's) own organization; RequireOrganizationAdmin guards it. */
export function OrganizationAdminPage() {
  const { user } = useSession();
  const organizationId = user?.organizationId;
  if (!organizationId) {
    return (
      <>
        <PageHeader title={PAGE_TITLE} />
        <EmptyState icon={Building2} title="No organization" className="py-16">
          <p className="max-w-md text-muted-foreground">You are not an active member of an organization. Sign out and in again, or contact support.</p>
        </EmptyState>
      </>
    );
  }
  return <OrganizationTabs key={organizationId} organizationId={organizationId} />;
}
