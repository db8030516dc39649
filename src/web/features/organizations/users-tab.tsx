import type { UseQueryResult } from "@tanstack/react-query";
import { MailPlus, Pencil, Send, Trash2, UserMinus, UserPlus, Users, type LucideIcon } from "lucide-react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { accessRoleLabels, type AccessRole } from "../../../shared/access";
import type { Organization, OrganizationInvitation, OrganizationMember } from "../../../shared/contracts/organizations";
import { isProtectedMember, organizationMessages } from "../../../shared/organizations";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadProblem } from "../../components/ui/load-problem";
import { SkeletonRows } from "../../components/ui/skeleton";
import { RecordTable, type RecordColumn } from "../../components/ui/record-table";
import { formatDate } from "../../lib/format-date";
import { EditUserDialog, InviteUserDialog, RemoveUserDialog } from "./member-dialogs";
import { useInvitations, useMembers, useOrganizationActions } from "./use-organization";

/** A list as a table (cards on a phone) with its loading, failure and empty states, and the actions of each record. */
function ListTable<Item>({
  query,
  loadingLabel,
  failure,
  empty,
  ...records
}: {
  query: UseQueryResult<Item[]>;
  loadingLabel: string;
  failure: string;
  empty: { icon: LucideIcon; title: string; text: string };
} & Omit<ComponentProps<typeof RecordTable<Item>>, "items">) {
  if (query.isPending) {
    return <SkeletonRows label={loadingLabel} rows={3} />;
  }
  if (query.isError) return <LoadProblem message={failure} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title} className="rounded-lg border border-dashed px-6 py-10">
        <p className="text-sm text-muted-foreground">{empty.text}</p>
      </EmptyState>
    );
  }
  return <RecordTable items={query.data} {...records} />;
}

function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

function RoleBadge({ role }: { role: AccessRole }) {
  return <Badge variant={role === "org_user" ? "secondary" : "default"}>{accessRoleLabels[role]}</Badge>;
}

const memberColumns: RecordColumn<OrganizationMember>[] = [
  {
    header: "User",
    isTitle: true,
    className: "min-w-48",
    cell: (member) => (
      <>
        <span className="block font-medium break-words">{member.displayName}</span>
        <span className="block text-xs font-normal break-all text-muted-foreground">{member.email}</span>
      </>
    ),
  },
  { header: "Role", cell: (member) => <RoleBadge role={member.role} /> },
  {
    header: "Status",
    cell: (member) => <Badge variant={member.status === "active" ? "outline" : "secondary"}>{member.status === "active" ? "Active" : "Inactive"}</Badge>,
  },
  { header: "Joined", className: "whitespace-nowrap", cell: (member) => formatDate(member.joinedAt) },
  { header: "Documents", alignEnd: true, className: "tabular-nums", cell: (member) => member.documentsCount },
];

/** A member's actions: none for one who is not active (a record with nothing to do shows no actions row). */
function memberActions(member: OrganizationMember, onEdit: () => void, onRemove: () => void): ReactNode {
  if (isProtectedMember(member)) return <span className="text-sm whitespace-nowrap text-muted-foreground">{organizationMessages.ownerRoleFixed}</span>;
  if (member.status !== "active") return null;
  return (
    <>
      <Button type="button" variant="ghost" size="sm" aria-label={`Edit role of ${member.displayName}`} onClick={onEdit}>
        <Pencil aria-hidden />
        Edit Role
      </Button>
      <Button type="button" variant="ghost" size="sm" className="text-destructive" aria-label={`Remove ${member.displayName}`} onClick={onRemove}>
        <UserMinus aria-hidden />
        Remove
      </Button>
    </>
  );
}

const invitationColumns: RecordColumn<OrganizationInvitation>[] = [
  { header: "Email", isTitle: true, className: "min-w-48 break-all", cell: (invitation) => <span className="break-all">{invitation.email}</span> },
  { header: "Role", cell: (invitation) => <RoleBadge role={invitation.role} /> },
  {
    header: "Status",
    cell: (invitation) => (
      <Badge variant={invitation.status === "expired" ? "destructive" : "outline"}>{invitation.status === "expired" ? "Expired" : "Pending"}</Badge>
    ),
  },
  { header: "Invited", className: "whitespace-nowrap", cell: (invitation) => formatDate(invitation.invitedAt) },
  { header: "Expires", className: "whitespace-nowrap", cell: (invitation) => formatDate(invitation.expiresAt) },
];

