import { KeyRound } from "lucide-react";
import { useId, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmailField, useEmailField } from "./email-field";
import { emailProblem } from "./auth-errors";
import { AuthCard } from "./auth-layout";
import { CodeEntry } from "./code-entry";
import { useCodeFlow, type CodeFlowType } from "./code-flows";
import { paths } from "../../../shared/paths";

type CodePageType = Extract<CodeFlowType, "recovery" | "invite" | "email_change"> | "email";

export function codePageType(value: string | null): CodePageType {
  if (value === "recovery" || value === "password_reset") return "recovery";
  if (value === "invite" || value === "email_change") return value;
  return "email";
}

export const codePageLabels: Record<CodePageType, string> = {
  recovery: "Password Reset",
  invite: "Invitation",
  email_change: "Email Change",
  email: "Sign In",
};

/** The provider's message from the URL: `message`, else error_description, else a generic line when only `error` is there. */
function providerMessage(params: URLSearchParams): string | null {
  const message = params.get("message") || params.get("error_description");
  if (message) return message;
  return params.get("error") ? "An error occurred" : null;
}

/** /auth/code?type — when a link has expired or was used: email plus the 6-digit code. */
export function CodePage() {
  const id = useId();
  const [searchParams] = useSearchParams();
  const type = codePageType(searchParams.get("type"));
  const label = codePageLabels[type];
  const message = providerMessage(searchParams);
  const { email, setProblem, fieldProps } = useEmailField(searchParams.get("email") ?? "");
  const emailRef = useRef<HTMLInputElement>(null);
  const { verify, resend, resendSuccessTitle } = useCodeFlow(type === "email" ? "magic_link" : type);

  function checkEmail(): boolean {
    const issue = emailProblem(email);
    setProblem(issue);
    if (issue) emailRef.current?.focus();
    return !issue;
  }

  return (
    <AuthCard
      title={`${label} Code Required`}
      icon={<KeyRound aria-hidden className="size-5" />}
      description="Your authentication link has expired or been used. Please enter your email and the 6-digit code from your email to continue."
    >
      {message && (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="col-span-2 col-start-1">
            <p>{message}</p>
          </AlertDescription>
        </Alert>
      )}
      <CodeEntry
        submitLabel="Continue"
        isReady={email.trim() !== ""}
        validateFields={checkEmail}
        onVerify={(code) => verify(email, code)}
        onResend={async () => {
          if (!checkEmail()) throw new Error("Enter your email address first.");
          return resend(email);
        }}
        resendSuccessTitle={resendSuccessTitle}
        email={email}
      >
        <EmailField ref={emailRef} id={`${id}-email`} {...fieldProps} />
      </CodeEntry>
      <Button asChild variant="ghost" className="w-full">
        <Link to={paths.login}>Back to Sign In</Link>
      </Button>
    </AuthCard>
  );
}
