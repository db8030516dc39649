import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { invitationMicrosoftReturnPath } from "../../../shared/organizations";
import { readCustomInvitationToken, useSession } from "../session";
import { markFromEmailAuth, rememberPasswordReset } from "./auth-storage";

import { AuthStatus } from "./auth-layout";
import { paths, withQuery } from "../../../shared/paths";

/** How long /auth/hash waits for something usable before offering the code entry. */
export const HASH_FALLBACK_DELAY_MS = 5000;

type HashOutcome = { to: string } | { waitForSession: true };

/**
 * Where the hash sends the person: an invitation to its page, a recovery to the new-password page,
 * an error to the code entry (or, for an invitation, to its page, which explains it).
 */
export function routeForHash(hash: string, { hasCustomInvitation }: { hasCustomInvitation: boolean }): HashOutcome {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const type = params.get("type");
  const error = params.get("error");
  const description = params.get("error_description");
  if (error || description) {
    if (type === "invite" || hasCustomInvitation) {
      return { to: withQuery(paths.authCompleteInvite, { error: error || "server_error", error_description: description || undefined }) };
    }
    return { to: withQuery(paths.authCode, { type: type || "email", message: description || "An error occurred" }) };
  }
  // A Microsoft sign-in for a stored invitation finishes on the invitation page once the session is known.
  if (hasCustomInvitation) return { waitForSession: true };
  if (type === "invite") {
    const token = params.get("token");
    return { to: token ? invitationMicrosoftReturnPath(token) : withQuery(paths.authCompleteInvite, { completed: "true" }) };
  }
  if (type === "recovery") {
    const email = params.get("email");
    const code = params.get("code");
    if (email && code && /^\d{6}$/.test(code)) {
      markFromEmailAuth();
      rememberPasswordReset({ email, code });
      return { to: paths.authNewPassword };
    }
    return { to: withQuery(paths.authCode, { type: "recovery", email: email || undefined }) };
  }
  return { waitForSession: true };
}

/**
 * /auth/hash: finishes what an auth link started. Anything that is not an invitation, a recovery
 * or an error goes to /app once the session is known (the guard sends signed-out people to
 * /login), or to the invitation page when signed in with an invitation stored; if nothing usable
 * arrives in 5 seconds, the code entry is the way forward.
 */
export function HashPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const { user, isLoading, error } = useSession();
  const outcome = useRef<HashOutcome | null>(null);
  const isDone = useRef(false);

  useEffect(() => {
    if (isDone.current) return;
    const hasCustomInvitation = readCustomInvitationToken() !== null;
    outcome.current ??= routeForHash(hash, { hasCustomInvitation });
    const current = outcome.current;
    if ("to" in current) {
      isDone.current = true;
      navigate(current.to, { replace: true });
    } else if (!isLoading && !error) {
      isDone.current = true;
      navigate(user && hasCustomInvitation ? withQuery(paths.authCompleteInvite, { type: "azure_ad", completed: "true" }) : paths.app, { replace: true });
    }
  }, [error, hash, isLoading, navigate, user]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (isDone.current) return;
      isDone.current = true;
      navigate(withQuery(paths.authCode, { type: "email" }), { replace: true });
    }, HASH_FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return <AuthStatus title="Signing you in" message="Processing authentication..." />;
}
