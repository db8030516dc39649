import { Building2, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { adminMessages } from "../../../shared/admin";
import type { AdminOrganization, AdminOrganizationListResponse } from "../../../shared/contracts/admin";
import { accessRoleLabels } from "../../../shared/access";
import { organizationStatuses, organizationStatusLabels, type OrganizationStatus } from "../../../shared/organizations";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { LoadProblem } from "../../components/ui/load-problem";
import { SkeletonRows } from "../../components/ui/skeleton";
import type { RecordColumn } from "../../components/ui/record-table";
import { TextField } from "../../components/ui/text-field";
import { formatDate } from "../../lib/format-date";
import { adminApi } from "./admin-api";
import { PagedTable, SearchBox, Toolbar } from "./console-parts";
import { formatDateTime, subscriptionText } from "./console-format";
import { useConsoleActions, useConsoleList, useMembersOf } from "./use-console";
import type { ConsoleUrl } from "./use-console-url";

const activityBadges = { active: "default", inactive: "secondary", suspended: "destructive" } as const;

const organizationColumns: RecordColumn<AdminOrganization>[] = [
  {
    header: "Organization",
    isTitle: true,
    cell: (organization) => (
      <>
        <span className="font-medium">{organization.name}</span>
        {organization.domains.length > 0 && <span className="block text-xs font-normal text-muted-foreground">{organization.domains.join(", ")}</span>}
      </>
    ),
  },
  {
    header: "Status",
    cell: (organization) => (
      <Badge variant={activityBadges[organization.status]} className="capitalize">
        {organization.status}
      </Badge>
    ),
  },
  { header: "Subscription", className: "whitespace-nowrap", cell: (organization) => subscriptionText(organization) },
  {
    header: "Users",
    className: "tabular-nums",
    cell: (organization) => (
      <>
        {organization.usersCount} <span className="text-muted-foreground">({organization.activeUsersCount} active)</span>
      </>
    ),
  },
  { header: "Documents", className: "tabular-nums", cell: (organization) => organization.documentsCount },
  { header: "Vectors", className: "tabular-nums", cell: (organization) => organization.vectorsCount },
  { header: "Jobs running", className: "tabular-nums", cell: (organization) => organization.jobsRunning },
  { header: "Jobs in error", className: "tabular-nums", cell: (organization) => organization.jobsError },
  {
    header: "Last document",
    className: "whitespace-nowrap",
    cell: (organization) => (organization.lastDocumentAt ? formatDate(organization.lastDocumentAt) : "—"),
  },
];

export function OrganizationsTab({ url }: { url: ConsoleUrl }) {
  const query = useConsoleList("organizations", { search: url.get("q"), offset: String(url.offset) }, adminApi.organizations);
  const [opened, setOpened] = useState<AdminOrganization>();
  return (
    <>
      <Toolbar>
        <SearchBox url={url} label="Search organizations" placeholder="Name or domain" />
      </Toolbar>
      <PagedTable<AdminOrganizationListResponse, AdminOrganization>
        label="Organizations"
        query={query}
        rowsOf={(data) => data.organizations}
        url={url}
        empty={{ icon: Building2, title: "No organizations found", text: url.get("q") ? "No organization matches this search." : "No organization yet." }}
        columns={organizationColumns}
        actions={(organization) => (
          <Button type="button" variant="outline" size="sm" onClick={() => setOpened(organization)} aria-label={`Open ${organization.name}`}>
            Open
          </Button>
        )}
      />
      {opened && <OrganizationDialog organization={opened} url={url} onClose={() => setOpened(undefined)} />}
    </>
  );
}

const isoDate = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

/** One organization: its members, limits and plan (suspend, reactivate, trial end, monthly allowance). */
function OrganizationDialog({ organization, url, onClose }: { organization: AdminOrganization; url: ConsoleUrl; onClose: () => void }) {
  const members = useMembersOf(organization.id);
  const { updatePlan } = useConsoleActions();
  const [status, setStatus] = useState<OrganizationStatus>(organization.subscriptionStatus);
  const [trialEnd, setTrialEnd] = useState(isoDate(organization.trialEndsAt));
  const [monthlyCredits, setMonthlyCredits] = useState(organization.monthlyCredits === null ? "" : String(organization.monthlyCredits));

  function save(event: FormEvent) {
    event.preventDefault();
    updatePlan.mutate(
      {
        organizationId: organization.id,
        plan: {
          status,
          trialEndsAt: status === "trial" && trialEnd ? new Date(`${trialEnd}T23:59:59Z`).toISOString() : null,
          monthlyCredits: monthlyCredits.trim() === "" ? null : Number(monthlyCredits),
        },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{organization.name}</DialogTitle>
          <DialogDescription>
            {subscriptionText(organization)} · {organization.maxUsers} users · {organization.storageLimitGb} GB · created {formatDate(organization.createdAt)}
          </DialogDescription>
        </DialogHeader>
        <section className="space-y-2" aria-labelledby="organization-members-heading">
          <h3 id="organization-members-heading" className="font-semibold">
            Members
          </h3>
          {members.isPending ? (
            <SkeletonRows label="Loading members" />
          ) : members.isError ? (
            <LoadProblem message="Failed to load users" error={members.error} onRetry={() => void members.refetch()} />
          ) : members.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No members yet.</p>
          ) : (
            <ul className="divide-y rounded-lg border text-sm">
              {members.data.map((member) => (
                <li key={member.membershipId} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                  <span className="min-w-0 break-all">{member.email}</span>
                  <span className="text-muted-foreground">
                    {accessRoleLabels[member.role]} · {member.status} · {member.documentsCount} documents
                  </span>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="link" className="px-0" onClick={() => url.openTab("documents", { org: organization.id })}>
              Its documents
            </Button>
            <Button type="button" variant="link" className="px-0" onClick={() => url.openTab("system", { org: organization.id })}>
              Its jobs
            </Button>
          </div>
        </section>
        <form className="grid gap-4 border-t pt-4" onSubmit={save}>
          <h3 className="font-semibold">Plan</h3>
          <Field id="organization-plan-status" label="Plan">
            {(control) => (
              <NativeSelect {...control} value={status} onChange={(event) => setStatus(event.target.value as OrganizationStatus)}>
                {organizationStatuses.map((value) => (
                  <option key={value} value={value}>
                    {organizationStatusLabels[value]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          {status === "trial" && (
            <TextField id="organization-trial-end" label="Trial ends on" type="date" value={trialEnd} onChange={(event) => setTrialEnd(event.target.value)} />
          )}
          <TextField
            id="organization-monthly-credits"
            label="Monthly credit allowance"
            hint="Documents a month for the members together; empty for the platform default."
            inputMode="numeric"
            value={monthlyCredits}
            onChange={(event) => setMonthlyCredits(event.target.value)}
          />
          <p className="text-sm text-muted-foreground">Suspending stops the members' queued processing; reading and chat stay.</p>
          <DialogActions isBusy={updatePlan.isPending}>Save plan</DialogActions>
        </form>
        <div className="border-t pt-4">
          <Button
            type="button"
            variant="outline"
            className="text-destructive"
            onClick={() => toast(adminMessages.deleteOrganizationTitle, { description: adminMessages.deleteOrganizationDescription })}
          >
            <Trash2 aria-hidden />
            Delete organization
          </Button>
          <p className="mt-1 text-xs text-muted-foreground">Last activity {formatDateTime(organization.lastDocumentAt) || "none"}.</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
