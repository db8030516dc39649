import { KeyRound, Loader2 } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Navigate, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { authApi } from "./auth-api";
import { errorMessage } from "../../lib/api-client";
import { codeErrorMessage, isSpentCodeError } from "./auth-errors";
import { AuthCard } from "./auth-layout";
import { clearPasswordReset, readPasswordReset, rememberSignInMethod, type PasswordReset } from "./auth-storage";
import { useFinishSignIn } from "./use-finish-sign-in";
import { paths, withQuery } from "../../../shared/paths";

export const RESET_PASSWORD_MIN_LENGTH = 8;

const TOO_SHORT = { title: "Password too short", description: "Password must be at least 8 characters long." } as const;
const MISMATCH = { title: "Passwords don't match", description: "Please make sure both passwords are the same." } as const;

function SetPasswordForm({ title, reset }: { title: string; reset: PasswordReset }) {
  const id = useId();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problems, setProblems] = useState<{ password?: string; confirmation?: string }>({});
  const [isSaving, setSaving] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (isSaving) return;
    if (password.length < RESET_PASSWORD_MIN_LENGTH) {
      setProblems({ password: TOO_SHORT.description });
      toast.error(TOO_SHORT.title, { description: TOO_SHORT.description });
      return passwordRef.current?.focus();
    }
    if (password !== confirmation) {
      setProblems({ confirmation: MISMATCH.description });
      toast.error(MISMATCH.title, { description: MISMATCH.description });
      return confirmationRef.current?.focus();
    }
    setProblems({});
    setSaving(true);
    try {
      await authApi.resetPassword(reset.email, reset.code, password);
    } catch (error) {
      setSaving(false);
      if (isSpentCodeError(error)) {
        const message = `${codeErrorMessage(error, "Your reset code has expired.")} Enter a new code to continue.`;
        clearPasswordReset();
        toast.error("Update failed", { description: message });
        navigate(withQuery(paths.authCode, { type: "recovery", email: reset.email, message }), { replace: true });
        return;
      }
      toast.error("Update failed", { description: errorMessage(error) });
      return;
    }
    clearPasswordReset();
    let answer: unknown;
    try {
      answer = await authApi.signIn(reset.email, password);
    } catch (error) {
      // The password did change; only the automatic sign-in failed.
      toast.success("Password updated!", { description: `Please sign in with your new password. ${errorMessage(error)}` });
      navigate(paths.login, { replace: true });
      return;
    }
    rememberSignInMethod("password");
    toast.success("Password updated!", { description: "Your password has been successfully updated." });
    await finishSignIn(paths.app, answer);
  }

  return (
    <AuthCard
      title={title}
      icon={<KeyRound aria-hidden className="size-5" />}
      description={
        <>
          Choose a new password for <strong className="text-foreground">{reset.email}</strong>. You&apos;ll be signed in right after.
        </>
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <input type="email" name="email" autoComplete="username" value={reset.email} readOnly hidden />
        <TextField
          ref={passwordRef}
          id={`${id}-password`}
          label="New password"
          problem={problems.password}
          hint={`At least ${RESET_PASSWORD_MIN_LENGTH} characters.`}
          type="password"
          name="new-password"
          autoComplete="new-password"
          autoFocus
          required
          minLength={RESET_PASSWORD_MIN_LENGTH}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblems({});
          }}
        />
        <TextField
          ref={confirmationRef}
          id={`${id}-confirmation`}
          label="Confirm new password"
          problem={problems.confirmation}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          minLength={RESET_PASSWORD_MIN_LENGTH}
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.target.value);
            setProblems({});
          }}
        />
        <Button type="submit" className="w-full" disabled={!password || !confirmation || isSaving}>
          {isSaving && <Loader2 className="animate-spin" aria-hidden />}
          {isSaving ? "Updating..." : "Update password"}
        </Button>
      </form>
    </AuthCard>
  );
}

function SetPasswordPage({ title }: { title: string }) {
  const [reset] = useState(readPasswordReset);
  if (!reset) return <Navigate to={withQuery(paths.authCode, { type: "recovery" })} replace />;
  return <SetPasswordForm title={title} reset={reset} />;
}

/** /auth/reset: after a reset code typed on /auth/verify. */
export function ResetPasswordPage() {
  return <SetPasswordPage title="Set new password" />;
}

/** /auth/new-password: after a reset link (via /auth/hash) or a code on /auth/code. */
export function NewPasswordPage() {
  return <SetPasswordPage title="Set New Password" />;
}
