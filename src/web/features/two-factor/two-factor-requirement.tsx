import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import type { TwoFactorRequirement } from "../../../shared/contracts/two-factor";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { errorMessage } from "../../lib/api-client";
import { twoFactorApi } from "./two-factor-api";

/**
 * Whether two-factor sign-in is required (an organization's of its members, the platform's of its
 * owners): a switch that says what it does and what happened. Turning it on needs it on for oneself.
 */
export function TwoFactorRequirementSwitch({
  queryKey,
  read,
  write,
  label,
  description,
}: {
  queryKey: readonly unknown[];
  read: () => Promise<TwoFactorRequirement>;
  write: (required: boolean) => Promise<TwoFactorRequirement>;
  label: string;
  description: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const requirement = useQuery({ queryKey, queryFn: read });
  const [isBusy, setBusy] = useState(false);
  async function change(required: boolean) {
    setBusy(true);
    try {
      queryClient.setQueryData(queryKey, await write(required));
      toast.success(required ? "Two-factor sign-in required" : "Two-factor sign-in no longer required");
    } catch (error) {
      toast.error("Two-factor sign-in", { description: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
        {requirement.isError && (
          <p role="alert" className="text-sm text-destructive">
            Failed to load this setting.
          </p>
        )}
      </div>
      {/* A labelled checkbox, 40 px on a phone: a 44×24 switch is under a fingertip's size (as the portfolio's digest setting). */}
      <input
        id={id}
        type="checkbox"
        className="size-5 shrink-0 accent-primary max-md:size-10"
        aria-describedby={`${id}-description`}
        checked={requirement.data?.required ?? false}
        disabled={isBusy || !requirement.data}
        onChange={(event) => void change(event.target.checked)}
      />
    </div>
  );
}

/** The organization admin's Settings tab: require two-factor sign-in of every member. */
export function OrganizationTwoFactorCard({ organizationId }: { organizationId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Two-factor sign-in
        </CardTitle>
      </CardHeader>
      <CardContent>
        <TwoFactorRequirementSwitch
          queryKey={["organizations", organizationId, "two-factor"]}
          read={() => twoFactorApi.organizationRequirement(organizationId)}
          write={(required) => twoFactorApi.setOrganizationRequirement(organizationId, required)}
          label="Require two-factor sign-in"
          description="Members without it are led to set up an authenticator app before they can go on. Members who sign in with Google or Microsoft are protected by that provider instead."
        />
      </CardContent>
    </Card>
  );
}

/** The platform console's settings: require two-factor sign-in of platform owners. */
export function PlatformTwoFactorSwitch() {
  return (
    <TwoFactorRequirementSwitch
      queryKey={["admin", "two-factor"]}
      read={twoFactorApi.platformRequirement}
      write={twoFactorApi.setPlatformRequirement}
      label="Require two-factor sign-in for owners"
      description="Platform owners without it are led to set up an authenticator app before they can go on."
    />
  );
}
