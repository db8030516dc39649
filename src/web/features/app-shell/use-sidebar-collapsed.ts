import { useCallback, useState } from "react";

const STORAGE_KEY = "sidebar_collapsed";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

/** Wide or narrow sidebar, remembered across visits. */
export function useSidebarCollapsed() {
  const [isCollapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((current) => {
      const next = !current;
      try {
        window.localStorage.setItem(STORAGE_KEY, String(next));
      } catch {
        // The choice still holds for this visit.
      }
      return next;
    });
  }, []);
  return { isCollapsed, toggle };
}
