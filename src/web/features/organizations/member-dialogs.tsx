import { useId, useState, type FormEvent } from "react";
import { accessRoleLabels } from "../../../shared/access";
import { check } from "../../../shared/contracts/check";
import { createInvitationRequestSchema, type OrganizationMember } from "../../../shared/contracts/organizations";
import { DEFAULT_INVITATION_ROLE, INVITATION_EXPIRY_DAYS, invitableRoles, isInvitableEmail, type InvitableRole } from "../../../shared/organizations";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Label } from "../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../components/ui/radio-group";
import { TextField } from "../../components/ui/text-field";

const roleDescriptions: Record<InvitableRole, string> = {
  org_user: "Uploads and asks about their own documents.",
  org_admin: "Also manages users, invitations and organization settings.",
};

/** User or Admin, each with what it may do: the only roles an admin can give (spec section 6). */
function RoleChoice({ value, onChange }: { value: InvitableRole; onChange: (role: InvitableRole) => void }) {
  const id = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Role</legend>
      <RadioGroup value={value} onValueChange={(role) => onChange(role as InvitableRole)}>
        {invitableRoles.map((role) => (
          <div key={role} className="flex items-start gap-3">
            <RadioGroupItem id={`${id}-${role}`} value={role} aria-describedby={`${id}-${role}-description`} className="mt-0.5" />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${role}`}>{accessRoleLabels[role]}</Label>
              <p id={`${id}-${role}-description`} className="text-sm text-muted-foreground">
                {roleDescriptions[role]}
              </p>
            </div>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

/** Invite User: Send stays disabled until the address looks like x@y.z; the role is User unless changed. */
export function InviteUserDialog({
  open,
  onOpenChange,
  organizationName,
  isSending,
  onInvite,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationName: string | undefined;
  isSending: boolean;
  onInvite: (invitation: { email: string; role: InvitableRole }) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>(DEFAULT_INVITATION_ROLE);
  const [problem, setProblem] = useState<string>();
  const [lastOpen, setLastOpen] = useState(open);
  // Each opening starts blank.
  if (open !== lastOpen) {
    setLastOpen(open);
    if (open) {
      setEmail("");
      setRole(DEFAULT_INVITATION_ROLE);
      setProblem(undefined);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isSending || !isInvitableEmail(email)) return;
    const checked = check(createInvitationRequestSchema, { email, role });
    if (!checked.ok) return setProblem(checked.problem);
    onInvite({ email: checked.value.email, role: checked.value.role });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite User</DialogTitle>
            <DialogDescription>
              {organizationName ? `They get an email to join ${organizationName}` : "They get an email to join your organization"}, with a link and a 6-digit
              code. The invitation lasts {INVITATION_EXPIRY_DAYS} days.
            </DialogDescription>
          </DialogHeader>
          <TextField
            id={`${id}-email`}
            label="Email"
            type="email"
            name="email"
            autoComplete="off"
            placeholder="colleague@practice.com"
            problem={problem}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(undefined);
            }}
          />
          <RoleChoice value={role} onChange={setRole} />
          <DialogActions isBusy={isSending} disabled={!isInvitableEmail(email)}>
            Send Invitation
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Edit User: the member's role, User or Admin; Save only once it changed. */
export function EditUserDialog({
  member,
  onOpenChange,
  isSaving,
  onSave,
}: {
  member: OrganizationMember | undefined;
  onOpenChange: (open: boolean) => void;
  isSaving: boolean;
  onSave: (role: InvitableRole) => void;
}) {
  const currentRole: InvitableRole = member?.role === "org_admin" ? "org_admin" : "org_user";
  const [role, setRole] = useState(currentRole);
  const [lastMember, setLastMember] = useState(member);
  if (member !== lastMember) {
    setLastMember(member);
    if (member) setRole(currentRole);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (role !== currentRole && !isSaving) onSave(role);
  }

  return (
    <Dialog open={member !== undefined} onOpenChange={onOpenChange}>
      <DialogContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Edit User</DialogTitle>
            <DialogDescription>
              <span className="font-medium text-foreground">{member?.displayName}</span> <span className="break-all">({member?.email})</span>
            </DialogDescription>
          </DialogHeader>
          <RoleChoice value={role} onChange={setRole} />
          <DialogActions isBusy={isSaving} disabled={role === currentRole}>
            Save
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function RemoveUserDialog({
  member,
  organizationName,
  onOpenChange,
  isRemoving,
  onRemove,
}: {
  member: OrganizationMember | undefined;
  organizationName: string | undefined;
  onOpenChange: (open: boolean) => void;
  isRemoving: boolean;
  onRemove: () => void;
}) {
  return (
    <Dialog open={member !== undefined} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Remove User</DialogTitle>
          <DialogDescription>
            <span className="font-medium break-all text-foreground">{member?.displayName}</span> will lose access to {organizationName ?? "the organization"}.
            Their account and their own documents and chats stay theirs.
          </DialogDescription>
        </DialogHeader>
        <DialogActions variant="destructive" isBusy={isRemoving} onAction={onRemove}>
          Remove
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
