import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import { PLATFORM_CHAIN } from "../../../core/audit/chain";
import { createEventSampler } from "../../../core/audit/event-sampler";
import { redactAuditDetails, type AuditDetails } from "../../../core/audit/redaction";
import { accessRoleOf, type AccessRole } from "../../../shared/access";
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE, type AuditAction, type AuditOutcome, type AuditTargetType } from "../../../shared/audit";
import type { AuditEvent, AuditEventPage, AuditVerification } from "../../../shared/contracts/audit";
import { isPlatformRole } from "../../../shared/roles";
import type { AuditEventRow, AuditFilters, AuditRepo, AuditScope, NewAuditEvent } from "./audit.repo";

type Executor = Parameters<AuditRepo["append"]>[0];

/** Events written in one batch at most, when many were recorded while the last batch was written. */
const WRITE_BATCH = 200;
/**
 * How long an event recorded outside a transaction waits for others to share its write: a busy
 * server writes one statement for many requests instead of one each (the web process's one
 * PGlite runs it on the thread that serves the next request). An event is unwritten at most this
 * long; closing the app writes what waits.
 */
const WRITE_DELAY_MS = 25;
/** Failed attempts by callers not identified that one address may add to the log each minute. */
const ANONYMOUS_ATTEMPTS_PER_MINUTE = 10;

/** Who did it, as the log keeps it: a request's actor, or a person known only by the sign-in they attempted. */
export interface AuditActor {
  userId: string | null;
  email: string | null;
  role: AccessRole | null;
  organizationId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

/** Where a request came from, for an event whose actor is not the request's (signed out, or named by account). */
export type AuditRequest = Pick<AuditActor, "ip" | "userAgent" | "requestId">;

/** No request: work of a job, a webhook, or a hook that has none. */
export const noRequest: AuditRequest = { ip: null, userAgent: null, requestId: null };

export interface AuditTarget {
  type: AuditTargetType;
  id?: string | null;
  /** The target's name at the time. */
  name?: string | null;
}

export interface RecordOptions {
  outcome?: AuditOutcome;
  /** Whose log shows the event when it is not the actor's organization (an owner acting on an organization). */
  organizationId?: string | null;
  /** The transaction of the action recorded: the event exists only if the action commits, and a failure to record fails it. */
  tx?: Executor;
}

/** Work of the system itself (the retention job, document processing): no person, no request. */
export const systemActor: AuditActor = { userId: null, email: null, role: null, organizationId: null, ip: null, userAgent: null, requestId: null };

/** A caller no one is signed in as, known by where the request came from (and the address they typed, when there is one). */
export function anonymousActor(request: AuditRequest, email: string | null = null): AuditActor {
  return { ...systemActor, ...request, email };
}

export function auditActorOf(actor: Actor | AuditActor): AuditActor {
  if (!("sessionId" in actor)) return actor;
  return {
    userId: actor.userId,
    email: actor.email,
    role: accessRoleOf(actor),
    organizationId: actor.organizationId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  };
}

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    organizationId: row.organizationId,
    actorUserId: row.actorUserId,
    actorEmail: row.actorEmail,
    actorRole: row.actorRole,
    action: row.action as AuditEvent["action"],
    targetType: row.targetType,
    targetId: row.targetId,
    targetName: row.targetName,
    outcome: row.outcome as AuditOutcome,
    ip: row.ip,
    userAgent: row.userAgent,
    requestId: row.requestId,
    details: row.details,
  };
}

const csvColumns: (keyof AuditEvent)[] = [
  "occurredAt",
  "actorEmail",
  "actorUserId",
  "actorRole",
  "organizationId",
  "action",
  "outcome",
  "targetType",
  "targetId",
  "targetName",
  "ip",
  "userAgent",
  "requestId",
  "details",
];

/** One CSV cell: quoted, quotes doubled, and text a spreadsheet would run as a formula made inert. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${inert.replaceAll('"', '""')}"`;
}

export function auditCsv(events: AuditEvent[]): string {
  const lines = [csvColumns.join(","), ...events.map((event) => csvColumns.map((column) => csvCell(event[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

const breakReasons: Record<NonNullable<AuditVerification["firstBreak"]>["reason"], string> = {
  missing_event: "an event is missing (deleted)",
  previous_hash_mismatch: "the event does not link to the one before it (an earlier event was changed or removed)",
  content_changed: "the event's content no longer matches its hash (changed)",
  head_mismatch: "the chain's last event is not the one recorded as last",
};

/** The verification in one line a person reads: `npm run audit:verify` prints it. */
export function describeVerification(verification: AuditVerification): string {
  const checked = `${verification.events} events in ${verification.chains} chains`;
  const broken = verification.firstBreak;
  if (!broken) return `Audit log intact: ${checked} verified.`;
  const event = broken.eventId ? ` (event ${broken.eventId})` : "";
  return `Audit log BROKEN in chain ${broken.chain} at event #${broken.seq}${event}: ${breakReasons[broken.reason]}. Checked ${checked}.`;
}

