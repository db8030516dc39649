import { useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { toast } from "sonner";
import type {
  CreateInvitationRequest,
  Organization,
  OrganizationInvitation,
  OrganizationMember,
  UpdateAuthenticationRequest,
  UpdateOrganizationRequest,
} from "../../../shared/contracts/organizations";
import { organizationMessages, type InvitableRole } from "../../../shared/organizations";
import { failureReason, isApiError } from "../../lib/api-client";
import { useSession } from "../session";
import { organizationsApi } from "./organizations-api";

export const organizationKeys = {
  detail: (organizationId: string) => ["organization", organizationId] as const,
  members: (organizationId: string) => ["organization", organizationId, "members"] as const,
  invitations: (organizationId: string) => ["organization", organizationId, "invitations"] as const,
};

export function useOrganization(organizationId: string) {
  return useQuery({ queryKey: organizationKeys.detail(organizationId), queryFn: () => organizationsApi.get(organizationId) });
}

export function useMembers(organizationId: string) {
  return useQuery({ queryKey: organizationKeys.members(organizationId), queryFn: () => organizationsApi.members(organizationId) });
}

export function useInvitations(organizationId: string) {
  return useQuery({ queryKey: organizationKeys.invitations(organizationId), queryFn: () => organizationsApi.invitations(organizationId) });
}

/**
 * The admin page's changes, each with the spec's toasts. Removals leave the list at once and
 * the list reloads if the server refused (spec section 4); every change refreshes the counts.
 */
export function useOrganizationActions(organizationId: string) {
  const queryClient = useQueryClient();
  const { user, refresh: refreshSession } = useSession();
  const refreshCounts = () => queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId), exact: true });

  /** Takes an item out of a cached list now; the list reloads once the server has answered. */
  async function removeAtOnce<Item>(key: QueryKey, isRemoved: (item: Item) => boolean) {
    await queryClient.cancelQueries({ queryKey: key });
    queryClient.setQueryData<Item[]>(key, (items) => items?.filter((item) => !isRemoved(item)));
  }

  const invite = useMutation({
    mutationFn: (invitation: CreateInvitationRequest) => organizationsApi.invite(organizationId, invitation),
    onSuccess: (invitation) => {
      toast.success(organizationMessages.invitationSent(invitation.email));
      void queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) });
      void refreshCounts();
    },
    onError: (error) => toast.error(organizationMessages.sendInvitationFailed, { description: failureReason(error) }),
  });

  const resendInvitation = useMutation({
    mutationFn: (invitation: OrganizationInvitation) => organizationsApi.resendInvitation(organizationId, invitation.id),
    onSuccess: (invitation) => {
      toast.success(organizationMessages.invitationSent(invitation.email));
      queryClient.setQueryData<OrganizationInvitation[]>(organizationKeys.invitations(organizationId), (items) =>
        items?.map((item) => (item.id === invitation.id ? invitation : item)),
      );
    },
    onError: (error) => toast.error(organizationMessages.sendInvitationFailed, { description: failureReason(error) }),
  });

  const cancelInvitation = useMutation({
    mutationFn: (invitation: OrganizationInvitation) => organizationsApi.cancelInvitation(organizationId, invitation.id),
    onMutate: (invitation) => removeAtOnce<OrganizationInvitation>(organizationKeys.invitations(organizationId), (item) => item.id === invitation.id),
    onSuccess: (_answer, invitation) => toast.success("Invitation cancelled", { description: `${invitation.email} can no longer use it.` }),
    onError: (error) => toast.error("Failed to cancel invitation", { description: failureReason(error) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(organizationId) });
      void refreshCounts();
    },
  });

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: OrganizationMember; role: InvitableRole }) =>
      organizationsApi.changeRole(organizationId, member.membershipId, role),
    onSuccess: (changed) => {
      toast.success(organizationMessages.roleUpdated);
      queryClient.setQueryData<OrganizationMember[]>(organizationKeys.members(organizationId), (items) =>
        items?.map((item) => (item.membershipId === changed.membershipId ? changed : item)),
      );
      // An admin who made themselves a user leaves this page: the guard reads the session.
      if (changed.userId === user?.id) void refreshSession();
    },
    onError: (error) => {
      if (isApiError(error, "not_found")) toast.error(organizationMessages.userNotFound);
      else toast.error(organizationMessages.updateRoleFailed(failureReason(error)));
      void queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) });
    },
  });

  const removeMember = useMutation({
    mutationFn: (member: OrganizationMember) => organizationsApi.removeMember(organizationId, member.membershipId),
    onMutate: (member) => removeAtOnce<OrganizationMember>(organizationKeys.members(organizationId), (item) => item.membershipId === member.membershipId),
    onSuccess: (_answer, member) => {
      toast.success(organizationMessages.userRemoved);
      if (member.userId === user?.id) void refreshSession();
    },
    onError: (error) => toast.error(organizationMessages.removeUserFailed, { description: failureReason(error) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: organizationKeys.members(organizationId) });
      void refreshCounts();
    },
  });

  const storeOrganization = (organization: Organization) => queryClient.setQueryData(organizationKeys.detail(organizationId), organization);

  const updateSettings = useMutation({
    mutationFn: (settings: UpdateOrganizationRequest) => organizationsApi.updateSettings(organizationId, settings),
    onSuccess: (organization) => {
      storeOrganization(organization);
      toast.success(organizationMessages.settingsUpdated);
      // The session carries the organization's name (the enterprise upgrade page shows it).
      void refreshSession();
    },
    onError: (error) => toast.error(organizationMessages.updateSettingsFailed, { description: failureReason(error) }),
  });

  const updateAuthentication = useMutation({
    mutationFn: (settings: UpdateAuthenticationRequest) => organizationsApi.updateAuthentication(organizationId, settings),
    onSuccess: (organization) => {
      storeOrganization(organization);
      toast.success(organizationMessages.authSettingsUpdated);
    },
    onError: (error) => toast.error(organizationMessages.authSettingsFailed, { description: failureReason(error) }),
  });

  return { invite, resendInvitation, cancelInvitation, changeRole, removeMember, updateSettings, updateAuthentication };
}
