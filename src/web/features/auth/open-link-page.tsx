import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { resolveEmailLink } from "../../../shared/auth-links";
import { paths, withQuery } from "../../../shared/paths";
import { AuthStatus } from "./auth-layout";

/**
 * /auth/open#<target>: email links carry their real target in the hash, which link scanners
 * never send to the server. Follow it in the browser, or route a recovery to /auth/hash.
 */
export function OpenLinkPage() {
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const resolution = resolveEmailLink(window.location.hash, window.location.origin);
    if (resolution.kind === "follow") {
      window.location.replace(resolution.url);
    } else if (resolution.kind === "recovery") {
      const hash = new URLSearchParams({ type: "recovery", email: resolution.email, code: resolution.code });
      navigate(`${paths.authHash}#${hash}`, { replace: true });
    } else {
      navigate(withQuery(paths.login, { e: "bad_link" }), { replace: true });
    }
  }, [navigate]);

  return <AuthStatus title="Redirecting" message="Redirecting..." />;
}
