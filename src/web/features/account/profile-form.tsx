import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { accessRoleLabels, accessRoleOf } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import { emailChangeRequestSchema, profileUpdateRequestSchema, type ProfileUpdateRequest } from "../../../shared/contracts/account";
import { check } from "../../../shared/contracts/check";
import type { AppUser } from "../../../shared/contracts/me";
import { profileLimits, profileMessages } from "../../../shared/profile";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import { TextField } from "../../components/ui/text-field";
import { Textarea } from "../../components/ui/textarea";
import { AvatarSection } from "./avatar-section";
import { PasswordField } from "./password-field";
import { useSaveProfile } from "./use-account-mutations";

type EditableField = "displayName" | "title" | "phone" | "bio";
const editableFields: EditableField[] = ["displayName", "title", "phone", "bio"];

/** The fields that differ from what the profile holds (spec section 5: only changed fields are sent). */
function changedProfileFields(user: AppUser, form: Record<EditableField, string>): ProfileUpdateRequest {
  const changes: ProfileUpdateRequest = {};
  for (const field of editableFields) {
    if (form[field].trim() !== (user[field] ?? "").trim()) changes[field] = form[field];
  }
  return changes;
}

/** The Profile tab: photo, name, email (with the current password to change it), title, phone, bio and role. */
export function ProfileForm({ user, onSaved, onChanged }: { user: AppUser; onSaved: () => void; onChanged: () => Promise<unknown> }) {
  const id = useId();
  const [form, setForm] = useState<Record<EditableField, string>>({
    displayName: user.displayName,
    title: user.title ?? "",
    phone: user.phone ?? "",
    bio: user.bio ?? "",
  });
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState("");
  const saving = useSaveProfile({ onChanged, onSaved });
  const isChangingEmail = email.trim().toLowerCase() !== user.email.toLowerCase();
  const changes = changedProfileFields(user, form);
  /** The problem of one changed field, in the contract's words, shown under that field. */
  const problemOf = (field: EditableField) => {
    if (changes[field] === undefined) return undefined;
    const checked = check(profileUpdateRequestSchema, { [field]: changes[field] });
    return checked.ok ? undefined : checked.problem;
  };
  const nameProblem = form.displayName.trim().length < profileLimits.displayNameMin ? profileMessages.displayNameTooShort : problemOf("displayName");
  const hasProblem = editableFields.some((field) => problemOf(field) !== undefined);
  const canSave = !nameProblem && !hasProblem && (Object.keys(changes).length > 0 || isChangingEmail) && !saving.isPending;
  const edit = (field: EditableField) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  function save(event: FormEvent) {
    event.preventDefault();
    if (nameProblem) return void toast.error("Error", { description: profileMessages.displayNameTooShortToast });
    const emailChange = isChangingEmail ? check(emailChangeRequestSchema, { newEmail: email, currentPassword }) : undefined;
    if (emailChange && !emailChange.ok) return void toast.error("Error", { description: emailChange.problem });
    saving.mutate({ changes, emailChange: emailChange?.value });
  }

  return (
    <form noValidate onSubmit={save} className="space-y-4" aria-label="Profile">
      <AvatarSection user={user} onChanged={onChanged} />
      <TextField
        id={`${id}-name`}
        label="Display name"
        required
        autoComplete="name"
        problem={nameProblem}
        value={form.displayName}
        onChange={edit("displayName")}
      />
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="email"
        hint={user.pendingEmail ? `Waiting for confirmation of ${user.pendingEmail}.` : undefined}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {isChangingEmail && (
        <PasswordField
          id={`${id}-current-password`}
          label="Current password"
          hint="Required to change your email."
          value={currentPassword}
          onValueChange={setCurrentPassword}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-title`}
          label="Title"
          autoComplete="organization-title"
          placeholder="Member"
          problem={problemOf("title")}
          value={form.title}
          onChange={edit("title")}
        />
        <TextField id={`${id}-phone`} label="Phone" type="tel" autoComplete="tel" problem={problemOf("phone")} value={form.phone} onChange={edit("phone")} />
      </div>
      <Field id={`${id}-bio`} label="Bio" problem={problemOf("bio")} hint={`${form.bio.length} / ${profileLimits.bioMax.toLocaleString("en-US")}`}>
        {(control) => <Textarea {...control} rows={3} maxLength={profileLimits.bioMax} value={form.bio} onChange={edit("bio")} />}
      </Field>
      <p className="text-sm">
        <span className="text-muted-foreground">Role: </span>
        <span data-testid="profile-role">{accessRoleLabels[accessRoleOf(accessSubjectOf(user))]}</span>
      </p>
      <DialogActions isBusy={saving.isPending} disabled={!canSave}>
        Save
      </DialogActions>
    </form>
  );
}
