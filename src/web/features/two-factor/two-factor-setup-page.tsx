import { Navigate } from "react-router";
import { paths, withQuery } from "../../../shared/paths";
import { twoFactorMessages } from "../../../shared/two-factor";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";
import { SessionLoading, useSession } from "../session";
import { TwoFactorSettings } from "./two-factor-settings";

/**
 * Where someone whose organization (or, for owners, the platform) requires two-factor sign-in is
 * led before anything else; once it is on they go to the app. Signed out: sign in first.
 */
export function TwoFactorSetupPage() {
  const { productName } = useSiteConfig();
  usePageMeta({ title: `Set up two-factor sign-in · ${productName}` });
  const { user, isLoading, refresh } = useSession();
  if (isLoading) return <SessionLoading />;
  if (!user) return <Navigate to={withQuery(paths.login, { redirect: paths.authTwoFactorSetup })} replace />;
  if (!user.twoFactorSetupRequired) return <Navigate to={paths.app} replace />;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Set up two-factor sign-in</CardTitle>
        <CardDescription>
          {user.role === "platform_owner" && !user.organizationId ? twoFactorMessages.ownerSetupRequired : twoFactorMessages.setupRequired}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <TwoFactorSettings onEnabled={refresh} />
      </CardContent>
    </Card>
  );
}
