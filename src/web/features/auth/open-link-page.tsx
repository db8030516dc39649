import { UserRound } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { isSignInLinkType, resolveEmailLink, type EmailLinkResolution, type SignInLinkType } from "../../../shared/auth-links";
import { paths, withQuery } from "../../../shared/paths";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api-client";
import { useSession } from "../session";
import { authApi } from "./auth-api";
import { AuthCard, AuthStatus } from "./auth-layout";
import { useFinishSignIn } from "./use-finish-sign-in";

type SignInLink = Extract<EmailLinkResolution, { kind: "follow" }> & { type: SignInLinkType };

const isSignInLink = (resolution: EmailLinkResolution): resolution is SignInLink => resolution.kind === "follow" && isSignInLinkType(resolution.type);

/**
 * /auth/open#<target>: email links carry their real target in the hash, which link scanners
 * never send to the server. An email change's link is followed, a recovery goes to /auth/hash.
 * A sign-in link signs in only once the person says so ("Sign in as …?"), with a POST from this
 * page: it may not be theirs, and a browser that did not ask for it must not be signed in to
 * someone else's account (issue 30). The account already signed in here needs no asking.
 */
export function OpenLinkPage() {
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const handled = useRef(false);
  const resolution = useMemo(() => resolveEmailLink(window.location.hash, window.location.origin), []);
  const signIn = isSignInLink(resolution) ? resolution : undefined;
  const isSignedInAsLinkAccount = signIn !== undefined && user !== null && user.email.toLowerCase() === signIn.email.toLowerCase();
  const confirm = useConfirmSignIn();
  // Confirmed here: the session that sign-in makes is this link's account, and the effect below must not spend the link again.
  const confirmOnce = useMemo(
    () => ({
      ...confirm,
      run: (link: SignInLink) => {
        handled.current = true;
        return confirm.run(link);
      },
    }),
    [confirm],
  );

  useEffect(() => {
    if (handled.current || isLoading || (signIn && !isSignedInAsLinkAccount)) return;
    handled.current = true;
    if (signIn) {
      void confirm.run(signIn);
    } else if (resolution.kind === "follow") {
      window.location.replace(resolution.url);
    } else if (resolution.kind === "recovery") {
      const hash = new URLSearchParams({ type: "recovery", email: resolution.email, code: resolution.code });
      navigate(`${paths.authHash}#${hash}`, { replace: true });
    } else {
      navigate(withQuery(paths.login, { e: "bad_link" }), { replace: true });
    }
  }, [navigate, resolution, isLoading, signIn, isSignedInAsLinkAccount, confirm]);

  if (signIn && !isLoading && !isSignedInAsLinkAccount) return <ConfirmSignIn link={signIn} currentEmail={user?.email} confirm={confirmOnce} />;
  return <AuthStatus title="Redirecting" message="Redirecting..." />;
}

function useConfirmSignIn() {
  const finishSignIn = useFinishSignIn();
  const [isPending, setPending] = useState(false);
  const [problem, setProblem] = useState<string>();
  const run = useCallback(
    async (link: SignInLink) => {
      setPending(true);
      setProblem(undefined);
      try {
        const { redirectTo } = await authApi.signInWithEmailLink({ type: link.type, email: link.email, code: link.code });
        await finishSignIn(redirectTo);
      } catch (error) {
        setProblem(errorMessage(error));
        setPending(false);
      }
    },
    [finishSignIn],
  );
  return useMemo(() => ({ run, isPending, problem }), [run, isPending, problem]);
}

function ConfirmSignIn({ link, currentEmail, confirm }: { link: SignInLink; currentEmail?: string; confirm: ReturnType<typeof useConfirmSignIn> }) {
  return (
    <AuthCard
      title={`Sign in as ${link.email}?`}
      pageTitle="Sign in?"
      icon={<UserRound aria-hidden className="size-6" />}
      description={
        currentEmail ? (
          <>
            You are signed in as <strong>{currentEmail}</strong>. This link signs you in as <strong>{link.email}</strong> instead. Continue only if you asked
            for it.
          </>
        ) : (
          <>
            This link signs this browser in to the account <strong>{link.email}</strong>. Continue only if you asked for it.
          </>
        )
      }
    >
      {confirm.problem && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{confirm.problem}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-col gap-2">
        <Button disabled={confirm.isPending} onClick={() => void confirm.run(link)}>
          Sign in as {link.email}
        </Button>
        <Button variant="outline" asChild>
          <Link to={currentEmail ? paths.app : paths.login} replace>
            {currentEmail ? `Stay signed in as ${currentEmail}` : "Cancel"}
          </Link>
        </Button>
      </div>
    </AuthCard>
  );
}
