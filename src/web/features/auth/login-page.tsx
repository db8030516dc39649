import { AlertTriangle, CreditCard, Loader2, MailCheck } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { displayNameSchema } from "../../../shared/contracts/account";
import { check } from "../../../shared/contracts/check";
import { findPracticeNameProblem } from "../../../shared/organizations";
import { paths, withQuery } from "../../../shared/paths";
import type { SocialProvider } from "../../../shared/site-config";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { FullNameField } from "./full-name-field";
import { ApiError, errorMessage } from "../../lib/api-client";
import { safeRedirectTarget } from "../../lib/redirect-target";
import { isTwoFactorChallenge } from "../../../shared/two-factor";
import { useSiteConfig } from "../../lib/site-config-context";
import { useSession } from "../session";
import { authApi } from "./auth-api";
import { emailProblem } from "./auth-errors";
import { AuthCard } from "./auth-layout";
import {
  pendingCheckoutFrom,
  readLastSignInMethod,
  rememberPendingCheckout,
  rememberSignInMethod,
  type PendingCheckout,
  type SignInMethod,
} from "./auth-storage";
import { CodeEntry } from "./code-entry";
import { EmailField } from "./email-field";
import { useCodeFlow } from "./code-flows";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { LastUsedBadge, SocialSignInButtons } from "./social-sign-in-buttons";
import { useFinishSignIn } from "./use-finish-sign-in";

type Mode = "sign-in" | "sign-up";
type Busy = "password" | "code" | SocialProvider;

export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;

const providerMethod: Record<SocialProvider, SignInMethod> = { google: "google", microsoft: "azure" };
const providerFailure: Record<SocialProvider, string> = {
  google: "Google sign in failed",
  microsoft: "Azure AD sign in failed",
};

function checkoutNote(checkout: PendingCheckout): string {
  const plan = checkout.plan && `the ${checkout.plan === "pro" ? "Pro" : "Basic"} plan`;
  const credit = checkout.purchase && "a one-time document credit";
  return `You chose ${[plan, credit].filter(Boolean).join(" and ")} — you'll go to checkout after signing in.`;
}

