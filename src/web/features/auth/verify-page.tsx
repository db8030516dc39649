import { MailCheck } from "lucide-react";
import { Link, Navigate, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { safeRedirectTarget } from "../../lib/redirect-target";
import { AuthCard } from "./auth-layout";
import { CodeEntry } from "./code-entry";
import { useCodeFlow, type CodeFlowType } from "./code-flows";
import { paths } from "../../../shared/paths";

const flowByVerifyType: Record<string, CodeFlowType> = {
  magic_link: "magic_link",
  signup: "signup",
  password_reset: "recovery",
};

const introByFlow: Partial<Record<CodeFlowType, string>> = {
  magic_link: "to sign in",
  signup: "to confirm your email address",
  recovery: "to reset your password",
};

function VerifyCode({ email, type }: { email: string; type: CodeFlowType }) {
  const [searchParams] = useSearchParams();
  const { verify, resend, resendSuccessTitle } = useCodeFlow(type, {
    resetPath: paths.authReset,
    signedInPath: safeRedirectTarget(searchParams.get("redirect")),
  });
  return (
    <AuthCard
      title="Check your email"
      icon={<MailCheck aria-hidden className="size-5" />}
      description={
        <>
          We sent a link and a 6-digit code {introByFlow[type]} to <strong className="text-foreground">{email}</strong>. Open the link, or enter the code here.
        </>
      }
    >
      <CodeEntry
        autoFocus
        submitLabel={type === "recovery" ? "Continue" : "Verify"}
        onVerify={(code) => verify(email, code)}
        onResend={() => resend(email)}
        resendSuccessTitle={resendSuccessTitle}
        email={email}
      />
      <Button asChild variant="ghost" className="w-full">
        <Link to={paths.login}>Back to Sign In</Link>
      </Button>
    </AuthCard>
  );
}

/** /auth/verify?email&type — type is magic_link (default), signup or password_reset. */
export function VerifyPage() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get("email")?.trim();
  const type = flowByVerifyType[searchParams.get("type") ?? "magic_link"] ?? "magic_link";
  if (!email) return <Navigate to={paths.login} replace />;
  return <VerifyCode key={`${type}:${email}`} email={email} type={type} />;
}
