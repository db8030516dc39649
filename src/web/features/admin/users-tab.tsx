import { LogOut, UserCheck, UserX, Users } from "lucide-react";
import { useState, type FormEvent } from "react";
import { banUserRequestSchema, type AdminUser, type AdminUserListResponse } from "../../../shared/contracts/admin";
import { check } from "../../../shared/contracts/check";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import type { RecordColumn } from "../../components/ui/record-table";
import { Textarea } from "../../components/ui/textarea";
import { formatDate } from "../../lib/format-date";
import { adminApi } from "./admin-api";
import { FilterSelect, PagedTable, SearchBox, Toolbar } from "./console-parts";
import { formatDateTime } from "./console-format";
import { useConsoleActions, useConsoleList } from "./use-console";
import type { ConsoleUrl } from "./use-console-url";

const statusOptions = [
  { value: "", label: "Everyone" },
  { value: "active", label: "Active (30 days)" },
  { value: "inactive", label: "Inactive" },
  { value: "banned", label: "Disabled" },
];

const userColumns: RecordColumn<AdminUser>[] = [
  {
    header: "Email",
    isTitle: true,
    cell: (user) => (
      <>
        <span className="font-medium break-all">{user.email}</span>
        {user.isPlatformOwner && (
          <Badge variant="secondary" className="ml-2">
            Owner
          </Badge>
        )}
      </>
    ),
  },
  { header: "Organization", cell: (user) => user.organizationName ?? "—" },
  { header: "Last sign-in", className: "whitespace-nowrap", cell: (user) => (user.lastSignInAt ? formatDateTime(user.lastSignInAt) : "Never") },
  { header: "Created", className: "whitespace-nowrap", cell: (user) => formatDate(user.createdAt) },
  {
    header: "Organizations",
    className: "tabular-nums",
    cell: (user) => (
      <>
        {user.organizationsCount} <span className="text-muted-foreground">({user.activeOrganizationsCount} active)</span>
      </>
    ),
  },
  {
    header: "Status",
    cell: (user) => (
      <>
        {user.ban ? (
          <Badge variant="destructive" title={user.ban.reason}>
            Disabled
          </Badge>
        ) : (
          <Badge variant="outline">Enabled</Badge>
        )}
        {user.ban && <span className="mt-1 block max-w-56 text-xs break-words text-muted-foreground">{user.ban.reason}</span>}
      </>
    ),
  },
];

export function UsersTab({ url }: { url: ConsoleUrl }) {
  const query = useConsoleList("users", { search: url.get("q"), status: url.get("status"), offset: String(url.offset) }, adminApi.users);
  const { unbanUser, signOutEverywhere } = useConsoleActions();
  const [banning, setBanning] = useState<AdminUser>();
  return (
    <>
      <Toolbar>
        <SearchBox url={url} label="Search users" placeholder="Email or name" />
        <FilterSelect url={url} name="status" label="Status" options={statusOptions} />
      </Toolbar>
      <PagedTable<AdminUserListResponse, AdminUser>
        label="Users"
        query={query}
        rowsOf={(data) => data.users}
        url={url}
        empty={{ icon: Users, title: "No users found", text: "No account matches this search and filter." }}
        columns={userColumns}
        actions={(user) =>
          !user.isPlatformOwner && (
            <>
              {user.ban ? (
                <Button type="button" variant="outline" size="sm" disabled={unbanUser.isPending} onClick={() => unbanUser.mutate(user.id)}>
                  <UserCheck aria-hidden />
                  Enable<span className="sr-only"> {user.email}</span>
                </Button>
              ) : (
                <Button type="button" variant="outline" size="sm" onClick={() => setBanning(user)}>
                  <UserX aria-hidden />
                  Disable<span className="sr-only"> {user.email}</span>
                </Button>
              )}
              <Button type="button" variant="outline" size="sm" disabled={signOutEverywhere.isPending} onClick={() => signOutEverywhere.mutate(user.id)}>
                <LogOut aria-hidden />
                Sign out everywhere<span className="sr-only"> {user.email}</span>
              </Button>
            </>
          )
        }
      />
      {banning && <BanDialog user={banning} onClose={() => setBanning(undefined)} />}
    </>
  );
}

/** Disabling needs a reason: it is shown with the account and recorded with the action. */
function BanDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { banUser } = useConsoleActions();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(banUserRequestSchema, { reason });
    setProblem(checked.ok ? undefined : checked.problem);
    if (checked.ok) banUser.mutate({ userId: user.id, reason: checked.value.reason }, { onSuccess: onClose });
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Disable account</DialogTitle>
          <DialogDescription>{user.email} is signed out everywhere and cannot sign in until you enable the account again.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <Field id="ban-reason" label="Reason" problem={problem}>
            {(control) => <Textarea {...control} value={reason} onChange={(event) => setReason(event.target.value)} rows={3} />}
          </Field>
          <DialogActions variant="destructive" isBusy={banUser.isPending}>
            Disable account
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
