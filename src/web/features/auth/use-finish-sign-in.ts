import { useCallback } from "react";
import { useNavigate } from "react-router";
import { paths, withQuery } from "../../../shared/paths";
import { isTwoFactorChallenge } from "../../../shared/two-factor";
import { useSession } from "../session";

/**
 * After any sign-in: reload the session so the guards see the person, then go on. When the
 * sign-in's `answer` asks for a two-factor code, the code page comes first and goes on to `to`.
 */
export function useFinishSignIn() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  return useCallback(
    async (to: string, answer?: unknown) => {
      if (isTwoFactorChallenge(answer)) {
        navigate(withQuery(paths.authTwoFactor, { redirect: to }), { replace: true });
        return;
      }
      await refresh();
      navigate(to, { replace: true });
    },
    [navigate, refresh],
  );
}
