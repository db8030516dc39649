import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Actor } from "../../../core/access/actor";
import { createEventSampler } from "../../../core/audit/event-sampler";
import { can } from "../../../shared/access";
import { auditListQuerySchema } from "../../../shared/contracts/audit";
import { organizationMessages } from "../../../shared/organizations";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import { requestSource } from "../../http/client-ip";
import { CrossSiteRefusal } from "../../http/cross-site-guard";
import type { AuditDetails } from "../../../core/audit/redaction";
import type { AppBindings, SignedInBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { pathId, queryInput } from "../../http/request-input";
import type { AuditFilters, AuditScope } from "./audit.repo";
import { anonymousActor, type AuditActor, type AuditService } from "./audit.service";

/** The query's filters, dates as whole UTC days (the to date included). */
function filtersOf(c: Context): { filters: AuditFilters; offset: number } {
  const query = queryInput(c.req.query(), auditListQuerySchema);
  return {
    offset: query.offset,
    filters: {
      actor: query.actor || undefined,
      action: query.action,
      target: query.target || undefined,
      from: query.from ? new Date(`${query.from}T00:00:00.000Z`) : undefined,
      to: query.to ? new Date(`${query.to}T23:59:59.999Z`) : undefined,
    },
  };
}

function csvFilename(scope: AuditScope): string {
  const day = new Date().toISOString().slice(0, 10);
  return `audit-log-${scope.kind}-${day}.csv`;
}

/**
 * /api/audit: the log as each reader may see it. Everyone reads their own security events; an
 * organization admin their organization's (another organization's is not found); the platform
 * owner everything, and the chain's verification for the System tab.
 */
export function auditRoutes(container: Pick<Container, "audit">) {
  const { audit } = container;
  const organizationScope = (actor: Actor, raw: string): AuditScope => {
    const organizationId = pathId(raw, organizationMessages.organizationNotFound);
    if (can(actor, "audit.read", { organizationId })) return { kind: "organization", organizationId };
    // Like the organization admin page: its members are refused, anyone else does not find it.
    if (actor.organizationId === organizationId) throw new AppError("forbidden", "Only an organization admin can read its audit log.");
    throw new AppError("not_found", organizationMessages.organizationNotFound);
  };
  const page = async (c: Context<AppBindings & SignedInBindings>, scope: AuditScope) => {
    const { filters, offset } = filtersOf(c);
    c.header("Cache-Control", "no-store");
    return c.json(await audit.list(scope, filters, offset));
  };
  const csv = async (c: Context<AppBindings & SignedInBindings>, scope: AuditScope) => {
    const { filters } = filtersOf(c);
    const exported = await audit.exportCsv(c.var.actor, scope, filters);
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${csvFilename(scope)}"`);
    c.header("Cache-Control", "private, no-store");
    return c.body(exported.csv);
  };
  return new Hono<AppBindings>()
    .use(requirePermission("audit.read"))
    .get("/mine", (c) => page(c, { kind: "own", userId: c.var.actor.userId }))
    .get("/organizations/:organizationId/events", (c) => page(c, organizationScope(c.var.actor, c.req.param("organizationId"))))
    .get("/organizations/:organizationId/events.csv", (c) => csv(c, organizationScope(c.var.actor, c.req.param("organizationId"))))
    .get("/platform/events", requirePermission("platform.administer"), (c) => page(c, { kind: "platform" }))
    .get("/platform/events.csv", requirePermission("platform.administer"), (c) => csv(c, { kind: "platform" }))
    .get("/platform/verification", requirePermission("platform.administer"), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await audit.verify());
    })
    .post("/platform/checkpoint", requirePermission("platform.administer"), async (c) => c.json(await audit.checkpointFor(c.var.actor)));
}

/** Refusals recorded per actor (else per address) and minute: a scanner's thousands become a few events and a count. */
const DENIALS_RECORDED_PER_MINUTE = 10;

/**
 * The web's "who is signed in?" question: a signed-out visitor's 401 there is an answer, not a
 * refusal, and recording it would log every visit to the sign-in page.
 */
const isSessionProbe = (method: string, path: string) => method === "GET" && path === "/api/me";

/** Why a caller the app did not identify was refused, when the refusal is one the log records. */
function anonymousRefusalOf(error: Error | undefined, method: string, path: string): string | undefined {
  if (error instanceof CrossSiteRefusal) return "cross-site";
  if (error instanceof AppError && error.code === "unauthenticated" && !isSessionProbe(method, path)) return "signed out";
  return undefined;
}

/**
 * Records refused API requests after the answer is made (ADR 020): 403, and 404 for what is not
 * the asker's, to a signed-in person; 401 to a signed-out caller on a route that needs sign-in;
 * and the cross-site guard's 403, which comes before anyone is identified. At most 10 a minute per
 * person, or per address for callers not identified, the next recorded one carrying how many were
 * skipped. The path is kept, never the query or the body. Mounted before every /api route.
 */
export function recordDeniedRequests(audit: AuditService, trustProxy: boolean): MiddlewareHandler<AppBindings> {
  const sampler = createEventSampler({ perWindow: DENIALS_RECORDED_PER_MINUTE, windowMs: 60_000 });
  const recordDenial = async (actor: Actor | AuditActor, key: string, c: Context<AppBindings>, details: AuditDetails) => {
    const { record, suppressed } = sampler.admit(key);
    if (!record) return;
    await audit.record(
      actor,
      "access.denied",
      { type: "request", id: `${c.req.method} ${c.req.path}`.slice(0, 256) },
      { httpMethod: c.req.method, path: c.req.path, status: c.res.status, ...details, suppressed },
      { outcome: "denied" },
    );
  };
  return async (c, next) => {
    await next();
    const status = c.res.status;
    // Set by identifyActor (null signed out); undefined when the request was answered before it ran.
    const actor = c.var.actor as Actor | null | undefined;
    if (actor) {
      if (status === 403 || status === 404) await recordDenial(actor, `user:${actor.userId}`, c, {});
      return;
    }
    const reason = anonymousRefusalOf(c.error, c.req.method, c.req.path);
    if (!reason) return;
    const request = requestSource(c, trustProxy);
    await recordDenial(anonymousActor(request), `ip:${request.ip}`, c, { reason });
  };
}
