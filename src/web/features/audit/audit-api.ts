import type { AuditCheckpointResult, AuditEventPage, AuditVerification } from "../../../shared/contracts/audit";
import { withQuery } from "../../../shared/paths";
import { apiRequest as request } from "../../lib/api-client";

/** Which log a view shows: a person's own security events, one organization's, or the platform's. */
export type AuditLogSource = { kind: "mine" } | { kind: "organization"; organizationId: string } | { kind: "platform" };

/** The filters and page of a view, as the query string sends them: only those set. */
export type AuditQuery = Partial<Record<"actor" | "action" | "target" | "from" | "to" | "offset", string>>;

function eventsPath(source: AuditLogSource): string {
  if (source.kind === "mine") return "/api/audit/mine";
  if (source.kind === "organization") return `/api/audit/organizations/${encodeURIComponent(source.organizationId)}/events`;
  return "/api/audit/platform/events";
}

export const auditApi = {
  events: (source: AuditLogSource, query: AuditQuery) => request<AuditEventPage>(withQuery(eventsPath(source), query)),
  /** The CSV export is a download the browser makes itself (its cookie, a file): a link, not a call. */
  csvUrl: (source: AuditLogSource, query: AuditQuery) => withQuery(`${eventsPath(source)}.csv`, { ...query, offset: undefined }),
  verification: () => request<AuditVerification>("/api/audit/platform/verification"),
  checkpoint: () => request<AuditCheckpointResult>("/api/audit/platform/checkpoint", { method: "POST" }),
};
