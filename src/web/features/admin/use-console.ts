import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { jobTypeLabel } from "../../../shared/admin";
import type { AdminJob, AdminJobListResponse, CreateOrganizationRequest, UpdatePlatformSettingsRequest } from "../../../shared/contracts/admin";
import type { UpdateOrganizationPlanRequest } from "../../../shared/contracts/organizations";
import { failureReason } from "../../lib/api-client";
import { adminApi, type ListQuery } from "./admin-api";

const consoleKeys = {
  overview: ["admin", "overview"] as const,
  list: (name: string, query: ListQuery) => ["admin", name, query] as const,
  lists: (name: string) => ["admin", name] as const,
  members: (organizationId: string) => ["admin", "members", organizationId] as const,
  system: ["admin", "system"] as const,
  settings: ["admin", "settings"] as const,
};

export const useOverview = () => useQuery({ queryKey: consoleKeys.overview, queryFn: adminApi.overview });

/** A page of one of the console's lists; the previous page stays shown while the next loads. */
export function useConsoleList<Data>(
  name: "organizations" | "users" | "documents" | "chats" | "jobs",
  query: ListQuery,
  load: (query: ListQuery) => Promise<Data>,
) {
  return useQuery({ queryKey: consoleKeys.list(name, query), queryFn: () => load(query), placeholderData: keepPreviousData });
}

export const useMembersOf = (organizationId: string) =>
  useQuery({ queryKey: consoleKeys.members(organizationId), queryFn: () => adminApi.members(organizationId) });
// The live queue: it changes on its own, so it is read again while the tab is open.
export const useSystemStatus = () => useQuery({ queryKey: consoleKeys.system, queryFn: adminApi.system, refetchInterval: 5000 });
export const usePlatformSettings = () => useQuery({ queryKey: consoleKeys.settings, queryFn: adminApi.settings });

/** The owner's actions, each with a toast; a list they change is read again afterwards. */
export function useConsoleActions() {
  const queryClient = useQueryClient();
  const refresh = (...names: string[]) => {
    void queryClient.invalidateQueries({ queryKey: consoleKeys.overview });
    for (const name of names) void queryClient.invalidateQueries({ queryKey: consoleKeys.lists(name) });
  };

  const createOrganization = useMutation({
    mutationFn: (organization: CreateOrganizationRequest) => adminApi.createOrganization(organization),
    onSuccess: (organization) => {
      toast.success("Organization created", { description: organization.name });
      refresh("organizations");
    },
    onError: (error) => toast.error("Failed to create organization", { description: failureReason(error) }),
  });

  const updatePlan = useMutation({
    mutationFn: ({ organizationId, plan }: { organizationId: string; plan: UpdateOrganizationPlanRequest }) => adminApi.updatePlan(organizationId, plan),
    onSuccess: () => {
      toast.success("Plan updated");
      refresh("organizations", "jobs", "documents");
    },
    onError: (error) => toast.error("Failed to update the plan", { description: failureReason(error) }),
  });

  const banUser = useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) => adminApi.banUser(userId, reason),
    onSuccess: (user) => toast.success("Account disabled", { description: `${user.email} is signed out and cannot sign in.` }),
    onError: (error) => toast.error("Failed to disable the account", { description: failureReason(error) }),
    onSettled: () => refresh("users"),
  });

  const unbanUser = useMutation({
    mutationFn: (userId: string) => adminApi.unbanUser(userId),
    onSuccess: (user) => toast.success("Account enabled", { description: `${user.email} can sign in again.` }),
    onError: (error) => toast.error("Failed to enable the account", { description: failureReason(error) }),
    onSettled: () => refresh("users"),
  });

  const signOutEverywhere = useMutation({
    mutationFn: (userId: string) => adminApi.signOutEverywhere(userId),
    onSuccess: (sessionsEnded) =>
      toast.success("Signed out everywhere", { description: `${sessionsEnded} ${sessionsEnded === 1 ? "session" : "sessions"} ended.` }),
    onError: (error) => toast.error("Failed to sign the person out", { description: failureReason(error) }),
    onSettled: () => refresh("users"),
  });

  /** Leaves a filtered list of failed jobs at once (spec section 4); the lists reload once the server answered, so a refusal brings it back. */
  const retryJob = useMutation({
    mutationFn: (job: AdminJob) => adminApi.retryJob(job.id),
    onMutate: async (job) => {
      await queryClient.cancelQueries({ queryKey: consoleKeys.lists("jobs") });
      queryClient.setQueriesData<AdminJobListResponse>(
        { queryKey: consoleKeys.lists("jobs") },
        (page) => page && { ...page, jobs: page.jobs.filter((item) => item.id !== job.id) },
      );
    },
    onSuccess: (_answer, job) => toast.success("Processing restarted", { description: job.filename ?? jobTypeLabel(job.type) }),
    onError: (error) => toast.error("Retry failed", { description: failureReason(error) }),
    onSettled: () => {
      refresh("jobs", "documents", "organizations");
      void queryClient.invalidateQueries({ queryKey: consoleKeys.system });
    },
  });

  const updateSettings = useMutation({
    mutationFn: (settings: UpdatePlatformSettingsRequest) => adminApi.updateSettings(settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(consoleKeys.settings, settings);
      toast.success("Platform settings saved", { description: "New organizations get them from now on." });
    },
    onError: (error) => toast.error("Failed to save platform settings", { description: failureReason(error) }),
  });

  return { createOrganization, updatePlan, banUser, unbanUser, signOutEverywhere, retryJob, updateSettings };
}
