import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Actor } from "../../../core/access/actor";
import { createEventSampler } from "../../../core/audit/event-sampler";
import { can } from "../../../shared/access";
import { auditListQuerySchema } from "../../../shared/contracts/audit";
import { organizationMessages } from "../../../shared/organizations";
import type { Container } from "../../container";
import { AppError } from "../../http/app-error";
import type { AppBindings, SignedInBindings } from "../../http/bindings";
import { requirePermission } from "../../http/guards";
import { pathId, queryInput } from "../../http/request-input";
import type { AuditFilters, AuditScope } from "./audit.repo";
import type { AuditService } from "./audit.service";

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
export function auditRoutes(container: Container) {
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
    });
}

/** Refusals recorded per actor (else per address) and minute: a scanner's thousands become a few events and a count. */
const DENIALS_RECORDED_PER_MINUTE = 10;

/**
 * Records refused API requests (403, and 404 for what is not the asker's) after the answer is
 * made, at most 10 a minute per signed-in person or address, the next recorded one carrying how
 * many were skipped. The path is kept, never the query or the body.
 */
export function recordDeniedRequests(audit: AuditService): MiddlewareHandler<AppBindings> {
  const sampler = createEventSampler({ perWindow: DENIALS_RECORDED_PER_MINUTE, windowMs: 60_000 });
  return async (c, next) => {
    await next();
    const status = c.res.status;
    if (status !== 403 && status !== 404) return;
    const actor = c.var.actor;
    if (!actor) return;
    const { record, suppressed } = sampler.admit(actor.userId);
    if (!record) return;
    await audit.record(
      actor,
      "access.denied",
      { type: "request", id: `${c.req.method} ${c.req.path}`.slice(0, 256) },
      { httpMethod: c.req.method, path: c.req.path, status, suppressed },
      { outcome: "denied" },
    );
  };
}