function InvitationActions({
  invitation,
  isBusy,
  onResend,
  onCancel,
}: {
  invitation: OrganizationInvitation;
  isBusy: boolean;
  onResend: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <Button type="button" variant="ghost" size="sm" disabled={isBusy} aria-label={`Resend the invitation to ${invitation.email}`} onClick={onResend}>
        <Send aria-hidden />
        Resend
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="text-destructive"
        disabled={isBusy}
        aria-label={`Cancel the invitation to ${invitation.email}`}
        onClick={onCancel}
      >
        <Trash2 aria-hidden />
        Cancel
      </Button>
    </>
  );
}

/** The Users tab: Team Members and Pending Invitations, with Invite User and the row actions. */
export function UsersTab({ organizationId, organization }: { organizationId: string; organization: Organization | undefined }) {
  const members = useMembers(organizationId);
  const invitations = useInvitations(organizationId);
  const actions = useOrganizationActions(organizationId);
  const [isInviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<OrganizationMember>();
  const [removing, setRemoving] = useState<OrganizationMember>();
  const places = organization && `${organization.activeMembers + organization.pendingInvitations} of ${organization.maxUsers} places taken`;

  return (
    <div className="space-y-10">
      <Section
        title="Team Members"
        actions={
          <div className="flex flex-wrap items-center gap-3">
            {places && <span className="text-sm text-muted-foreground">{places}</span>}
            <Button type="button" onClick={() => setInviting(true)}>
              <UserPlus aria-hidden />
              Invite User
            </Button>
          </div>
        }
      >
        <ListTable
          label="Team Members"
          query={members}
          loadingLabel="Loading team members"
          failure={organizationMessages.loadUsersFailed}
          empty={{ icon: Users, title: "No team members yet", text: "Invite your colleagues to work on your contracts together." }}
          keyOf={(member) => member.membershipId}
          columns={memberColumns}
          actions={(member) =>
            memberActions(
              member,
              () => setEditing(member),
              () => setRemoving(member),
            )
          }
        />
      </Section>

      <Section title="Pending Invitations">
        <ListTable
          label="Pending Invitations"
          query={invitations}
          loadingLabel="Loading invitations"
          failure={organizationMessages.loadInvitationsFailed}
          empty={{ icon: MailPlus, title: "No pending invitations", text: "Invitations you send wait here until they are accepted." }}
          keyOf={(invitation) => invitation.id}
          columns={invitationColumns}
          actions={(invitation) => (
            <InvitationActions
              invitation={invitation}
              isBusy={actions.resendInvitation.isPending && actions.resendInvitation.variables?.id === invitation.id}
              onResend={() => actions.resendInvitation.mutate(invitation)}
              onCancel={() => actions.cancelInvitation.mutate(invitation)}
            />
          )}
        />
      </Section>

      <InviteUserDialog
        open={isInviting}
        onOpenChange={setInviting}
        organizationName={organization?.name}
        isSending={actions.invite.isPending}
        onInvite={(invitation) => actions.invite.mutate(invitation, { onSuccess: () => setInviting(false) })}
      />
      <EditUserDialog
        member={editing}
        onOpenChange={(open) => !open && setEditing(undefined)}
        isSaving={actions.changeRole.isPending}
        onSave={(role) => editing && actions.changeRole.mutate({ member: editing, role }, { onSuccess: () => setEditing(undefined) })}
      />
      <RemoveUserDialog
        member={removing}
        organizationName={organization?.name}
        onOpenChange={(open) => !open && setRemoving(undefined)}
        isRemoving={actions.removeMember.isPending}
        onRemove={() => {
          if (removing) actions.removeMember.mutate(removing);
          setRemoving(undefined);
        }}
      />
    </div>
  );
}
