import type {
  AdminChatListResponse,
  AdminDocumentListResponse,
  AdminJobListResponse,
  AdminOrganization,
  AdminOrganizationListResponse,
  AdminUser,
  AdminUserListResponse,
  CreateOrganizationRequest,
  OverviewResponse,
  PlatformSettings,
  SystemStatus,
  UpdatePlatformSettingsRequest,
} from "../../../shared/contracts/admin";
import type { MemberListResponse, OrganizationResponse, UpdateOrganizationPlanRequest } from "../../../shared/contracts/organizations";
import { withQuery } from "../../../shared/paths";
import { apiRequest as request } from "../../lib/api-client";

/** A list's query string: only the filters that are set. */
export type ListQuery = Record<string, string | undefined>;
const list = <T>(path: string, query: ListQuery) => request<T>(withQuery(path, query));
const userPath = (userId: string) => `/api/admin/users/${encodeURIComponent(userId)}`;

/** The platform console's calls: /api/admin/* and the platform owner's organization routes (ADR 016, 017). */
export const adminApi = {
  overview: () => request<OverviewResponse>("/api/admin/overview"),
  organizations: (query: ListQuery) => list<AdminOrganizationListResponse>("/api/admin/organizations", query),
  createOrganization: async (organization: CreateOrganizationRequest) =>
    (await request<{ organization: AdminOrganization }>("/api/admin/organizations", { body: organization })).organization,
  members: async (organizationId: string) => (await request<MemberListResponse>(`/api/organizations/${encodeURIComponent(organizationId)}/members`)).members,
  updatePlan: async (organizationId: string, plan: UpdateOrganizationPlanRequest) =>
    (await request<OrganizationResponse>(`/api/platform/organizations/${encodeURIComponent(organizationId)}/plan`, { method: "PATCH", body: plan }))
      .organization,
  users: (query: ListQuery) => list<AdminUserListResponse>("/api/admin/users", query),
  banUser: async (userId: string, reason: string) => (await request<{ user: AdminUser }>(`${userPath(userId)}/ban`, { body: { reason } })).user,
  unbanUser: async (userId: string) => (await request<{ user: AdminUser }>(`${userPath(userId)}/unban`, { body: {} })).user,
  signOutEverywhere: async (userId: string) => (await request<{ sessionsEnded: number }>(`${userPath(userId)}/sign-out`, { body: {} })).sessionsEnded,
  documents: (query: ListQuery) => list<AdminDocumentListResponse>("/api/admin/documents", query),
  chats: (query: ListQuery) => list<AdminChatListResponse>("/api/admin/chats", query),
  jobs: (query: ListQuery) => list<AdminJobListResponse>("/api/admin/jobs", query),
  retryJob: (jobId: string) => request<void>(`/api/admin/jobs/${encodeURIComponent(jobId)}/retry`, { body: {} }),
  system: () => request<SystemStatus>("/api/admin/system"),
  settings: async () => (await request<{ settings: PlatformSettings }>("/api/admin/settings")).settings,
  updateSettings: async (settings: UpdatePlatformSettingsRequest) =>
    (await request<{ settings: PlatformSettings }>("/api/admin/settings", { method: "PUT", body: settings })).settings,
};
