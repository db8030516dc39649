import type {
  ChangeMemberRoleRequest,
  CreateInvitationRequest,
  InvitationListResponse,
  InvitationResponse,
  MemberListResponse,
  MemberResponse,
  OrganizationResponse,
  UpdateAuthenticationRequest,
  UpdateOrganizationRequest,
} from "../../../shared/contracts/organizations";
import type { InvitableRole } from "../../../shared/organizations";
import { apiRequest as request } from "../../lib/api-client";

const organizationPath = (organizationId: string) => `/api/organizations/${encodeURIComponent(organizationId)}`;
const memberPath = (organizationId: string, membershipId: string) => `${organizationPath(organizationId)}/members/${encodeURIComponent(membershipId)}`;
const invitationPath = (organizationId: string, invitationId: string) => `${organizationPath(organizationId)}/invitations/${encodeURIComponent(invitationId)}`;

/** The organization admin page's calls (/api/organizations/:organizationId): org admins of it and the platform owner. */
export const organizationsApi = {
  get: async (organizationId: string) => (await request<OrganizationResponse>(organizationPath(organizationId))).organization,
  updateSettings: async (organizationId: string, settings: UpdateOrganizationRequest) =>
    (await request<OrganizationResponse>(organizationPath(organizationId), { method: "PATCH", body: settings })).organization,
  updateAuthentication: async (organizationId: string, settings: UpdateAuthenticationRequest) =>
    (await request<OrganizationResponse>(`${organizationPath(organizationId)}/authentication`, { method: "PATCH", body: settings })).organization,
  members: async (organizationId: string) => (await request<MemberListResponse>(`${organizationPath(organizationId)}/members`)).members,
  changeRole: async (organizationId: string, membershipId: string, role: InvitableRole) =>
    (await request<MemberResponse>(memberPath(organizationId, membershipId), { method: "PATCH", body: { role } satisfies ChangeMemberRoleRequest })).member,
  removeMember: (organizationId: string, membershipId: string) => request<void>(memberPath(organizationId, membershipId), { method: "DELETE" }),
  invitations: async (organizationId: string) => (await request<InvitationListResponse>(`${organizationPath(organizationId)}/invitations`)).invitations,
  invite: async (organizationId: string, invitation: CreateInvitationRequest) =>
    (await request<InvitationResponse>(`${organizationPath(organizationId)}/invitations`, { body: invitation })).invitation,
  resendInvitation: async (organizationId: string, invitationId: string) =>
    (await request<InvitationResponse>(`${invitationPath(organizationId, invitationId)}/resend`, { method: "POST", body: {} })).invitation,
  cancelInvitation: (organizationId: string, invitationId: string) => request<void>(invitationPath(organizationId, invitationId), { method: "DELETE" }),
};
