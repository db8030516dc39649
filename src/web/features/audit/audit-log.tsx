import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Download, ScrollText } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { AUDIT_PAGE_SIZE, auditActionLabels, auditCopy, auditActions, auditOutcomeLabels, securityAuditActions, type AuditAction } from "../../../shared/audit";
import type { AuditEvent } from "../../../shared/contracts/audit";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Pager } from "../../components/ui/pager";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { LoadProblem } from "../../components/ui/load-problem";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton, SkeletonRows } from "../../components/ui/skeleton";
import { RecordTable, type RecordColumn } from "../../components/ui/record-table";
import { auditApi, type AuditLogSource, type AuditQuery } from "./audit-api";

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });

type Filters = Required<Pick<AuditQuery, "actor" | "action" | "target" | "from" | "to">>;
const noFilters: Filters = { actor: "", action: "", target: "", from: "", to: "" };

/** Details as a short line: "previousRole: org_user · role: org_admin". */
function detailsText(details: AuditEvent["details"]): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== "")
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") : String(value)}`)
    .join(" · ");
}

function targetText(event: AuditEvent): string {
  return event.targetName ?? event.targetId ?? event.targetType;
}

/** An event's fields; on a phone each event is a card headed by its action. */
const columns: RecordColumn<AuditEvent>[] = [
  { header: "Time", className: "whitespace-nowrap", cell: (event) => dateTimeFormat.format(new Date(event.occurredAt)) },
  { header: "Actor", className: "break-all", cell: (event) => event.actorEmail ?? "System" },
  { header: "Action", isTitle: true, cell: (event) => auditActionLabels[event.action] },
  { header: "Target", className: "break-all", cell: (event) => targetText(event) },
  {
    header: "Outcome",
    cell: (event) => <Badge variant={event.outcome === "success" ? "secondary" : "destructive"}>{auditOutcomeLabels[event.outcome]}</Badge>,
  },
  {
    header: "From",
    className: "text-xs break-all text-muted-foreground",
    cell: (event) => [event.ip, event.userAgent].filter(Boolean).join(" · ") || "—",
  },
  { header: "Details", className: "text-xs break-words text-muted-foreground", cell: (event) => detailsText(event.details) || "—" },
];

