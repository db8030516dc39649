import { Loader2, MailWarning } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { errorMessage } from "../../lib/api-client";
import { codeErrorMessage } from "./auth-errors";
import { CodeInput, isCompleteCode } from "./code-input";
import { useEmailDelivery } from "./use-email-delivery";

export const INVALID_CODE_TOAST = { title: "Invalid code", description: "Please enter the 6-digit code from your email." } as const;

interface CodeEntryProps {
  /** Checks the code and moves on; throws when the server refuses it. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a fresh code; omitted where there is nothing to resend. */
  onResend?: () => Promise<unknown>;
  resendSuccessTitle?: string;
  submitLabel?: string;
  /** Fields above the code (the email on /auth/code). */
  children?: ReactNode;
  /** Runs before verifying; false stops it (the fields show their own errors). */
  validateFields?: () => boolean;
  /** False while the fields above are still empty: no submit, no auto-submit, no resend. */
  isReady?: boolean;
  autoFocus?: boolean;
  /** The address the code went to: the form tells when sending it fails. */
  email?: string;
}

/** Ours (the spec has no such state): the mail server failed to take the code's email. */
export const emailDeliveryMessages = {
  retrying: (email: string) => `We could not send the email to ${email} yet. We will keep trying for a few minutes, or you can send a new code.`,
  failed: (email: string) => `We could not send the email to ${email}. Check that the address is right and send a new code, or try again later.`,
} as const;

/**
 * The 6-digit code form: verify (also on the sixth digit), resend, and the hint that a
 * scanner may have used up the link while the code still works.
 */
export function CodeEntry({
  onVerify,
  onResend,
  resendSuccessTitle = "New code sent!",
  submitLabel = "Verify",
  children,
  validateFields,
  isReady = true,
  autoFocus = false,
  email,
}: CodeEntryProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string>();
  const [isVerifying, setVerifying] = useState(false);
  const [isResending, setResending] = useState(false);
  const busy = useRef(false);
  const [resends, setResends] = useState(0);

  async function verify(candidate: string) {
    if (busy.current) return;
    if (validateFields && !validateFields()) return;
    if (!isCompleteCode(candidate)) {
      setProblem(INVALID_CODE_TOAST.description);
      toast.error(INVALID_CODE_TOAST.title, { description: INVALID_CODE_TOAST.description });
      inputRef.current?.focus();
      return;
    }
    setProblem(undefined);
    busy.current = true;
    setVerifying(true);
    try {
      await onVerify(candidate);
    } catch (error) {
      const description = codeErrorMessage(error, "Please check your code and try again.");
      setProblem(description);
      toast.error("Verification failed", { description });
      setCode("");
      // Focus returns once the field is enabled again (after this render).
      setTimeout(() => inputRef.current?.focus(), 0);
    } finally {
      busy.current = false;
      setVerifying(false);
    }
  }

  async function resend() {
    setResending(true);
    try {
      await onResend?.();
      setResends((count) => count + 1);
      toast.success(resendSuccessTitle, { description: "Check your email for a new 6-digit code." });
      setProblem(undefined);
      setCode("");
      inputRef.current?.focus();
    } catch (error) {
      toast.error("Failed to resend", { description: errorMessage(error) });
    } finally {
      setResending(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {children}
      {onResend && email && <EmailDeliveryNotice email={email} resends={resends} />}
      <div className="space-y-2">
        <Label htmlFor={`${id}-code`}>6-digit code</Label>
        <CodeInput
          ref={inputRef}
          id={`${id}-code`}
          name="code"
          required
          autoFocus={autoFocus}
          disabled={isVerifying}
          value={code}
          onValueChange={(next) => {
            setCode(next);
            if (problem) setProblem(undefined);
          }}
          onComplete={(complete) => {
            if (isReady) void verify(complete);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${problem ? `${id}-problem ` : ""}${id}-hint`}
        />
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={!code || !isReady || isVerifying}>
        {isVerifying && <Loader2 className="animate-spin" aria-hidden />}
        {isVerifying ? "Verifying..." : submitLabel}
      </Button>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Don&apos;t see the email? Check your spam or junk folder. If the link in the email says it has expired, an email security scanner may have opened it
        first; the 6-digit code still works.
      </p>
      {onResend && (
        <p className="text-sm text-muted-foreground">
          Didn&apos;t get a code?{" "}
          <Button type="button" variant="link" className="h-auto p-0 align-baseline" disabled={!isReady || isResending} onClick={() => void resend()}>
            {isResending ? "Sending..." : "Send a new code"}
          </Button>
        </p>
      )}
    </form>
  );
}

/** Says when the code's email to `email` is delayed or could not be sent; asks afresh after each resend. */
function EmailDeliveryNotice({ email, resends }: { email: string; resends: number }) {
  const { delivery, restart } = useEmailDelivery(email);
  useEffect(() => {
    if (resends > 0) restart();
  }, [resends, restart]);
  if (delivery?.status !== "retrying" && delivery?.status !== "failed") return null;
  return (
    <Alert variant="destructive" role="alert">
      <MailWarning aria-hidden />
      <AlertTitle>{delivery.status === "failed" ? "Email not sent" : "Email delayed"}</AlertTitle>
      <AlertDescription>
        <p>{emailDeliveryMessages[delivery.status](delivery.email)}</p>
      </AlertDescription>
    </Alert>
  );
}
