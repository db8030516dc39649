import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "sonner";
import type { TwoFactorSetup, TwoFactorStatus } from "../../../shared/contracts/two-factor";
import { RECOVERY_CODE_COUNT } from "../../../shared/two-factor";
import { Button } from "../../components/ui/button";
import { LoadProblem } from "../../components/ui/load-problem";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api-client";
import { twoFactorApi } from "./two-factor-api";

export const twoFactorStatusKey = ["me", "two-factor"] as const;

/** One step's password field, shown only to accounts that have a password. */
function CurrentPassword({ id, status, value, onValueChange }: { id: string; status: TwoFactorStatus; value: string; onValueChange: (value: string) => void }) {
  if (!status.hasPassword) return null;
  return (
    <TextField
      id={id}
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** An authenticator code field: six digits, the phone's number pad, one-time-code autofill. */
function AuthenticatorCode({
  id,
  label,
  value,
  onValueChange,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
}) {
  return (
    <TextField
      id={id}
      label={label}
      hint={hint}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={32}
      value={value}
      onChange={(event) => onValueChange(event.target.value.trim())}
    />
  );
}

/** The recovery codes, shown once: each works once when the authenticator app is out of reach. */
function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const id = useId();
  return (
    <div className="space-y-2" role="group" aria-labelledby={id}>
      <p id={id} className="text-sm font-medium">
        Recovery codes
      </p>
      <p className="text-sm text-muted-foreground">
        Keep these {RECOVERY_CODE_COUNT} codes somewhere safe. Each signs you in once if you cannot use your authenticator app. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-1 gap-1 rounded-md border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => void navigator.clipboard?.writeText(codes.join("\n")).then(() => toast.success("Recovery codes copied"))}
      >
        Copy codes
      </Button>
    </div>
  );
}

/** Turning it on: the password, then the QR code and key with the recovery codes, then the first code from the app. */
function EnableTwoFactor({ status, onEnabled }: { status: TwoFactorStatus; onEnabled: () => Promise<unknown> }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function run(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } catch (error) {
      toast.error("Two-factor sign-in", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  const start = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setSetup(await twoFactorApi.enable(status.hasPassword ? password : undefined));
      setPassword("");
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await twoFactorApi.confirm(code);
      toast.success("Two-factor sign-in is on", { description: "From now on, signing in asks for a code from your authenticator app." });
      await onEnabled();
    });
  };

  if (!setup) {
    return (
      <form noValidate onSubmit={start} className="space-y-3">
        <p className="text-sm text-muted-foreground">
          Sign-in will ask for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) after your password or
          emailed code.
        </p>
        <CurrentPassword id={`${id}-password`} status={status} value={password} onValueChange={setPassword} />
        <Button type="submit" disabled={isBusy || (status.hasPassword && password === "")}>
          Set up two-factor sign-in
        </Button>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={confirm} className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>Scan the QR code with your authenticator app, or type the key into it.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <img src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" width={200} height={200} className="rounded-md border bg-white p-2" />
      <div className="space-y-1">
        <p id={`${id}-key-label`} className="text-sm font-medium">
          Key
        </p>
        <p aria-labelledby={`${id}-key-label`} data-testid="two-factor-manual-key" className="break-all rounded-md border bg-muted/40 p-2 font-mono text-sm">
          {setup.manualKey}
        </p>
      </div>
      <RecoveryCodes codes={setup.recoveryCodes} />
      <AuthenticatorCode id={`${id}-code`} label="Code from your app" value={code} onValueChange={setCode} />
      <Button type="submit" disabled={isBusy || code.length < 6}>
        Turn on two-factor sign-in
      </Button>
    </form>
  );
}

/** New recovery codes with the password; the old ones stop working. */
function ReplaceRecoveryCodes({ status }: { status: TwoFactorStatus }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      setCodes((await twoFactorApi.regenerateRecoveryCodes(status.hasPassword ? password : undefined)).recoveryCodes);
      setPassword("");
      toast.success("New recovery codes", { description: "Your old recovery codes no longer work." });
    } catch (error) {
      toast.error("Recovery codes", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="text-sm font-medium">
        Recovery codes
      </h4>
      {codes ? (
        <RecoveryCodes codes={codes} />
      ) : (
        <p className="text-sm text-muted-foreground">Replace your recovery codes if you lost them or used most of them.</p>
      )}
      <CurrentPassword id={`${id}-password`} status={status} value={password} onValueChange={setPassword} />
      <Button type="submit" variant="outline" disabled={isBusy || (status.hasPassword && password === "")}>
        Replace recovery codes
      </Button>
    </form>
  );
}

/** Off with the password and a current code (or a recovery code). */
function DisableTwoFactor({ status, onDisabled }: { status: TwoFactorStatus; onDisabled: () => Promise<unknown> }) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [isBusy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await twoFactorApi.disable(status.hasPassword ? password : undefined, code);
      toast.success("Two-factor sign-in is off");
      await onDisabled();
    } catch (error) {
      toast.error("Two-factor sign-in", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h4 id={`${id}-heading`} className="text-sm font-medium">
        Turn off
      </h4>
      {status.required && (
        <p className="text-sm text-muted-foreground">
          Your organization requires two-factor sign-in: turning it off means setting it up again at your next step in the app.
        </p>
      )}
      <CurrentPassword id={`${id}-password`} status={status} value={password} onValueChange={setPassword} />
      <AuthenticatorCode id={`${id}-code`} label="Code from your app" hint="Or one of your recovery codes." value={code} onValueChange={setCode} />
      <Button type="submit" variant="destructive" disabled={isBusy || (status.hasPassword && password === "") || code.length < 6}>
        Turn off two-factor sign-in
      </Button>
    </form>
  );
}

/**
 * The profile's Security tab section (and the whole of the set-up page an organization's
 * requirement leads to): on or off, and each step of turning it on, replacing recovery codes and
 * turning it off. `onEnabled` runs once it is on.
 */
export function TwoFactorSettings({ onEnabled }: { onEnabled?: () => Promise<unknown> }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: twoFactorStatusKey, queryFn: twoFactorApi.status });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
  };
  return (
    <section className="space-y-3" aria-labelledby="two-factor-heading">
      <h3 id="two-factor-heading" className="font-medium">
        Two-factor sign-in
      </h3>
      {status.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {status.isError && <LoadProblem message="Failed to load your two-factor sign-in." error={status.error} onRetry={() => void status.refetch()} />}
      {status.data && !status.data.enabled && (
        <EnableTwoFactor
          status={status.data}
          onEnabled={async () => {
            await refresh();
            await onEnabled?.();
          }}
        />
      )}
      {status.data?.enabled && (
        <>
          <p className="text-sm">
            <span className="font-medium text-foreground">On.</span> Signing in asks for a code from your authenticator app.
          </p>
          <ReplaceRecoveryCodes status={status.data} />
          <DisableTwoFactor status={status.data} onDisabled={refresh} />
        </>
      )}
    </section>
  );
}
