import { Navigate, Outlet, useLocation } from "react-router";
import { can, type Permission } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import { paths, withQuery } from "../../../shared/paths";
import { LoadProblem } from "../../components/ui/load-problem";
import { useSession } from "./session";

export function SessionLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-muted-foreground">
      Loading...
    </div>
  );
}

function SessionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <LoadProblem message="Your account could not be loaded." error={error} onRetry={onRetry} className="max-w-md" />
    </div>
  );
}

/** Signed-out visitors go to /login, which sends them back here after signing in. */
export function RequireSession() {
  const { user, isLoading, error, refresh } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionLoading />;
  if (error && !user) return <SessionError error={error} onRetry={() => void refresh()} />;
  if (!user) {
    const redirect = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withQuery(paths.login, { redirect })} replace />;
  }
  // Their organization (or the platform) requires two-factor sign-in: nothing else answers them until it is set up.
  if (user.twoFactorSetupRequired) return <Navigate to={paths.authTwoFactorSetup} replace />;
  return <Outlet />;
}

/** A signed-in user without this permission (the server's own table) is sent to /app. */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { user } = useSession();
  if (!user || !can(accessSubjectOf(user), permission)) return <Navigate to={paths.app} replace />;
  return <Outlet />;
}
