import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertTriangle, KeyRound, Loader2, UserPlus } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { check } from "../../../shared/contracts/check";
import { displayNameSchema } from "../../../shared/contracts/account";
import { invitationPasswordFormSchema, type AcceptInvitationResponse, type InvitationDetails } from "../../../shared/contracts/organizations";
import {
  INVITATION_PASSWORD_MIN_LENGTH,
  invitationMessages,
  invitationMicrosoftReturnPath,
  organizationMessages,
  type AuthMethod,
} from "../../../shared/organizations";
import { paths, withQuery } from "../../../shared/paths";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { FullNameField } from "./full-name-field";
import { connectionProblem, failureReason, isApiError, refusalReason } from "../../lib/api-client";
import { formatDate } from "../../lib/format-date";
import { goTo } from "../../lib/go-to";
import { useSiteConfig } from "../../lib/site-config-context";
import {
  forgetInvitationTokens,
  readCustomInvitationToken,
  readInvitationToken,
  rememberCustomInvitationToken,
  rememberInvitationToken,
  useSession,
} from "../session";
import { authApi } from "./auth-api";
import { AuthCard, AuthStatus } from "./auth-layout";
import { clearFromEmailAuth, isFromEmailAuth, rememberSignInMethod } from "./auth-storage";
import { invitationStart, type InvitationStart } from "./invitation-start";
import { invitationsApi, pathAfterJoining } from "./invitations-api";
import { SocialSignInButtons } from "./social-sign-in-buttons";

const PAGE_TITLE = "Complete Your Invitation";
const MICROSOFT_NOT_CONFIGURED = `${organizationMessages.azureNotConfigured} Please contact your administrator.`;

/** The invitation's own page after it is accepted: the app, loaded afresh for the organization just joined (by way of the name page when the account has no name). */
function enterApp(joined: AcceptInvitationResponse): void {
  forgetInvitationTokens();
  goTo(pathAfterJoining(joined, paths.app));
}

function useInvitationLookup(token: string) {
  return useQuery({ queryKey: ["invitation", token], queryFn: () => invitationsApi.lookup(token), retry: false, staleTime: Infinity });
}

/** Why looking the invitation up failed: the server's reason (a malformed link), no connection, or our failure. */
function lookupProblem(error: unknown): string {
  return failureReason(error, invitationMessages.initializeFailed);
}

function InvitationProblem({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <AuthCard title={PAGE_TITLE} icon={<UserPlus aria-hidden className="size-5" />}>
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden />
        <AlertDescription>
          <p>{message}</p>
        </AlertDescription>
      </Alert>
      {action}
      <Button asChild variant="ghost" className="w-full">
        <Link to={paths.login}>Back to Sign In</Link>
      </Button>
    </AuthCard>
  );
}

/** Sends the browser to Microsoft for this invitation; rejects when the server would not start it. */
async function startMicrosoftSignIn(options: { callbackURL: string; errorCallbackURL: string; loginHint: string }): Promise<void> {
  rememberSignInMethod("azure");
  const { url } = await authApi.socialSignIn("microsoft", options);
  goTo(url);
}

