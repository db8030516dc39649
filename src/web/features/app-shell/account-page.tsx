import { accessRoleLabels, accessRoleOf } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import { Button } from "../../components/ui/button";
import { useSession } from "../session";
import { PageHeader } from "../../components/layout/page-header";
import { useSignOut } from "./use-sign-out";

export function AccountPage() {
  const { user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  if (!user) return null;
  const facts = [
    ["Name", user.displayName],
    ["Email", user.email],
    ["Title", user.title || "Member"],
    ["Role", accessRoleLabels[accessRoleOf(accessSubjectOf(user))]],
  ];
  return (
    <>
      <PageHeader title="Account" description="Your sign-in details and sessions." />
      <section aria-labelledby="profile-heading" className="max-w-xl rounded-lg border bg-card p-6">
        <h2 id="profile-heading" className="mb-4 font-semibold">
          Profile
        </h2>
        <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="truncate">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="sessions-heading" className="mt-6 max-w-xl rounded-lg border bg-card p-6">
        <h2 id="sessions-heading" className="font-semibold">
          Sessions
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Signed in on a shared or lost device? Log out everywhere, including here.</p>
        <Button variant="outline" className="mt-4" disabled={isSigningOut} onClick={() => void signOut({ everywhere: true })}>
          Log out of all devices
        </Button>
      </section>
    </>
  );
}
