import { Button } from "../../components/ui/button";
import { useAccountSessions } from "./use-account-mutations";

/** Signed-in sessions: each device with its address and last activity, and signing the others out. */
export function SessionsSection() {
  const { sessions, signOutOthers, signOutSession, isBusy } = useAccountSessions();
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
                onClick={() => signOutSession(session.id)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button type="button" variant="outline" disabled={isBusy || list.length < 2} onClick={() => signOutOthers()}>
        Sign out other sessions
      </Button>
    </section>
  );
}
