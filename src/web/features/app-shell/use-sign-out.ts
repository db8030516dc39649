import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { errorMessage } from "../../lib/api-client";
import { authApi } from "../auth";
import { paths } from "../../../shared/paths";

/** Signs out (this device or every device), forgets cached data, and returns to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const signOut = useCallback(
    async ({ everywhere = false } = {}) => {
      setSigningOut(true);
      try {
        await (everywhere ? authApi.signOutEverywhere() : authApi.signOut());
        queryClient.clear();
        navigate(paths.login, { replace: true });
      } catch (error) {
        toast.error("Sign out failed", { description: errorMessage(error) });
      } finally {
        setSigningOut(false);
      }
    },
    [navigate, queryClient],
  );
  return { signOut, isSigningOut };
}
