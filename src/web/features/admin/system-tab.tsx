import { AuditChainStatus } from "../audit";
import { Cpu, Database, HardDrive, ListChecks, Mail, RotateCcw, Server, ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { jobAgeFilters, jobTypeLabel } from "../../../shared/admin";
import {
  jobStatuses,
  updatePlatformSettingsRequestSchema,
  type AdminJob,
  type AdminJobListResponse,
  type PlatformSettings,
} from "../../../shared/contracts/admin";
import { check } from "../../../shared/contracts/check";
import { Alert, AlertDescription } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadProblem } from "../../components/ui/load-problem";
import { SkeletonRows } from "../../components/ui/skeleton";
import type { RecordColumn } from "../../components/ui/record-table";
import { TextField } from "../../components/ui/text-field";
import { adminApi } from "./admin-api";
import { FilterSelect, PagedTable, Toolbar } from "./console-parts";
import { OrganizationFilter } from "./content-tabs";
import { formatDateTime } from "./console-format";
import { useConsoleActions, useConsoleList, usePlatformSettings, useSystemStatus } from "./use-console";
import type { ConsoleUrl } from "./use-console-url";
import { PlatformTwoFactorSwitch } from "../two-factor";

const jobStatusLabels: Record<AdminJob["status"], string> = { queued: "Queued", running: "Running", completed: "Completed", failed: "Failed" };
const jobStatusOptions = [{ value: "", label: "Any status" }, ...jobStatuses.map((status) => ({ value: status, label: jobStatusLabels[status] }))];
const ageLabels: Record<(typeof jobAgeFilters)[number], string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  all: "Any age",
};
const ageOptions = jobAgeFilters.map((age) => ({ value: age === "all" ? "" : age, label: ageLabels[age] }));

function StatusCard({ icon: Icon, title, children }: { icon: typeof Database; title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="flex items-center gap-2 text-base">
          <Icon aria-hidden className="size-4" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="text-sm">{children}</CardContent>
    </Card>
  );
}

