import { Loader2 } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import type { z } from "zod";
import { check } from "../../../shared/contracts/check";
import {
  updateAuthenticationRequestSchema,
  updateOrganizationRequestSchema,
  type AuthenticationSettings,
  type Organization,
} from "../../../shared/contracts/organizations";
import {
  authMethodLabels,
  authMethods,
  DEFAULT_MAX_USERS,
  DEFAULT_STORAGE_LIMIT_GB,
  defaultAuthMethodAmong,
  enabledAuthMethods,
  ORGANIZATION_NAME_MAX_CHARS,
  organizationMessages,
  parseLimit,
  type AuthMethod,
} from "../../../shared/organizations";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { RadioGroup, RadioGroupItem } from "../../components/ui/radio-group";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { useSiteConfig } from "../../lib/site-config-context";
import { countOf, formatGigabytes } from "./organization-format";
import { useOrganizationActions } from "./use-organization";
import { OrganizationTwoFactorCard } from "../two-factor";

function SaveButton({ isSaving, disabled, children }: { isSaving: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button type="submit" disabled={disabled || isSaving}>
      {isSaving && <Loader2 className="animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

/** The field's own problem in the contract's words, or undefined. */
function problemOf(schema: z.ZodType, value: unknown): string | undefined {
  const checked = check(schema, value);
  return checked.ok ? undefined : checked.problem;
}

/** Name, maximum users and storage limit; numbers that do not parse fall back to 50 users and 100 GB (spec section 5). */
function OrganizationSettingsCard({ organization }: { organization: Organization }) {
  const id = useId();
  const { updateSettings } = useOrganizationActions(organization.id);
  const [name, setName] = useState(organization.name);
  const [maxUsers, setMaxUsers] = useState(String(organization.maxUsers));
  const [storageLimitGb, setStorageLimitGb] = useState(String(organization.storageLimitGb));
  const [problems, setProblems] = useState<{ name?: string; maxUsers?: string; storageLimitGb?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (updateSettings.isPending) return;
    const settings = {
      name,
      maxUsers: parseLimit(maxUsers, DEFAULT_MAX_USERS),
      storageLimitGb: parseLimit(storageLimitGb, DEFAULT_STORAGE_LIMIT_GB),
    };
    const { shape } = updateOrganizationRequestSchema;
    const found = {
      name: problemOf(shape.name, settings.name),
      maxUsers: problemOf(shape.maxUsers, settings.maxUsers),
      storageLimitGb: problemOf(shape.storageLimitGb, settings.storageLimitGb),
    };
    setProblems(found);
    if (found.name || found.maxUsers || found.storageLimitGb) return;
    // The fields show what was saved, fallbacks included.
    setMaxUsers(String(settings.maxUsers));
    setStorageLimitGb(String(settings.storageLimitGb));
    updateSettings.mutate(settings);
  }

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`} className="text-lg">
            Organization Settings
          </CardTitle>
          <CardDescription>Your organization&apos;s name and the limits its members share.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:max-w-md">
          <TextField
            id={`${id}-name`}
            label="Organization name"
            autoComplete="organization"
            maxLength={ORGANIZATION_NAME_MAX_CHARS}
            problem={problems.name}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id={`${id}-max-users`}
            label="Maximum users"
            inputMode="numeric"
            problem={problems.maxUsers}
            hint={`${countOf(organization.activeMembers, "member")} and ${countOf(organization.pendingInvitations, "pending invitation")} now.`}
            value={maxUsers}
            onChange={(event) => setMaxUsers(event.target.value)}
          />
          <TextField
            id={`${id}-storage`}
            label="Storage limit (GB)"
            inputMode="numeric"
            problem={problems.storageLimitGb}
            hint={`${formatGigabytes(organization.storageUsedBytes)} used by members' documents.`}
            value={storageLimitGb}
            onChange={(event) => setStorageLimitGb(event.target.value)}
          />
        </CardContent>
        <CardFooter>
          <SaveButton isSaving={updateSettings.isPending}>Save Settings</SaveButton>
        </CardFooter>
      </form>
    </Card>
  );
}

/** Tenant ids as typed: separated by commas, spaces or lines. */
function tenantIdsFrom(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

function isSameAuthentication(first: AuthenticationSettings, second: AuthenticationSettings): boolean {
  return (
    first.emailPasswordEnabled === second.emailPasswordEnabled &&
    first.azureAdEnabled === second.azureAdEnabled &&
    first.defaultMethod === second.defaultMethod &&
    first.azureTenantIds.join(",") === second.azureTenantIds.join(",")
  );
}

const methodDescriptions: Record<AuthMethod, string> = {
  email_password: "Members sign in with their email and a password, or a code sent to their email.",
  azure_ad: "Members sign in with their Microsoft work or school account.",
};

/**
 * The Authentication Methods card: which sign-in methods members (and invited people) may use,
 * and the default among the enabled ones. Save is enabled only when something changed.
 */
function AuthenticationMethodsCard({ organization }: { organization: Organization }) {
  const id = useId();
  const site = useSiteConfig();
  const { updateAuthentication } = useOrganizationActions(organization.id);
  const saved = organization.authentication;
  const [emailPasswordEnabled, setEmailPasswordEnabled] = useState(saved.emailPasswordEnabled);
  const [azureAdEnabled, setAzureAdEnabled] = useState(saved.azureAdEnabled);
  const [preferredMethod, setPreferredMethod] = useState<AuthMethod>(saved.defaultMethod);
  const [tenantIdsText, setTenantIdsText] = useState(saved.azureTenantIds.join(", "));

  const enabled = { emailPasswordEnabled, azureAdEnabled };
  const draft: AuthenticationSettings = {
    emailPasswordEnabled,
    azureAdEnabled,
    // The default can only be an enabled method: turning the default off moves it to the other one.
    defaultMethod: defaultAuthMethodAmong(enabled, preferredMethod) ?? preferredMethod,
    azureTenantIds: azureAdEnabled ? tenantIdsFrom(tenantIdsText) : saved.azureTenantIds,
  };
  const checked = check(updateAuthenticationRequestSchema, draft);
  const hasChanged = !isSameAuthentication(draft, saved);
  const canTurnOnMicrosoft = site.socialProviders.includes("microsoft");
  const isEnabled: Record<AuthMethod, boolean> = { email_password: emailPasswordEnabled, azure_ad: azureAdEnabled };
  const toggles: Record<AuthMethod, (value: boolean) => void> = { email_password: setEmailPasswordEnabled, azure_ad: setAzureAdEnabled };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checked.ok || !hasChanged || updateAuthentication.isPending) return;
    updateAuthentication.mutate(checked.value);
  }

  return (
    <Card>
      <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
        <CardHeader>
          <CardTitle id={`${id}-title`} className="text-lg">
            Authentication Methods
          </CardTitle>
          <CardDescription>How your members sign in. Invitations offer the methods you enable.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="grid gap-4">
            {authMethods.map((method) => (
              <div key={method} className="flex items-start justify-between gap-4">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-${method}`}>{authMethodLabels[method]}</Label>
                  <p id={`${id}-${method}-description`} className="text-sm text-muted-foreground">
                    {method === "azure_ad" && !canTurnOnMicrosoft ? organizationMessages.azureNotConfigured : methodDescriptions[method]}
                  </p>
                </div>
                <Switch
                  id={`${id}-${method}`}
                  aria-describedby={`${id}-${method}-description`}
                  checked={isEnabled[method]}
                  disabled={method === "azure_ad" && !canTurnOnMicrosoft && !azureAdEnabled}
                  onCheckedChange={toggles[method]}
                />
              </div>
            ))}
          </div>

          {azureAdEnabled && (
            <TextField
              id={`${id}-tenants`}
              label="Microsoft Entra tenant IDs"
              hint={
                emailPasswordEnabled
                  ? "Only accounts from these directories may sign in with Microsoft. Separate several with commas; leave empty to accept any work or school account."
                  : "Only accounts from these directories may sign in. Separate several with commas."
              }
              placeholder="00000000-0000-0000-0000-000000000000"
              autoComplete="off"
              spellCheck={false}
              value={tenantIdsText}
              onChange={(event) => setTenantIdsText(event.target.value)}
            />
          )}

          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">Default sign-in method</legend>
            <RadioGroup value={draft.defaultMethod} onValueChange={(method) => setPreferredMethod(method as AuthMethod)}>
              {authMethods.map((method) => (
                <div key={method} className="flex items-center gap-3">
                  <RadioGroupItem id={`${id}-default-${method}`} value={method} disabled={!enabledAuthMethods(enabled).includes(method)} />
                  <Label htmlFor={`${id}-default-${method}`}>{authMethodLabels[method]}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>

          {!checked.ok && (
            <Alert variant="destructive" role="alert">
              <AlertDescription className="col-span-2 col-start-1">
                <p>{checked.problem}</p>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
        <CardFooter>
          <SaveButton isSaving={updateAuthentication.isPending} disabled={!hasChanged || !checked.ok}>
            Save Authentication Settings
          </SaveButton>
        </CardFooter>
      </form>
    </Card>
  );
}

/** The Settings tab; its forms start from the organization as loaded (and again after each save). */
export function SettingsTab({ organization }: { organization: Organization }) {
  return (
    <div className="grid max-w-3xl gap-6">
      <OrganizationSettingsCard key={`${organization.name}/${organization.maxUsers}/${organization.storageLimitGb}`} organization={organization} />
      <AuthenticationMethodsCard key={JSON.stringify(organization.authentication)} organization={organization} />
      <OrganizationTwoFactorCard organizationId={organization.id} />
    </div>
  );
}