function LinkProblem({ reason }: { reason: string | null }) {
  if (reason === "bad_link") {
    return (
      <Alert variant="destructive" role="alert">
        <AlertTriangle aria-hidden />
        <AlertTitle>That link didn&apos;t work</AlertTitle>
        <AlertDescription>
          <p>
            The link was invalid or has expired. Request a new code: enter your email and choose &ldquo;Email me a sign-in code&rdquo;, or use &ldquo;Forgot
            password?&rdquo;.
          </p>
        </AlertDescription>
      </Alert>
    );
  }
  if (reason === "sign_in_to_confirm_email") {
    return (
      <Alert role="alert">
        <MailCheck aria-hidden />
        <AlertTitle>Sign in to confirm your email</AlertTitle>
        <AlertDescription>
          <p>Sign in below, then open the link in your email again to finish confirming your new address.</p>
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}

/** After sign-up: the verify-email message and the code, right here. */
function SignUpVerification({ email, target, onBack }: { email: string; target: string; onBack: () => void }) {
  const { verify, resend, resendSuccessTitle } = useCodeFlow("signup", { signedInPath: target });
  return (
    <AuthCard title="Check your email" pageTitle="Verify your email" icon={<MailCheck aria-hidden className="size-5" />}>
      <Alert variant="success">
        <MailCheck aria-hidden />
        <AlertTitle>Account created! Please check your email to verify your account.</AlertTitle>
        <AlertDescription>
          <p>
            We sent a 6-digit code to <strong className="text-foreground">{email}</strong>. Enter it below or open the link in the email.
          </p>
        </AlertDescription>
      </Alert>
      <CodeEntry
        autoFocus
        submitLabel="Verify and sign in"
        onVerify={(code) => verify(email, code)}
        onResend={() => resend(email)}
        resendSuccessTitle={resendSuccessTitle}
      />
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        Use a different email
      </Button>
    </AuthCard>
  );
}

function LoginForm({ target, onSignedUp }: { target: string; onSignedUp: (email: string) => void }) {
  const id = useId();
  const site = useSiteConfig();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [searchParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>("sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [practiceName, setPracticeName] = useState("");
  const [problems, setProblems] = useState<{ email?: string; password?: string; name?: string; practiceName?: string }>({});
  const [busy, setBusy] = useState<Busy | null>(null);
  const [lastUsed] = useState(readLastSignInMethod);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const practiceNameRef = useRef<HTMLInputElement>(null);
  const checkout = useMemo(() => pendingCheckoutFrom(searchParams), [searchParams]);
  const isSignIn = mode === "sign-in";
  const redirectParam = searchParams.get("redirect");

  usePendingCheckout(checkout);

  /** /auth/verify for this address, keeping where to go afterwards. */
  const verifyPath = (type: "magic_link" | "signup") => {
    return withQuery(paths.authVerify, { email: email.trim(), type, redirect: redirectParam ? target : undefined });
  };

  function checkEmail(): boolean {
    const problem = emailProblem(email);
    setProblems((current) => ({ ...current, email: problem }));
    if (problem) emailRef.current?.focus();
    return !problem;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const emailIssue = emailProblem(email);
    const passwordIssue = !password
      ? "Enter your password."
      : password.length < SIGN_IN_PASSWORD_MIN_LENGTH
        ? `Password must be at least ${SIGN_IN_PASSWORD_MIN_LENGTH} characters long.`
        : undefined;
    const checkedName = check(displayNameSchema, name);
    const nameIssue = isSignIn || checkedName.ok ? undefined : checkedName.problem;
    const practiceNameIssue = isSignIn ? undefined : findPracticeNameProblem(practiceName, { isRequired: true });
    setProblems({ email: emailIssue, password: passwordIssue, name: nameIssue, practiceName: practiceNameIssue });
    if (nameIssue) return nameRef.current?.focus();
    if (practiceNameIssue) return practiceNameRef.current?.focus();
    if (emailIssue) return emailRef.current?.focus();
    if (passwordIssue) return passwordRef.current?.focus();

    const address = email.trim();
    setBusy("password");
    try {
      if (isSignIn) {
        const answer = await authApi.signIn(address, password);
        rememberSignInMethod("password");
        if (!isTwoFactorChallenge(answer)) toast.success(`Welcome to ${site.productName}!`, { description: "You've successfully signed in." });
        await finishSignIn(target, answer);
      } else {
        await authApi.signUp({ email: address, password, name: name.trim(), practiceName: practiceName.trim() });
        toast.success("Account created!", { description: "Please check your email to verify your account." });
        onSignedUp(address);
      }
    } catch (error) {
      if (isSignIn && error instanceof ApiError && error.authCode === "EMAIL_NOT_VERIFIED") {
        toast.info("Please verify your email", { description: "We sent a new 6-digit code to your email." });
        navigate(verifyPath("signup"));
        return;
      }
      toast.error(isSignIn ? "Sign in failed" : "Sign up failed", { description: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  async function emailMeACode() {
    if (busy || !checkEmail()) return;
    setBusy("code");
    try {
      await authApi.sendCode(email.trim(), "sign-in");
      toast.success("Check your email", { description: "We sent you a sign-in link and a 6-digit code." });
      navigate(verifyPath("magic_link"));
    } catch (error) {
      toast.error("Could not send a sign-in code", { description: errorMessage(error) });
      setBusy(null);
    }
  }

  async function socialSignIn(provider: SocialProvider) {
    if (busy) return;
    setBusy(provider);
    rememberSignInMethod(providerMethod[provider]);
    try {
      const { url } = await authApi.socialSignIn(provider, { callbackURL: target, loginHint: email.trim() });
      window.location.assign(url);
    } catch (error) {
      toast.error(providerFailure[provider], { description: errorMessage(error) });
      setBusy(null);
    }
  }

  function toggleMode() {
    setMode(isSignIn ? "sign-up" : "sign-in");
    setProblems({});
  }

  const lastUsedProvider = lastUsed === "google" ? "google" : lastUsed === "azure" ? "microsoft" : null;
  const canSubmit = email.trim() !== "" && password !== "" && (isSignIn || (name.trim() !== "" && practiceName.trim() !== "")) && busy === null;

  return (
    <AuthCard
      title={isSignIn ? "Sign in" : "Create your account"}
      pageTitle={isSignIn ? "Sign in" : "Sign up"}
      description={isSignIn ? `Welcome back to ${site.productName}.` : "Upload your contracts and get plain-English answers with citations."}
    >
      <LinkProblem reason={searchParams.get("e")} />
      {checkout && (
        <Alert>
          <CreditCard aria-hidden />
          <AlertDescription className="col-start-2 text-foreground">
            <p>{checkoutNote(checkout)}</p>
          </AlertDescription>
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={isSignIn ? "Sign in" : "Sign up"}>
        {!isSignIn && (
          <FullNameField
            ref={nameRef}
            id={`${id}-name`}
            problem={problems.name}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (problems.name) setProblems((current) => ({ ...current, name: undefined }));
            }}
          />
        )}
        {!isSignIn && (
          <TextField
            ref={practiceNameRef}
            id={`${id}-practice`}
            label="Practice name"
            name="organization"
            autoComplete="organization"
            required
            problem={problems.practiceName}
            hint={`Your organization in ${site.productName}. Its admins can rename it later.`}
            value={practiceName}
            onChange={(event) => {
              setPracticeName(event.target.value);
              if (problems.practiceName) setProblems((current) => ({ ...current, practiceName: undefined }));
            }}
          />
        )}
        <EmailField
          ref={emailRef}
          id={`${id}-email`}
          autoComplete={isSignIn ? "username" : "email"}
          placeholder="you@practice.com"
          problem={problems.email}
          value={email}
          onEdit={(value) => {
            setEmail(value);
            if (problems.email) setProblems((current) => ({ ...current, email: undefined }));
          }}
        />
        <TextField
          ref={passwordRef}
          id={`${id}-password`}
          label="Password"
          labelEnd={isSignIn && <ForgotPasswordDialog initialEmail={email} />}
          type="password"
          name="password"
          autoComplete={isSignIn ? "current-password" : "new-password"}
          required
          minLength={SIGN_IN_PASSWORD_MIN_LENGTH}
          problem={problems.password}
          hint={isSignIn ? undefined : `At least ${SIGN_IN_PASSWORD_MIN_LENGTH} characters.`}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (problems.password) setProblems((current) => ({ ...current, password: undefined }));
          }}
        />
        <Button type="submit" className="relative w-full" disabled={!canSubmit}>
          {busy === "password" && <Loader2 className="animate-spin" aria-hidden />}
          {isSignIn ? "Sign In" : "Sign Up"}
          {isSignIn && lastUsed === "password" && (
            <span className="sm:absolute sm:right-2">
              <LastUsedBadge />
            </span>
          )}
        </Button>
      </form>

      {isSignIn && (
        <>
          <Button type="button" variant="secondary" className="w-full" disabled={busy !== null} onClick={() => void emailMeACode()}>
            {busy === "code" && <Loader2 className="animate-spin" aria-hidden />}
            Email me a sign-in code
          </Button>
          {site.socialProviders.length > 0 && (
            <>
              <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden>
                <span className="h-px flex-1 bg-border" />
                or
                <span className="h-px flex-1 bg-border" />
              </div>
              <SocialSignInButtons
                providers={site.socialProviders}
                lastUsed={lastUsedProvider}
                busyProvider={busy === "google" || busy === "microsoft" ? busy : null}
                disabled={busy !== null}
                onSignIn={(provider) => void socialSignIn(provider)}
              />
            </>
          )}
        </>
      )}

      <p className="text-center text-sm text-muted-foreground">
        {isSignIn ? "Don't have an account?" : "Already have an account?"}{" "}
        <Button type="button" variant="link" className="h-auto p-0 align-baseline" onClick={toggleMode}>
          {isSignIn ? "Sign up" : "Sign in instead"}
        </Button>
      </p>
    </AuthCard>
  );
}

/** plan / purchase from the pricing buttons wait in localStorage until billing takes them after sign-in. */
function usePendingCheckout(checkout: PendingCheckout | null) {
  useEffect(() => {
    if (checkout) rememberPendingCheckout(checkout);
  }, [checkout]);
}

/** /login: sign in or sign up, by password, emailed code, Google or Microsoft. */
export function LoginPage() {
  const { user, isLoading } = useSession();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get("redirect"));
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);

  if (isLoading) {
    return (
      <p role="status" className="py-16 text-center text-muted-foreground">
        Loading...
      </p>
    );
  }
  if (user) return <Navigate to={target} replace />;
  if (signedUpEmail) return <SignUpVerification email={signedUpEmail} target={target} onBack={() => setSignedUpEmail(null)} />;
  return <LoginForm target={target} onSignedUp={setSignedUpEmail} />;
}
