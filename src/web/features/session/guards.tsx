import { Navigate, Outlet, useLocation } from "react-router";
import { can, type Permission } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import { paths, withQuery } from "../../../shared/paths";
import { Button } from "../../components/ui/button";
import { useSession } from "./session";

export function SessionLoading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-muted-foreground">
      Loading...
    </div>
  );
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex min-h-screen flex-col items-center justify-center gap-4 text-center">
      <p>We couldn&apos;t reach the server. Check your connection and try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}

/** Signed-out visitors go to /login, which sends them back here after signing in. */
export function RequireSession() {
  const { user, isLoading, error, refresh } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionLoading />;
  if (error && !user) return <SessionError onRetry={() => void refresh()} />;
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