/** Password setup: the person's name, the invited address read-only, a password of at least 6 characters and its confirmation. */
function PasswordSetup({ token, email, onBack }: { token: string; email: string; onBack?: () => void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [problems, setProblems] = useState<{ name?: string; password?: string; confirmPassword?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const setUp = useMutation({
    mutationFn: () => invitationsApi.acceptWithPassword({ token, password, name: name.trim() }),
    onSuccess: (joined) => {
      rememberSignInMethod("password");
      // The server refuses this for an account that uses two-factor sign-in; should one slip through, its code comes first.
      if ("twoFactorRedirect" in joined) goTo(withQuery(paths.authTwoFactor, { redirect: paths.authCompleteInvite }));
      else enterApp(joined);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (setUp.isPending) return;
    const checkedName = check(displayNameSchema, name);
    if (!checkedName.ok) {
      setProblems({ name: checkedName.problem });
      nameRef.current?.focus();
      return;
    }
    const checked = check(invitationPasswordFormSchema, { token, password, confirmPassword });
    if (!checked.ok) {
      const isMismatch = checked.problem === invitationMessages.passwordsDoNotMatch;
      setProblems(isMismatch ? { confirmPassword: checked.problem } : { password: checked.problem });
      (isMismatch ? confirmationRef : passwordRef).current?.focus();
      return;
    }
    setProblems({});
    setUp.mutate();
  }

  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setProblems({});
    setUp.reset();
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Set up your password">
      {setUp.isError && (
        <Alert variant="destructive" role="alert">
          <AlertTriangle aria-hidden />
          <AlertDescription>
            <p>{failureReason(setUp.error, invitationMessages.setPasswordFailed)}</p>
          </AlertDescription>
        </Alert>
      )}
      <FullNameField ref={nameRef} id={`${id}-name`} problem={problems.name} value={name} onChange={(event) => edit(setName)(event.target.value)} />
      <TextField id={`${id}-email`} label="Email" type="email" name="email" autoComplete="username" value={email} readOnly />
      <TextField
        ref={passwordRef}
        id={`${id}-password`}
        label="Password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        required
        minLength={INVITATION_PASSWORD_MIN_LENGTH}
        hint={`At least ${INVITATION_PASSWORD_MIN_LENGTH} characters.`}
        problem={problems.password}
        value={password}
        onChange={(event) => edit(setPassword)(event.target.value)}
      />
      <TextField
        ref={confirmationRef}
        id={`${id}-confirmation`}
        label="Confirm password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        required
        minLength={INVITATION_PASSWORD_MIN_LENGTH}
        problem={problems.confirmPassword}
        value={confirmPassword}
        onChange={(event) => edit(setConfirmPassword)(event.target.value)}
      />
      <Button type="submit" className="w-full" disabled={!name.trim() || !password || !confirmPassword || setUp.isPending}>
        {setUp.isPending && <Loader2 className="animate-spin" aria-hidden />}
        {setUp.isPending ? "Joining..." : "Set password and join"}
      </Button>
      {onBack && (
        <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
          Choose another way to sign in
        </Button>
      )}
    </form>
  );
}

function InvitationSummary({ invitation }: { invitation: InvitationDetails }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border bg-muted/40 p-4 text-sm">
      <dt className="text-muted-foreground">Organization</dt>
      <dd className="font-medium break-words">{invitation.organizationName}</dd>
      <dt className="text-muted-foreground">Invited address</dt>
      <dd className="font-medium break-all">{invitation.email}</dd>
      <dt className="text-muted-foreground">Expires</dt>
      <dd>{formatDate(invitation.expiresAt)}</dd>
    </dl>
  );
}

/** The methods the organization allows that this deployment offers, the organization's default first. */
function offeredMethods(invitation: InvitationDetails, isMicrosoftConfigured: boolean): AuthMethod[] {
  const methods: AuthMethod[] = [];
  if (invitation.emailPasswordEnabled) methods.push("email_password");
  if (invitation.azureAdEnabled && isMicrosoftConfigured) methods.push("azure_ad");
  return methods.sort((first, second) => Number(second === invitation.defaultMethod) - Number(first === invitation.defaultMethod));
}

/** Method selection, then password setup or Microsoft sign-in; an existing account signs in first. */
function InvitationChoice({ token, invitation }: { token: string; invitation: InvitationDetails }) {
  const site = useSiteConfig();
  const location = useLocation();
  const methods = offeredMethods(invitation, site.socialProviders.includes("microsoft"));
  const [isSettingPassword, setSettingPassword] = useState(methods.length === 1 && methods[0] === "email_password" && !invitation.hasAccount);
  const microsoft = useMutation({
    mutationFn: () =>
      startMicrosoftSignIn({
        callbackURL: invitationMicrosoftReturnPath(token),
        errorCallbackURL: withQuery(paths.authCompleteInvite, { token }),
        loginHint: invitation.email,
      }),
  });

  let body: ReactNode;
  if (methods.length === 0) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden />
        <AlertDescription>
          <p>{MICROSOFT_NOT_CONFIGURED}</p>
        </AlertDescription>
      </Alert>
    );
  } else if (isSettingPassword) {
    body = <PasswordSetup token={token} email={invitation.email} onBack={methods.length > 1 ? () => setSettingPassword(false) : undefined} />;
  } else {
    const returnHere = `${location.pathname}${location.search}`;
    body = (
      <div className="space-y-3">
        {microsoft.isError && (
          <Alert variant="destructive" role="alert">
            <AlertTriangle aria-hidden />
            <AlertDescription>
              <p>{invitationMessages.azureSignInFailed}</p>
            </AlertDescription>
          </Alert>
        )}
        <p className="text-sm text-muted-foreground">
          {invitation.hasAccount
            ? `You already have an account for ${invitation.email}. Sign in to accept the invitation.`
            : `Choose how you will sign in to ${site.productName}.`}
        </p>
        {methods.map((method) =>
          method === "azure_ad" ? (
            <SocialSignInButtons
              key={method}
              providers={["microsoft"]}
              lastUsed={null}
              busyProvider={microsoft.isPending ? "microsoft" : null}
              disabled={microsoft.isPending}
              onSignIn={() => microsoft.mutate()}
            />
          ) : invitation.hasAccount ? (
            <Button key={method} asChild className="w-full">
              <Link to={withQuery(paths.login, { redirect: returnHere })}>Sign in with your email and password</Link>
            </Button>
          ) : (
            <Button
              key={method}
              type="button"
              variant={method === invitation.defaultMethod ? "default" : "outline"}
              className="w-full"
              disabled={microsoft.isPending}
              onClick={() => setSettingPassword(true)}
            >
              <KeyRound aria-hidden />
              Set up a password
            </Button>
          ),
        )}
      </div>
    );
  }

  return (
    <AuthCard
      title={PAGE_TITLE}
      icon={<UserPlus aria-hidden className="size-5" />}
      description={`You've been invited to join ${invitation.organizationName} on ${site.productName}.`}
    >
      <InvitationSummary invitation={invitation} />
      {body}
    </AuthCard>
  );
}