/** The filters as the export event records them: names and values, never more than the allowed detail text. */
function filtersNamed(filters: AuditFilters): string[] {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${value instanceof Date ? value.toISOString() : String(value)}`);
}

/**
 * The audit log (issue 19, ADR 020): `record` is the one door every module writes through;
 * reads are scoped by who asks (the routes' permission check decides the scope).
 */
export function createAuditService(deps: { repo: AuditRepo; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  /** Events recorded without a transaction, written in batches behind the requests that recorded them. */
  const pending: NewAuditEvent[] = [];
  let writing: Promise<void> | undefined;
  const anonymousAttempts = createEventSampler({ perWindow: ANONYMOUS_ATTEMPTS_PER_MINUTE, windowMs: 60_000 });
  let waiting: NodeJS.Timeout | undefined;

  function startWriting(): void {
    clearTimeout(waiting);
    waiting = undefined;
    writing ??= writePending();
  }

  async function record(actorOrRequest: Actor | AuditActor, action: AuditAction, target: AuditTarget, details: AuditDetails = {}, options: RecordOptions = {}) {
    const actor = auditActorOf(actorOrRequest);
    const redacted = redactAuditDetails(details);
    if (redacted.dropped.length > 0) deps.logger.warn({ action, dropped: redacted.dropped }, "audit details outside the allow-list were not recorded");
    const event = {
      occurredAt: now(),
      organizationId: options.organizationId === undefined ? actor.organizationId : options.organizationId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      actorRole: actor.role,
      actorOrganizationId: actor.organizationId,
      action,
      targetType: target.type,
      targetId: target.id ?? null,
      targetName: target.name ?? null,
      outcome: options.outcome ?? "success",
      ip: actor.ip,
      userAgent: actor.userAgent,
      requestId: actor.requestId,
      details: redacted.details,
    };
    if (options.tx) {
      await deps.repo.append(options.tx, event);
      return;
    }
    // On its own: written shortly behind the answer, in this process's order, and never failing the action
    // it records, which has already happened (a failure is logged).
    pending.push(event);
    if (!writing && !waiting) waiting = setTimeout(startWriting, WRITE_DELAY_MS).unref();
  }

  /** Writes what waits, a batch at a time, until nothing does; events recorded meanwhile join the next batch. */
  async function writePending(): Promise<void> {
    while (pending.length > 0) {
      const batch = pending.splice(0, WRITE_BATCH);
      try {
        await deps.repo.appendBatch(batch);
      } catch (error) {
        deps.logger.error(
          { err: error, actions: batch.map((event) => event.action), requestIds: batch.map((event) => event.requestId) },
          "audit events could not be recorded",
        );
      }
    }
    writing = undefined;
  }

  /** Resolves once everything recorded so far without a transaction is written. */
  async function flush(): Promise<void> {
    if (waiting) startWriting();
    while (writing) await writing;
  }

  async function list(scope: AuditScope, filters: AuditFilters, offset: number): Promise<AuditEventPage> {
    await flush();
    const rows = await deps.repo.list(scope, filters, { offset, limit: AUDIT_PAGE_SIZE + 1 });
    return { events: rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEvent), nextOffset: rows.length > AUDIT_PAGE_SIZE ? offset + AUDIT_PAGE_SIZE : null };
  }

  return {
    record,
    list,

    /** Waits until every event recorded so far without a transaction is written (a stopping process, tests). */
    flush,

    /**
     * A failed attempt by a caller no one is signed in as (a wrong code for an address nothing waits
     * on, a provider's error): recorded as the caller, in the platform log, at most 10 a minute per
     * address and kind, the next one recorded carrying how many were skipped. A scanner cannot flood
     * the log, nor put failures in the name of whoever owns the address typed.
     */
    async recordAnonymousAttempt(request: AuditRequest, action: AuditAction, target: AuditTarget, details: AuditDetails, email: string | null = null) {
      const { record: isRecorded, suppressed } = anonymousAttempts.admit(`${action}:${request.ip}`);
      if (!isRecorded) return;
      await record(anonymousActor(request, email), action, target, { ...details, suppressed }, { outcome: "failed", organizationId: null });
    },

    /** The scope's events as CSV (at most 10,000, newest first); the export is itself recorded. */
    async exportCsv(actor: Actor, scope: AuditScope, filters: AuditFilters): Promise<{ csv: string; rows: number }> {
      // The export shows what was recorded up to the moment it was asked for, this process's last events included.
      await flush();
      const rows = await deps.repo.list(scope, filters, { offset: 0, limit: AUDIT_EXPORT_MAX_ROWS });
      const target: AuditTarget =
        scope.kind === "organization"
          ? { type: "audit_log", id: scope.organizationId }
          : { type: "audit_log", id: scope.kind === "own" ? scope.userId : PLATFORM_CHAIN };
      await record(
        actor,
        "audit.exported",
        target,
        { format: "csv", rows: rows.length, filters: filtersNamed(filters) },
        { organizationId: scope.kind === "organization" ? scope.organizationId : actor.organizationId },
      );
      return { csv: auditCsv(rows.map(toAuditEvent)), rows: rows.length };
    },

    /** Walks every chain: the System tab's indicator and `npm run audit:verify`. */
    async verify(): Promise<AuditVerification> {
      await flush();
      const result = await deps.repo.verify();
      return {
        checkedAt: now().toISOString(),
        chains: result.chains,
        events: result.events,
        isIntact: result.breaks.length === 0,
        firstBreak: result.breaks[0] ?? null,
      };
    },

    /**
     * A person known by id or by the address they typed, with their organization and role now: for
     * events with no request actor. Inside an open transaction pass it as `tx` (PGlite would wait for itself).
     */
    async actorFor(by: { userId: string } | { email: string }, request: AuditRequest, tx?: Executor): Promise<AuditActor> {
      const person = await deps.repo.findPerson(by, tx);
      if (!person) return anonymousActor(request, "email" in by ? by.email.toLowerCase() : null);
      const platformRole = isPlatformRole(person.platformRole) ? person.platformRole : "user";
      const organizationRole = person.organizationRole === "org_admin" || person.organizationRole === "org_user" ? person.organizationRole : null;
      return {
        userId: person.userId,
        email: person.email,
        role: accessRoleOf({ platformRole, organizationRole }),
        organizationId: person.organizationId,
        ...request,
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
