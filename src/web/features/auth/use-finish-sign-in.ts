import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useSession } from "../session";

/** After any sign-in: reload the session so the guards see the person, then go on. */
export function useFinishSignIn() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (to: string) => {
      await refresh();
      navigate(to, { replace: true });
    },
    [navigate, refresh],
  );
}
