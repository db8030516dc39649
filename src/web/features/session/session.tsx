import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AppUser, MeResponse } from "../../../shared/contracts/me";
import { apiRequest, isApiError } from "../../lib/api-client";

export const sessionQueryKey = ["session"] as const;

async function fetchAppUser(): Promise<AppUser | null> {
  try {
    return (await apiRequest<MeResponse>("/api/me")).user;
  } catch (error) {
    if (isApiError(error, "unauthenticated")) return null;
    throw error;
  }
}

/** The signed-in person, or null when signed out; `refresh` after any sign-in or sign-out. */
export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: sessionQueryKey, queryFn: fetchAppUser, staleTime: 60_000, retry: 1 });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: sessionQueryKey }), [queryClient]);
  const user = query.data ?? null;
  return { user, isLoading: query.isPending, isAuthenticated: user !== null, error: query.error, refresh };
}
