import { useEffect } from "react";
import { useLocation } from "react-router";

const HASH_TARGET_WAIT_MS = 3000;

/** Scrolls to the element named by the hash once it exists; lazy pages render it a moment later. */
function scrollToHashTarget(id: string): () => void {
  const startedAt = performance.now();
  let frame = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView({ block: "start" });
      return;
    }
    if (performance.now() - startedAt < HASH_TARGET_WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/** Every navigation starts at the top of the page, unless the URL names a section. */
export function ScrollManager() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (hash.length > 1) return scrollToHashTarget(decodeURIComponent(hash.slice(1)));
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    return undefined;
  }, [pathname, hash, key]);
  return null;
}
