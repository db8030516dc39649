import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import type { AppUser, MeResponse } from "../../../shared/contracts/me";
import { apiRequest, isApiError } from "../../lib/api-client";
import { forgetInvitationToken } from "./stored-invitation";

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

/**
 * Spec (session): after every change of session — a sign-in, a sign-out, another account — a
 * stored invitation token is forgotten. The first answer after the page loads is no change.
 */
export function useForgetInvitationOnSessionChange() {
  const { user, isLoading } = useSession();
  const signedInAs = useRef<string | null | undefined>(undefined);
  const current = isLoading ? undefined : (user?.id ?? null);
  useEffect(() => {
    if (current === undefined) return;
    if (signedInAs.current !== undefined && signedInAs.current !== current) forgetInvitationToken();
    signedInAs.current = current;
  }, [current]);
}
