import { AlertTriangle } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { AuthCard } from "./auth-layout";
import { CodeEntry } from "./code-entry";
import { useCodeFlow, type CodeFlowType } from "./code-flows";
import { paths, withQuery } from "../../../shared/paths";

export const EXPIRED_LINK_MESSAGE = "Your authentication link has expired. This often happens when email scanners check links automatically.";

/** The link's type (from the email-link handler or a provider) as a code flow. */
function flowForLinkType(type: string | null): CodeFlowType {
  if (type === "signup") return "signup";
  if (type === "recovery" || type === "password_reset") return "recovery";
  if (type === "email_change") return "email_change";
  if (type === "invite") return "invite";
  return "magic_link";
}

function ExpiredLinkCode({ email, type }: { email: string; type: CodeFlowType }) {
  const { verify, resend, resendSuccessTitle } = useCodeFlow(type);
  return (
    <>
      <p className="text-sm">
        Enter the 6-digit code from the same email sent to <strong>{email}</strong>; it still works.
      </p>
      <CodeEntry autoFocus onVerify={(code) => verify(email, code)} onResend={() => resend(email)} resendSuccessTitle={resendSuccessTitle} />
    </>
  );
}

/** /auth/error?error&error_description&email&type */
export function AuthErrorPage() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get("error");
  const description = searchParams.get("error_description");
  const email = searchParams.get("email")?.trim();
  const isExpired = error === "otp_expired" || /expired/i.test(description ?? "");
  const type = flowForLinkType(searchParams.get("type"));

  return (
    <AuthCard title="Authentication Issue" icon={<AlertTriangle aria-hidden className="size-5" />}>
      <Alert variant="destructive" role="alert">
        <AlertDescription className="col-span-2 col-start-1">
          <p>{isExpired ? EXPIRED_LINK_MESSAGE : description || "There was an issue with your authentication link."}</p>
        </AlertDescription>
      </Alert>
      {isExpired && email && <ExpiredLinkCode key={`${type}:${email}`} email={email} type={type} />}
      {isExpired && !email && (
        <Button asChild variant="outline" className="w-full">
          <Link to={withQuery(paths.authCode, { type: type === "magic_link" ? "email" : type })}>Enter a 6-digit code</Link>
        </Button>
      )}
      <Button asChild variant={isExpired && email ? "ghost" : "default"} className="w-full">
        <Link to={paths.login}>Back to Sign In</Link>
      </Button>
    </AuthCard>
  );
}
