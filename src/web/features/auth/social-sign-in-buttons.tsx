import { Loader2 } from "lucide-react";
import type { ComponentType } from "react";
import type { SocialProvider } from "../../../shared/site-config";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.93l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden>
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}

const providerButtons: Record<SocialProvider, { label: string; Mark: ComponentType }> = {
  google: { label: "Continue with Google", Mark: GoogleMark },
  microsoft: { label: "Continue with Microsoft", Mark: MicrosoftMark },
};

export function LastUsedBadge() {
  return <Badge variant="secondary">Last used</Badge>;
}

/** One button per configured provider, in the order the deployment lists them. */
export function SocialSignInButtons({
  providers,
  lastUsed,
  busyProvider,
  disabled,
  onSignIn,
}: {
  providers: SocialProvider[];
  lastUsed: SocialProvider | null;
  busyProvider: SocialProvider | null;
  disabled: boolean;
  onSignIn: (provider: SocialProvider) => void;
}) {
  return (
    <div className="grid gap-2">
      {providers.map((provider) => {
        const { label, Mark } = providerButtons[provider];
        return (
          <Button key={provider} type="button" variant="outline" className="relative h-10 w-full" disabled={disabled} onClick={() => onSignIn(provider)}>
            {busyProvider === provider ? <Loader2 className="animate-spin" aria-hidden /> : <Mark />}
            <span>{label}</span>
            {lastUsed === provider && (
              <span className="sm:absolute sm:right-2">
                <LastUsedBadge />
              </span>
            )}
          </Button>
        );
      })}
    </div>
  );
}
