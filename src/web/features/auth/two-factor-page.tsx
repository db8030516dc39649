import { ShieldCheck } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { paths } from "../../../shared/paths";
import { AUTHENTICATOR_CODE, TRUSTED_DEVICE_DAYS } from "../../../shared/two-factor";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { errorMessage, isApiError } from "../../lib/api-client";
import { safeRedirectTarget } from "../../lib/redirect-target";
import { authApi } from "./auth-api";
import { AuthCard } from "./auth-layout";
import { useFinishSignIn } from "./use-finish-sign-in";

/**
 * A sign-in's second step, after a right password, emailed code or sign-in link for someone with
 * two-factor sign-in on: a code from their authenticator app, or one of their recovery codes.
 * A challenge that ran out or was tried too often goes back to sign-in.
 */
export function TwoFactorPage() {
  const id = useId();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  const [searchParams] = useSearchParams();
  const target = safeRedirectTarget(searchParams.get("redirect"));
  const [isRecovery, setRecovery] = useState(false);
  const [code, setCode] = useState("");
  const [trustDevice, setTrustDevice] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const isReady = isRecovery ? code.length >= 10 : AUTHENTICATOR_CODE.test(code);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isReady) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await authApi.finishTwoFactorSignIn({ code, trustDevice });
      await finishSignIn(target);
    } catch (error) {
      if (isApiError(error, "unauthenticated")) {
        toast.error("Sign in again", { description: errorMessage(error) });
        navigate(paths.login, { replace: true });
        return;
      }
      setProblem(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Two-factor sign-in"
      icon={<ShieldCheck aria-hidden className="size-5" />}
      description={isRecovery ? "Type one of your recovery codes. Each works once." : "Type the 6-digit code from your authenticator app."}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <TextField
          id={`${id}-code`}
          label={isRecovery ? "Recovery code" : "Authentication code"}
          inputMode={isRecovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoFocus
          maxLength={32}
          problem={problem}
          value={code}
          onChange={(event) => setCode(event.target.value.trim())}
        />
        <label className="flex min-h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 max-md:size-10" checked={trustDevice} onChange={(event) => setTrustDevice(event.target.checked)} />
          Trust this device for {TRUSTED_DEVICE_DAYS} days
        </label>
        <Button type="submit" className="w-full" disabled={isBusy || !isReady}>
          {isBusy ? "Checking..." : "Verify"}
        </Button>
        <Button
          type="button"
          variant="ghost"
          className="w-full"
          onClick={() => {
            setRecovery(!isRecovery);
            setCode("");
            setProblem(undefined);
          }}
        >
          {isRecovery ? "Use your authenticator app" : "Use a recovery code"}
        </Button>
      </form>
    </AuthCard>
  );
}
