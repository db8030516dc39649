import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { accessRoleLabels, accessRoleOf } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import { emailChangeRequestSchema, profileUpdateRequestSchema, type ProfileUpdateRequest } from "../../../shared/contracts/account";
import { check } from "../../../shared/contracts/check";
import type { AppUser } from "../../../shared/contracts/me";
import { avatarMessages, avatarMimeTypes, avatarProgress, findAvatarProblem, profileLimits, profileMessages } from "../../../shared/profile";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import { Progress } from "../../components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { auditCopy } from "../../../shared/audit";
import { AuditLog } from "../audit";
import { TwoFactorSettings } from "../two-factor";
import { TextField } from "../../components/ui/text-field";
import { Textarea } from "../../components/ui/textarea";
import { ApiError, connectionProblem, errorMessage, isApiError } from "../../lib/api-client";
import { accountApi } from "./account-api";
import { compressAvatar } from "./avatar-compression";

type EditableField = "displayName" | "title" | "phone" | "bio";
const editableFields: EditableField[] = ["displayName", "title", "phone", "bio"];

/** The fields that differ from what the profile holds (spec section 5: only changed fields are sent). */
export function changedProfileFields(user: AppUser, form: Record<EditableField, string>): ProfileUpdateRequest {
  const changes: ProfileUpdateRequest = {};
  for (const field of editableFields) {
    if (form[field].trim() !== (user[field] ?? "").trim()) changes[field] = form[field];
  }
  return changes;
}

/** A password input; the current password unless `isNew`. */
function PasswordField({
  id,
  label,
  value,
  onValueChange,
  hint,
  isNew = false,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  isNew?: boolean;
}) {
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete={isNew ? "new-password" : "current-password"}
      hint={hint}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** Better Auth says INVALID_PASSWORD for a wrong current password; our routes say incorrect_password. */
function isWrongPassword(error: unknown): boolean {
  return isApiError(error, "incorrect_password") || (error instanceof ApiError && error.authCode === "INVALID_PASSWORD");
}

/** The avatar picture, or the initials when there is none. */
export function AvatarImage({ user, className }: { user: AppUser; className: string }) {
  return user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className={`${className} rounded-full object-cover`} />
  ) : (
    <span aria-hidden className={`${className} flex items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground`}>
      {user.avatar}
    </span>
  );
}

function AvatarSection({ user, onChanged }: { user: AppUser; onChanged: () => Promise<unknown> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  async function upload(file: File) {
    const problem = findAvatarProblem(file);
    if (problem) {
      toast.error(avatarMessages[problem].title, { description: avatarMessages[problem].description });
      return;
    }
    setProgress(avatarProgress.start);
    try {
      const picture = await compressAvatar(file, setProgress);
      setProgress(avatarProgress.sending);
      await accountApi.uploadAvatar(picture, file.name);
      setProgress(avatarProgress.done);
      await onChanged();
      toast.success(profileMessages.photoUpdated);
    } catch (error) {
      toast.error("Upload failed", {
        description: error instanceof ApiError ? errorMessage(error) : (connectionProblem(error) ?? profileMessages.uploadFailed),
      });
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    try {
      await accountApi.removeAvatar();
      await onChanged();
    } catch (error) {
      toast.error("Error", { description: errorMessage(error) });
    }
  }

  return (
    <div className="flex items-center gap-4">
      <AvatarImage user={user} className="size-16 text-lg" />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={progress !== null} onClick={() => inputRef.current?.click()}>
            Change photo
          </Button>
          {user.avatarUrl && (
            <Button type="button" variant="ghost" size="sm" disabled={progress !== null} onClick={() => void remove()}>
              Remove photo
            </Button>
          )}
        </div>
        <input
          ref={inputRef}
          type="file"
          aria-label="Profile photo"
          accept={avatarMimeTypes.join(",")}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void upload(file);
          }}
        />
        {progress !== null && <Progress value={progress} aria-label="Uploading photo" valueText={`${progress}%`} />}
        <p className="text-xs text-muted-foreground">PNG, JPG or WEBP, up to 2MB.</p>
      </div>
    </div>
  );
}

function ProfileForm({ user, onSaved, onChanged }: { user: AppUser; onSaved: () => void; onChanged: () => Promise<unknown> }) {
  const id = useId();
  const [form, setForm] = useState<Record<EditableField, string>>({
    displayName: user.displayName,
    title: user.title ?? "",
    phone: user.phone ?? "",
    bio: user.bio ?? "",
  });
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState("");
  const [isSaving, setSaving] = useState(false);
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
  const canSave = !nameProblem && !hasProblem && (Object.keys(changes).length > 0 || isChangingEmail) && !isSaving;
  const edit = (field: EditableField) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (nameProblem) return void toast.error("Error", { description: profileMessages.displayNameTooShortToast });
    const emailChange = isChangingEmail ? check(emailChangeRequestSchema, { newEmail: email, currentPassword }) : undefined;
    if (emailChange && !emailChange.ok) return void toast.error("Error", { description: emailChange.problem });
    setSaving(true);
    try {
      if (Object.keys(changes).length > 0) await accountApi.updateProfile(changes);
      if (emailChange?.ok) {
        await accountApi.requestEmailChange(emailChange.value);
        toast.success(profileMessages.emailChangeTitle, { description: profileMessages.emailChangeDescription });
      }
      await onChanged();
      toast.success(profileMessages.updated);
      onSaved();
    } catch (error) {
      toast.error("Error", {
        description: isWrongPassword(error)
          ? profileMessages.incorrectPassword
          : error instanceof ApiError
            ? errorMessage(error)
            : profileMessages.updateFailed,
      });
    } finally {
      setSaving(false);
    }
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
      <DialogActions isBusy={isSaving} disabled={!canSave}>
        Save
      </DialogActions>
    </form>
  );
}

