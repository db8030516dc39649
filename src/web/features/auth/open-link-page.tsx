import { UserRound } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { resolveEmailLink, signInLinkTypes, SWITCH_ACCOUNT_PARAM, type EmailLinkResolution } from "../../../shared/auth-links";
import { paths, withQuery } from "../../../shared/paths";
import { Button } from "../../components/ui/button";
import { useSession } from "../session";
import { AuthCard, AuthStatus } from "./auth-layout";

type Follow = Extract<EmailLinkResolution, { kind: "follow" }>;

/**
 * /auth/open#<target>: email links carry their real target in the hash, which link scanners
 * never send to the server. Follow it in the browser, or route a recovery to /auth/hash. A
 * sign-in link for another account than the one signed in here is followed only once the
 * person says so: it may not be theirs.
 */
export function OpenLinkPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const handled = useRef(false);
  const resolution = useMemo(() => resolveEmailLink(window.location.hash, window.location.origin), []);
  const signedInAsOther =
    resolution.kind === "follow" && signInLinkTypes.includes(resolution.type) && user !== null && user.email.toLowerCase() !== resolution.email.toLowerCase();

  useEffect(() => {
    if (handled.current || isLoading || signedInAsOther) return;
    handled.current = true;
    if (resolution.kind === "follow") {
      window.location.replace(resolution.url);
    } else if (resolution.kind === "recovery") {
      const hash = new URLSearchParams({ type: "recovery", email: resolution.email, code: resolution.code });
      navigate(`${paths.authHash}#${hash}`, { replace: true });
    } else {
      navigate(withQuery(paths.login, { e: "bad_link" }), { replace: true });
    }
  }, [navigate, resolution, isLoading, signedInAsOther]);

  if (signedInAsOther && resolution.kind === "follow" && user) return <SwitchAccount link={resolution} currentEmail={user.email} />;
  return <AuthStatus title="Redirecting" message="Redirecting..." />;
}

function SwitchAccount({ link, currentEmail }: { link: Follow; currentEmail: string }) {
  const confirmed = new URL(link.url);
  confirmed.searchParams.set(SWITCH_ACCOUNT_PARAM, "1");
  return (
    <AuthCard
      title="Switch accounts?"
      icon={<UserRound aria-hidden className="size-6" />}
      description={
        <>
          You are signed in as <strong>{currentEmail}</strong>. This link signs you in as <strong>{link.email}</strong> instead. Continue only if you asked for
          it.
        </>
      }
    >
      <div className="flex flex-col gap-2">
        <Button onClick={() => window.location.replace(confirmed.toString())}>Continue as {link.email}</Button>
        <Button variant="outline" asChild>
          <Link to={paths.app} replace>
            Stay signed in as {currentEmail}
          </Link>
        </Button>
      </div>
    </AuthCard>
  );
}