/** The invitation behind a token, then what the person may do with it. */
function InvitationDetailsStep({ token, passwordOnly = false }: { token: string; passwordOnly?: boolean }) {
  const lookup = useInvitationLookup(token);
  if (lookup.isPending) return <AuthStatus title={PAGE_TITLE} message="Loading your invitation..." />;
  if (lookup.isError) {
    return (
      <InvitationProblem
        message={lookupProblem(lookup.error)}
        action={
          refusalReason(lookup.error) ? undefined : (
            <Button type="button" variant="outline" className="w-full" onClick={() => void lookup.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }
  if (lookup.data.state !== "valid") return <InvitationProblem message={lookup.data.message} />;
  const { invitation } = lookup.data;
  if (passwordOnly) {
    return (
      <AuthCard title={PAGE_TITLE} icon={<UserPlus aria-hidden className="size-5" />} description="Choose a password to finish joining.">
        <InvitationSummary invitation={invitation} />
        <PasswordSetup token={token} email={invitation.email} />
      </AuthCard>
    );
  }
  return <InvitationChoice token={token} invitation={invitation} />;
}

/** type=azure_ad and type=azure_invite links: straight on to Microsoft once the invitation is known to be open. */
function MicrosoftRedirect({ token, isCustom }: { token: string; isCustom: boolean }) {
  const site = useSiteConfig();
  const lookup = useInvitationLookup(token);
  const [problem, setProblem] = useState<string>();
  const hasStarted = useRef(false);
  const invitation = lookup.data?.state === "valid" ? lookup.data.invitation : undefined;
  const isMicrosoftConfigured = site.socialProviders.includes("microsoft");

  useEffect(() => {
    if (!invitation || !isMicrosoftConfigured || hasStarted.current) return;
    hasStarted.current = true;
    if (isCustom) rememberCustomInvitationToken(token);
    startMicrosoftSignIn({
      // The custom flow finishes through the hash handler, which finds the token in storage.
      callbackURL: isCustom ? `${paths.authHash}#type=invite` : invitationMicrosoftReturnPath(token),
      errorCallbackURL: withQuery(paths.authCompleteInvite, isCustom ? { token, type: "azure_ad" } : { token }),
      loginHint: invitation.email,
    }).catch(() => setProblem(isCustom ? invitationMessages.processFailed : invitationMessages.azureInvitationFailed));
  }, [invitation, isCustom, isMicrosoftConfigured, token]);

  if (lookup.isError) return <InvitationProblem message={lookupProblem(lookup.error)} />;
  if (lookup.data && lookup.data.state !== "valid") return <InvitationProblem message={lookup.data.message} />;
  if (!isMicrosoftConfigured) return <InvitationProblem message={MICROSOFT_NOT_CONFIGURED} />;
  if (problem) return <InvitationProblem message={problem} />;
  return <AuthStatus title={PAGE_TITLE} message="Redirecting to Microsoft..." />;
}

/** What the server's refusal to accept means for the person, and whether trying again can help. */
function acceptProblem(error: unknown): { message: string; canRetry: boolean } {
  const reason = refusalReason(error);
  if (reason) return { message: reason, canRetry: false };
  const connection = connectionProblem(error);
  if (connection) return { message: connection, canRetry: true };
  if (isApiError(error) && !isApiError(error, "internal_error", "service_unavailable"))
    return { message: invitationMessages.acceptFailedContactAdmin, canRetry: false };
  return { message: invitationMessages.acceptFailedTryAgain, canRetry: true };
}

/** Signed in: accept at once, then into the app; a refusal (another address, expired…) is shown in place. */
function AcceptInvitation({ token }: { token: string | undefined }) {
  const { refresh } = useSession();
  const accept = useMutation({ mutationFn: () => invitationsApi.accept(token), onSuccess: enterApp });
  const signOut = useMutation({ mutationFn: authApi.signOut, onSettled: () => void refresh() });
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    accept.mutate();
  }, [accept]);

  if (!accept.isError) return <AuthStatus title={PAGE_TITLE} message="Accepting your invitation..." />;
  const { message, canRetry } = acceptProblem(accept.error);
  const isOtherAccount = isApiError(accept.error, "forbidden");
  return (
    <InvitationProblem
      message={message}
      action={
        (canRetry || isOtherAccount) && (
          <Button
            type="button"
            variant="outline"
            className="w-full"
            disabled={accept.isPending || signOut.isPending}
            onClick={() => (isOtherAccount ? signOut.mutate() : accept.mutate())}
          >
            {isOtherAccount ? "Sign out" : "Try again"}
          </Button>
        )
      }
    />
  );
}

function CodeEntryRedirect({ email }: { email: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(withQuery(paths.authCode, { type: "invite", email }), { replace: true });
  }, [email, navigate]);
  return <AuthStatus title={PAGE_TITLE} message="Redirecting..." />;
}

function InvitationStep({ start }: { start: InvitationStart }) {
  useEffect(() => {
    if (start.kind === "details") rememberInvitationToken(start.token);
    if (start.kind === "password_for_session") clearFromEmailAuth();
  }, [start]);

  switch (start.kind) {
    case "url_error":
      return <InvitationProblem message={start.message} />;
    case "password_for_session":
      return <InvitationDetailsStep token={start.token} passwordOnly />;
    case "accept":
      return <AcceptInvitation token={start.token} />;
    case "microsoft_custom":
      return <MicrosoftRedirect token={start.token} isCustom />;
    case "microsoft":
      return <MicrosoftRedirect token={start.token} isCustom={false} />;
    case "details":
      return <InvitationDetailsStep key={start.token} token={start.token} />;
    case "code_entry":
      return <CodeEntryRedirect email={start.email} />;
    case "no_invitation":
      return <InvitationProblem message={invitationMessages.noInvitation} />;
  }
}

/** /auth/complete-invite: everything an invitation link, a Microsoft return or an email link can ask of this page. */
export function CompleteInvitePage() {
  const { user, isLoading } = useSession();
  const [searchParams] = useSearchParams();
  // Read once: the page itself writes these as it goes.
  const [stored] = useState(() => ({ token: readInvitationToken(), customToken: readCustomInvitationToken(), isFromEmailAuth: isFromEmailAuth() }));
  const userId = user?.id ?? null;
  const start = useMemo(
    () =>
      isLoading
        ? undefined
        : invitationStart({
            params: searchParams,
            isSignedIn: userId !== null,
            storedToken: stored.token,
            customToken: stored.customToken,
            isFromEmailAuth: stored.isFromEmailAuth,
          }),
    [isLoading, searchParams, stored, userId],
  );
  if (!start) return <AuthStatus title={PAGE_TITLE} message="Loading..." />;
  return <InvitationStep key={userId ?? "signed-out"} start={start} />;
}

/** /complete-invite: the same page under its short address (replace, so Back skips it). */
export function CompleteInviteRedirectPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    navigate(`${paths.authCompleteInvite}${search}`, { replace: true });
  }, [navigate, search]);
  return <AuthStatus title="Redirecting" message="Redirecting..." />;
}