function PasswordSection() {
  const id = useId();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [isBusy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await accountApi.changePassword(current, next);
      toast.success("Password updated!", { description: profileMessages.passwordChanged });
      setCurrent("");
      setNext("");
    } catch (error) {
      toast.error("Update failed", { description: isWrongPassword(error) ? profileMessages.incorrectPassword : errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-medium">
        Change password
      </h3>
      <PasswordField id={`${id}-current`} label="Current password" value={current} onValueChange={setCurrent} />
      <PasswordField
        id={`${id}-new`}
        label="New password"
        isNew
        hint="At least 8 characters. Your other devices will be signed out."
        value={next}
        onValueChange={setNext}
      />
      <Button type="submit" variant="outline" disabled={isBusy || current === "" || next.length < 8}>
        Change password
      </Button>
    </form>
  );
}

function SessionsSection() {
  const sessions = useQuery({ queryKey: ["account", "sessions"], queryFn: accountApi.listSessions });
  const [isBusy, setBusy] = useState(false);
  /** Signs sessions out, says so, and shows the list as it is now; one action at a time, so a double click cannot end one twice. */
  async function signOut(action: () => Promise<string>) {
    setBusy(true);
    try {
      toast.success(await action());
      await sessions.refetch();
    } catch (error) {
      toast.error("Error", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  const signOutOthers = () =>
    signOut(async () => {
      const { signedOut } = await accountApi.signOutOthers();
      return signedOut === 1 ? "1 other session signed out" : `${signedOut} other sessions signed out`;
    });
  const signOutSession = (sessionId: string) =>
    signOut(async () => {
      await accountApi.signOutSession(sessionId);
      return profileMessages.sessionSignedOut;
    });
  const list = sessions.data?.sessions ?? [];
  return (
    <section className="space-y-3" aria-labelledby="sessions-heading">
      <h3 id="sessions-heading" className="font-medium">
        Signed-in sessions
      </h3>
      {sessions.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {sessions.isError && <p className="text-sm text-destructive">Failed to load your sessions.</p>}
      <ul className="space-y-2 text-sm">
        {list.map((session) => (
          <li key={session.id} className="rounded-md border p-2">
            <span className="block truncate" title={session.userAgent ?? undefined}>
              {session.userAgent ?? "Unknown device"}
              {session.isCurrent && <span className="ml-2 font-medium">(this device)</span>}
            </span>
            <span className="text-xs text-muted-foreground">
              {session.ipAddress ?? "Unknown address"} · last active {new Date(session.lastActiveAt).toLocaleString()}
            </span>
            {!session.isCurrent && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="mt-2"
                aria-label={`Sign out ${session.userAgent ?? "Unknown device"}`}
                disabled={isBusy}
                onClick={() => void signOutSession(session.id)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" disabled={isBusy || list.length < 2} onClick={() => void signOutOthers()}>
        Sign out other sessions
      </Button>
    </section>
  );
}

function CloseAccountSection({ onClosed }: { onClosed: () => void }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [isBusy, setBusy] = useState(false);
  async function close(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await accountApi.closeAccount({ password });
      toast.success("Account closed", { description: profileMessages.accountClosed });
      onClosed();
    } catch (error) {
      toast.error("Error", { description: isWrongPassword(error) ? profileMessages.incorrectPassword : errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="font-medium text-destructive">
        Close account
      </h3>
      <p className="text-sm text-muted-foreground">
        Your documents, OCR text, chunks, embeddings, chat history, support requests and profile photo are deleted. No backups are kept, so this cannot be
        undone.
      </p>
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          Close account
        </Button>
        <DialogContent>
          <form noValidate onSubmit={close} className="space-y-4">
            <DialogHeader>
              <DialogTitle>Close your account?</DialogTitle>
              <DialogDescription>Everything in your account is deleted at once and for good. Enter your password to confirm.</DialogDescription>
            </DialogHeader>
            <PasswordField id={`${id}-password`} label="Password" value={password} onValueChange={setPassword} />
            <DialogActions variant="destructive" isBusy={isBusy} disabled={password === ""}>
              Close account permanently
            </DialogActions>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** The User Profile dialog (spec section 2), with the account's essentials on a second tab. */
export function ProfileDialog({
  user,
  onClose,
  onChanged,
  onAccountClosed,
}: {
  user: AppUser;
  onClose: () => void;
  onChanged: () => Promise<unknown>;
  onAccountClosed: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>User Profile</DialogTitle>
          <DialogDescription>How colleagues see you, your email, and your account.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="profile">
          <TabsList>
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
            <TabsTrigger value="activity">Activity</TabsTrigger>
          </TabsList>
          <TabsContent value="profile" className="pt-4">
            <ProfileForm user={user} onSaved={onClose} onChanged={onChanged} />
          </TabsContent>
          <TabsContent value="security" className="space-y-6 pt-4">
            <PasswordSection />
            <TwoFactorSettings />
            <SessionsSection />
            <CloseAccountSection onClosed={onAccountClosed} />
          </TabsContent>
          <TabsContent value="activity" className="space-y-3 pt-4">
            <p className="text-sm text-muted-foreground">{auditCopy.securityDescription}</p>
            <AuditLog source={{ kind: "mine" }} label={auditCopy.securityTitle} canExport={false} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
