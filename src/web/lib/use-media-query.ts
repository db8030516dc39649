import { useEffect, useState } from "react";

/** Tailwind's `md` breakpoint: below it the sidebar is a drawer and every control a 40 px tap target. */
export const SMALL_SCREEN_QUERY = "(width < 48rem)";

/** Whether a CSS media query matches, following changes live. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener("change", onChange);
    return () => list.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