function TextFilter({
  label,
  value,
  onChange,
  type = "search",
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "search" | "date";
}) {
  const id = useId();
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/**
 * An audit log with its filters (actor, action, target, dates), pages of 50 from the server, and
 * the CSV export of what the filters select (`canExport`). Used by the account page (one's own
 * security events), the organization admin page and the platform console.
 */
export function AuditLog({ source, label, canExport = true }: { source: AuditLogSource; label: string; canExport?: boolean }) {
  const actionId = useId();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [applied, setApplied] = useState<Filters>(noFilters);
  const [offset, setOffset] = useState(0);
  const query: AuditQuery = Object.fromEntries(
    Object.entries({ ...applied, offset: offset > 0 ? String(offset) : "" }).filter(([, value]) => value !== ""),
  ) as AuditQuery;
  const events = useQuery({ queryKey: ["audit", source, query], queryFn: () => auditApi.events(source, query), placeholderData: keepPreviousData });
  const actions: readonly AuditAction[] = source.kind === "mine" ? securityAuditActions : auditActions;
  const set = (name: keyof Filters) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setApplied(draft);
    setOffset(0);
  };

  return (
    <section aria-label={label} className="space-y-4">
      <form role="search" aria-label={`Filter ${label.toLowerCase()}`} onSubmit={apply} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        {source.kind !== "mine" && <TextFilter label="Actor" value={draft.actor} onChange={set("actor")} />}
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor={actionId}>Action</Label>
          <NativeSelect id={actionId} value={draft.action} onChange={(event) => set("action")(event.target.value)}>
            <option value="">Any action</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {auditActionLabels[action]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {source.kind !== "mine" && <TextFilter label="Target" value={draft.target} onChange={set("target")} />}
        <TextFilter label="From" type="date" value={draft.from} onChange={set("from")} />
        <TextFilter label="To" type="date" value={draft.to} onChange={set("to")} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Apply filters</Button>
          {canExport && (
            <Button asChild variant="outline">
              <a href={auditApi.csvUrl(source, query)} download>
                <Download aria-hidden />
                {auditCopy.export}
              </a>
            </Button>
          )}
        </div>
      </form>
      <AuditEvents label={label} events={events} offset={offset} onOffset={setOffset} showActor={source.kind !== "mine"} />
    </section>
  );
}

function AuditEvents({
  label,
  events,
  offset,
  onOffset,
  showActor,
}: {
  label: string;
  events: ReturnType<typeof useQuery<Awaited<ReturnType<typeof auditApi.events>>>>;
  offset: number;
  onOffset: (offset: number) => void;
  showActor: boolean;
}) {
  if (events.isPending) {
    return <SkeletonRows label={`Loading ${label.toLowerCase()}`} />;
  }
  if (events.isError) return <LoadProblem message={`Failed to load ${label.toLowerCase()}.`} error={events.error} onRetry={() => void events.refetch()} />;
  const { events: rows, nextOffset } = events.data;
  return (
    <div className="space-y-3">
      {rows.length === 0 ? (
        <EmptyState icon={ScrollText} title="No events" className="rounded-lg border border-dashed px-6 py-10">
          <p className="text-sm text-muted-foreground">{auditCopy.empty}</p>
        </EmptyState>
      ) : (
        <RecordTable
          label={label}
          items={rows}
          keyOf={(event) => event.id}
          columns={showActor ? columns : columns.filter((column) => column.header !== "Actor")}
        />
      )}
      <Pager label={label} noun="Events" offset={offset} shown={rows.length} pageSize={AUDIT_PAGE_SIZE} nextOffset={nextOffset} onOffset={onOffset} />
    </div>
  );
}

/** The platform console's System tab indicator: whether every chain verifies, or where the first one breaks; and checkpointing on demand. */
export function AuditChainStatus() {
  const verification = useQuery({ queryKey: ["audit", "verification"], queryFn: auditApi.verification });
  const checkpoint = useMutation({ mutationFn: auditApi.checkpoint, onSettled: () => void verification.refetch() });
  if (verification.isPending) {
    return (
      <div role="status" aria-label="Checking the audit log">
        <Skeleton className="h-6 w-48" />
      </div>
    );
  }
  if (verification.isError)
    return <LoadProblem message="Failed to check the audit log." error={verification.error} onRetry={() => void verification.refetch()} />;
  const { isIntact, firstBreak, events, chains, checkpointAt } = verification.data;
  return (
    <div className="space-y-1 text-sm" aria-live="polite">
      <Badge variant={isIntact ? "secondary" : "destructive"}>{isIntact ? auditCopy.chainIntact : auditCopy.chainBroken}</Badge>
      <p className="text-muted-foreground">
        {isIntact
          ? `${events} events in ${chains} chains verified.`
          : `First broken link: chain ${firstBreak?.chain}, event #${firstBreak?.seq} (${firstBreak?.reason.replaceAll("_", " ")}).`}
      </p>
      <p className="text-muted-foreground">
        {checkpointAt
          ? `Compared with the signed checkpoint of ${dateTimeFormat.format(new Date(checkpointAt))}.`
          : "No checkpoint yet: the daily check writes the first."}
      </p>
      <Button type="button" variant="outline" size="sm" className="max-md:min-h-10" disabled={checkpoint.isPending} onClick={() => checkpoint.mutate()}>
        {checkpoint.isPending ? "Checking…" : "Verify and checkpoint now"}
      </Button>
      {checkpoint.isError && <p role="alert" className="text-destructive">{`Failed to checkpoint the audit log: ${checkpoint.error.message}`}</p>}
      {checkpoint.data && !checkpoint.data.checkpoint && (
        <p role="alert" className="text-destructive">
          Not checkpointed: the audit log is broken.
        </p>
      )}
    </div>
  );
}
