import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../lib/api-client";
import { authApi } from "../auth";
import { useSessionDeletions } from "../chat";
import { paths } from "../../../shared/paths";

/** Signs out (this device or every device), forgets cached data, and returns to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const { sendPending: sendPendingDeletions } = useSessionDeletions();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const signOut = useCallback(
    async ({ everywhere = false } = {}) => {
      setSigningOut(true);
      try {
        // A chat deleted moments ago is deleted while the session can still do it.
        await sendPendingDeletions();
        await (everywhere ? authApi.signOutEverywhere() : authApi.signOut());
        queryClient.clear();
        navigate(paths.login, { replace: true });
      } catch (error) {
        toast.error("Sign out failed", { description: errorMessage(error) });
      } finally {
        setSigningOut(false);
      }
    },
    [navigate, queryClient, sendPendingDeletions],
  );
  return { signOut, isSigningOut };
}
