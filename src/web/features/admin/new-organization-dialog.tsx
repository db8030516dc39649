import { useState, type FormEvent } from "react";
import { createOrganizationRequestSchema, type CreateOrganizationRequest } from "../../../shared/contracts/admin";
import { check } from "../../../shared/contracts/check";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { DialogActions } from "../../components/ui/dialog-actions";
import { Field } from "../../components/ui/field";
import { NativeSelect } from "../../components/ui/native-select";
import { TextField } from "../../components/ui/text-field";
import { usePlatformSettings, useConsoleActions } from "./use-console";

const whole = (text: string) => (text.trim() === "" ? undefined : Number(text));

/** 'New Organization': name, an optional verified domain, trial or enterprise, and its limits (the platform's defaults filled in). */
export function NewOrganizationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = usePlatformSettings();
  const { createOrganization } = useConsoleActions();
  const defaults = settings.data;
  const [name, setName] = useState("");
  const [domain, setDomain] = useState("");
  const [plan, setPlan] = useState<"trial" | "enterprise">("trial");
  const [trialDays, setTrialDays] = useState("");
  const [maxUsers, setMaxUsers] = useState("");
  const [storageLimitGb, setStorageLimitGb] = useState("");
  const [problem, setProblem] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const request: CreateOrganizationRequest = {
      name,
      domain,
      plan,
      trialDays: plan === "trial" ? (whole(trialDays) ?? defaults?.trialDays) : undefined,
      maxUsers: whole(maxUsers) ?? defaults?.defaultMaxUsers ?? Number.NaN,
      storageLimitGb: whole(storageLimitGb) ?? defaults?.defaultStorageLimitGb ?? Number.NaN,
    };
    const checked = check(createOrganizationRequestSchema, request);
    setProblem(checked.ok ? undefined : checked.problem);
    if (!checked.ok) return;
    createOrganization.mutate(request, {
      onSuccess: () => {
        onOpenChange(false);
        setName("");
        setDomain("");
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New Organization</DialogTitle>
          <DialogDescription>A practice set up by you: people whose address is at its domain join it when they sign up.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <TextField id="new-organization-name" label="Organization name" value={name} onChange={(event) => setName(event.target.value)} required />
          <TextField
            id="new-organization-domain"
            label="Domain (optional)"
            hint="Verified with the organization, e.g. clinic.example"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
          />
          <Field id="new-organization-plan" label="Plan">
            {(control) => (
              <NativeSelect {...control} value={plan} onChange={(event) => setPlan(event.target.value === "enterprise" ? "enterprise" : "trial")}>
                <option value="trial">Trial</option>
                <option value="enterprise">Enterprise</option>
              </NativeSelect>
            )}
          </Field>
          {plan === "trial" && (
            <TextField
              id="new-organization-trial-days"
              label="Trial days"
              inputMode="numeric"
              placeholder={String(defaults?.trialDays ?? "")}
              value={trialDays}
              onChange={(event) => setTrialDays(event.target.value)}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="new-organization-max-users"
              label="Maximum users"
              inputMode="numeric"
              placeholder={String(defaults?.defaultMaxUsers ?? "")}
              value={maxUsers}
              onChange={(event) => setMaxUsers(event.target.value)}
            />
            <TextField
              id="new-organization-storage"
              label="Storage (GB)"
              inputMode="numeric"
              placeholder={String(defaults?.defaultStorageLimitGb ?? "")}
              value={storageLimitGb}
              onChange={(event) => setStorageLimitGb(event.target.value)}
            />
          </div>
          {problem && (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{problem}</AlertDescription>
            </Alert>
          )}
          <DialogActions isBusy={createOrganization.isPending}>Create Organization</DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
