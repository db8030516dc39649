import type { Logger } from "pino";
import type { Actor } from "../../../core/access/actor";
import { PLATFORM_CHAIN, type ChainBreak } from "../../../core/audit/chain";
import { findCheckpointBreak, type AuditCheckpoint } from "../../../core/audit/checkpoint";
import { createEventSampler } from "../../../core/audit/event-sampler";
import { cleanAuditText, redactAuditDetails, type AuditDetails } from "../../../core/audit/redaction";
import { accessRoleOf, type AccessRole } from "../../../shared/access";
import { AUDIT_EXPORT_MAX_ROWS, AUDIT_PAGE_SIZE, type AuditAction, type AuditOutcome, type AuditTargetType } from "../../../shared/audit";
import type { AuditCheckpointResult, AuditEvent, AuditEventPage, AuditVerification } from "../../../shared/contracts/audit";
import { isPlatformRole } from "../../../shared/roles";
import type { AuditCheckpoints } from "./audit-checkpoints";
import type { AuditEventRow, AuditFilters, AuditRepo, AuditScope, NewAuditEvent } from "./audit.repo";

type Executor = Parameters<AuditRepo["append"]>[1];

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
  chain_missing: "the chain is gone, head and all, though the latest checkpoint holds it (deleted)",
  checkpoint_mismatch: "the chain no longer reaches or holds the head the latest checkpoint saw (its end was cut or rewritten)",
  checkpoint_invalid: "the latest checkpoint's signature does not hold (it was written without the audit secret)",
};

/** The verification in one line a person reads: `npm run audit:verify` prints it. */
export function describeVerification(verification: AuditVerification): string {
  const checked = `${verification.events} events in ${verification.chains} chains`;
  const broken = verification.firstBreak;
  if (!broken) return `Audit log intact: ${checked} verified${verification.checkpointAt ? `, against the checkpoint of ${verification.checkpointAt}` : ""}.`;
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
export function createAuditService(deps: { repo: AuditRepo; checkpoints: AuditCheckpoints; logger: Logger; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  /** Events recorded without a transaction whose write has not finished yet: a stopping process waits for them. */
  const writing = new Set<Promise<void>>();
  const anonymousAttempts = createEventSampler({ perWindow: ANONYMOUS_ATTEMPTS_PER_MINUTE, windowMs: 60_000 });

  /**
   * Written in a transaction of its own before this resolves, so an answer sent after it can no
   * longer lose it (ADR 031). A failure is logged, never thrown: the action already happened, and
   * one event refused takes no other with it.
   */
  async function writeAlone(event: NewAuditEvent): Promise<void> {
    try {
      await deps.repo.appendAlone(event);
    } catch (error) {
      deps.logger.error({ err: error, action: event.action, requestId: event.requestId }, "an audit event could not be recorded");
    }
  }

  async function record(actorOrRequest: Actor | AuditActor, action: AuditAction, target: AuditTarget, details: AuditDetails = {}, options: RecordOptions = {}) {
    const actor = auditActorOf(actorOrRequest);
    const redacted = redactAuditDetails(details);
    if (redacted.dropped.length > 0) deps.logger.warn({ action, dropped: redacted.dropped }, "audit details outside the allow-list were not recorded");
    const event: NewAuditEvent = {
      occurredAt: now(),
      organizationId: options.organizationId === undefined ? actor.organizationId : options.organizationId,
      actorUserId: cleanAuditText(actor.userId),
      actorEmail: cleanAuditText(actor.email),
      actorRole: actor.role,
      actorOrganizationId: actor.organizationId,
      action,
      targetType: target.type,
      targetId: cleanAuditText(target.id ?? null),
      targetName: cleanAuditText(target.name ?? null),
      outcome: options.outcome ?? "success",
      ip: cleanAuditText(actor.ip),
      userAgent: cleanAuditText(actor.userAgent),
      requestId: cleanAuditText(actor.requestId),
      details: redacted.details,
    };
    if (options.tx) {
      await deps.repo.append(event, options.tx);
      return;
    }
    const written = writeAlone(event);
    writing.add(written);
    await written.finally(() => writing.delete(written));
  }

  /** Resolves once every event recorded so far without a transaction is written (a stopping process waits for requests still recording). */
  async function flush(): Promise<void> {
    while (writing.size > 0) await Promise.all(writing);
  }

  /** Where the database no longer agrees with the latest checkpoint (kept outside it), and when that checkpoint was made. */
  async function compareWithCheckpoint(): Promise<{ checkpoint: AuditCheckpoint | undefined; breaks: ChainBreak[] }> {
    const latest = await deps.checkpoints.latest();
    if (latest.status === "none") return { checkpoint: undefined, breaks: [] };
    if (latest.status === "invalid") return { checkpoint: undefined, breaks: [{ chain: "checkpoint", seq: 0, eventId: null, reason: "checkpoint_invalid" }] };
    const chainsNow = await deps.repo.chainsNow(latest.checkpoint.chains);
    const breaks = latest.checkpoint.chains.flatMap((saw) => findCheckpointBreak(saw, chainsNow.get(saw.chain)) ?? []);
    return { checkpoint: latest.checkpoint, breaks };
  }

  /** Walks every chain and compares their heads with the latest checkpoint; answers the heads walked to as well. */
  async function verifyWithHeads() {
    const walked = await deps.repo.verify();
    const compared = await compareWithCheckpoint();
    const breaks = [...walked.breaks, ...compared.breaks];
    const verification: AuditVerification = {
      checkedAt: now().toISOString(),
      chains: walked.chains,
      events: walked.events,
      isIntact: breaks.length === 0,
      firstBreak: breaks[0] ?? null,
      checkpointAt: compared.checkpoint?.createdAt ?? null,
    };
    return { verification, heads: walked.heads };
  }

  /**
   * Verifies, and when the log holds writes a new signed checkpoint of the heads verified (the
   * daily job, `npm run audit:verify`, the System tab). A broken log is never checkpointed: that
   * would make its damage the new normal.
   */
  async function checkpoint(): Promise<{ verification: AuditVerification; checkpoint: AuditCheckpoint | null }> {
    const { verification, heads } = await verifyWithHeads();
    if (!verification.isIntact) return { verification, checkpoint: null };
    return { verification, checkpoint: await deps.checkpoints.write(heads) };
  }

  async function list(scope: AuditScope, filters: AuditFilters, offset: number): Promise<AuditEventPage> {
    const rows = await deps.repo.list(scope, filters, { offset, limit: AUDIT_PAGE_SIZE + 1 });
    return { events: rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEvent), nextOffset: rows.length > AUDIT_PAGE_SIZE ? offset + AUDIT_PAGE_SIZE : null };
  }

  return {
    record,
    list,

    /** Waits until every event recorded so far without a transaction is written (a stopping process). */
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

    /** Walks every chain and compares it with the latest checkpoint: the System tab's indicator. */
    async verify(): Promise<AuditVerification> {
      return (await verifyWithHeads()).verification;
    },

    checkpoint,

    /** The platform owner's "Verify and checkpoint now" (System tab): `checkpoint`, recorded as their action with what it found. */
    async checkpointFor(actor: Actor): Promise<AuditCheckpointResult> {
      const { verification, checkpoint: written } = await checkpoint();
      await record(
        actor,
        "audit.checkpointed",
        { type: "audit_log", id: PLATFORM_CHAIN },
        { chain: verification.firstBreak?.chain, reason: verification.firstBreak?.reason, rows: verification.events },
        { outcome: written ? "success" : "failed", organizationId: null },
      );
      return { verification, checkpoint: written && { createdAt: written.createdAt, chains: written.chains.length } };
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