function SystemStatusCards() {
  const system = useSystemStatus();
  if (system.isPending) return <SkeletonRows label="Loading system status" />;
  if (system.isError) return <LoadProblem message="Failed to load the system status." error={system.error} onRetry={() => void system.refetch()} />;
  const { database, queue, workers, mailer, storage, version } = system.data;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatusCard icon={Database} title="Database">
          <p>
            {database.kind === "pglite" ? "Embedded (PGlite)" : "PostgreSQL"} · {database.status === "ok" ? `${database.latencyMs} ms` : "unavailable"}
          </p>
        </StatusCard>
        <StatusCard icon={Server} title="Version">
          <p>{version}</p>
        </StatusCard>
        <StatusCard icon={HardDrive} title="Storage">
          <p>{storage.kind === "s3" ? "S3-compatible" : "Local disk"}</p>
        </StatusCard>
        <StatusCard icon={Mail} title="Mailer">
          <p>
            {mailer.kind === "smtp" ? "SMTP" : "Outbox"} · {mailer.outboxSize} in the outbox
          </p>
        </StatusCard>
        <StatusCard icon={ShieldCheck} title="Audit log">
          <AuditChainStatus />
        </StatusCard>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <StatusCard icon={ListChecks} title="Queue">
          <p className="tabular-nums">
            {queue.ready} ready · {queue.waiting} waiting to retry · {queue.running} running · {queue.failed} failed
          </p>
          {queue.byType.length > 0 && (
            <ul className="mt-2 space-y-1 text-muted-foreground">
              {queue.byType.map((row) => (
                <li key={row.type}>
                  {jobTypeLabel(row.type)}: {row.ready} ready, {row.waiting} waiting, {row.running} running, {row.failed} failed
                </li>
              ))}
            </ul>
          )}
        </StatusCard>
        <StatusCard icon={Cpu} title="Workers">
          {workers.length === 0 ? (
            <p className="text-muted-foreground">No worker is running. Jobs wait until a web process with RUN_WORKER on, or `npm run worker`, starts.</p>
          ) : (
            <ul className="space-y-2">
              {workers.map((worker) => (
                <li key={worker.workerId}>
                  <span className="font-medium break-all">{worker.workerId}</span>{" "}
                  <Badge variant={worker.isAlive ? "default" : "destructive"}>{worker.isAlive ? "Alive" : "Lease lapsed"}</Badge>
                  <span className="block text-muted-foreground">
                    Last heartbeat {formatDateTime(worker.lastHeartbeatAt)} ·{" "}
                    {worker.jobs.length === 0 ? "idle" : `holds ${worker.jobs.map((job) => `${jobTypeLabel(job.type)} (${job.stage})`).join(", ")}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </StatusCard>
      </div>
    </div>
  );
}

const jobColumns: RecordColumn<AdminJob>[] = [
  {
    header: "Job",
    isTitle: true,
    cell: (job) => (
      <>
        <span className="font-medium break-all">{job.filename ?? jobTypeLabel(job.type)}</span>
        <span className="block text-xs font-normal text-muted-foreground">
          {jobTypeLabel(job.type)} · {job.stage}
        </span>
      </>
    ),
  },
  { header: "Organization", cell: (job) => job.organizationName ?? "—" },
  { header: "Status", cell: (job) => <Badge variant={job.status === "failed" ? "destructive" : "secondary"}>{jobStatusLabels[job.status]}</Badge> },
  { header: "Created", className: "whitespace-nowrap", cell: (job) => formatDateTime(job.createdAt) },
  { header: "Started", className: "whitespace-nowrap", cell: (job) => formatDateTime(job.startedAt) || "—" },
  { header: "Completed", className: "whitespace-nowrap", cell: (job) => formatDateTime(job.completedAt) || "—" },
  {
    header: "Attempts",
    className: "tabular-nums",
    cell: (job) => (
      <>
        {job.attempts} / {job.maxAttempts}
      </>
    ),
  },
  { header: "Error", className: "max-w-64 text-xs break-words", cell: (job) => job.errorMessage ?? "" },
];

function JobsList({ url }: { url: ConsoleUrl }) {
  const query = useConsoleList(
    "jobs",
    { status: url.get("status"), organizationId: url.get("org"), age: url.get("age"), offset: String(url.offset) },
    adminApi.jobs,
  );
  const { retryJob } = useConsoleActions();
  return (
    <section className="space-y-3" aria-labelledby="processing-jobs-heading">
      <h2 id="processing-jobs-heading" className="text-lg font-semibold">
        Processing jobs
      </h2>
      <Toolbar>
        <FilterSelect url={url} name="status" label="Job status" options={jobStatusOptions} />
        <FilterSelect url={url} name="age" label="Created" options={ageOptions} />
        <OrganizationFilter url={url} />
      </Toolbar>
      <PagedTable<AdminJobListResponse, AdminJob>
        label="Jobs"
        query={query}
        rowsOf={(data) => data.jobs}
        url={url}
        empty={{ icon: ListChecks, title: "No jobs found", text: "No job matches these filters." }}
        columns={jobColumns}
        actions={(job) =>
          job.status === "failed" && (
            <Button type="button" variant="outline" size="sm" onClick={() => retryJob.mutate(job)}>
              <RotateCcw aria-hidden />
              Retry<span className="sr-only"> {job.filename ?? jobTypeLabel(job.type)}</span>
            </Button>
          )
        }
      />
    </section>
  );
}

/**
 * The spec's platform settings: the defaults new organizations get are editable; the rest are static
 * badges. The spec's "auto-backups on" is not true of the product (the privacy policy: no backups are
 * kept), so that badge says so instead.
 */
export function PlatformSettingsCard() {
  const settings = usePlatformSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Platform settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {settings.isPending ? (
          <SkeletonRows label="Loading platform settings" />
        ) : settings.isError ? (
          <LoadProblem message="Failed to load platform settings." error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <SettingsForm key={settings.data.updatedAt ?? "defaults"} settings={settings.data} />
        )}
        <PlatformTwoFactorSwitch />
        <div className="flex flex-wrap gap-2" aria-label="Platform switches">
          <Badge variant="outline">Maintenance mode: off</Badge>
          <Badge variant="outline">Backups: none kept</Badge>
          <Badge variant="outline">Rate limiting: on</Badge>
        </div>
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: PlatformSettings }) {
  const { updateSettings } = useConsoleActions();
  const [values, setValues] = useState({
    trialDays: String(settings.trialDays),
    defaultMaxUsers: String(settings.defaultMaxUsers),
    defaultStorageLimitGb: String(settings.defaultStorageLimitGb),
    defaultMonthlyCredits: String(settings.defaultMonthlyCredits),
  });
  const [problem, setProblem] = useState<string>();
  const field = (name: keyof typeof values, label: string) => (
    <TextField
      id={`platform-${name}`}
      label={label}
      inputMode="numeric"
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
    />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const request = Object.fromEntries(Object.entries(values).map(([name, text]) => [name, text.trim() === "" ? Number.NaN : Number(text)]));
    const checked = check(updatePlatformSettingsRequestSchema, request);
    setProblem(checked.ok ? undefined : checked.problem);
    if (checked.ok) updateSettings.mutate(checked.value);
  }
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-label="Platform settings">
      <div className="grid gap-4 sm:grid-cols-2">
        {field("defaultMaxUsers", "Users per organization")}
        {field("defaultStorageLimitGb", "Storage per organization (GB)")}
        {field("trialDays", "Trial days")}
        {field("defaultMonthlyCredits", "Monthly credit allowance")}
      </div>
      {problem && (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      )}
      <div>
        <Button type="submit" disabled={updateSettings.isPending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

export function SystemTab({ url }: { url: ConsoleUrl }) {
  return (
    <div className="space-y-6">
      <SystemStatusCards />
      <JobsList url={url} />
      <PlatformSettingsCard />
    </div>
  );
}
