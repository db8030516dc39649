import { useSearchParams } from "react-router";
import { adminTabs, type AdminTab } from "../../../shared/admin";

const isTab = (value: string | null): value is AdminTab => (adminTabs as readonly (string | null)[]).includes(value);

/**
 * The console's place in the URL: the tab, and each list's search, filters and page offset, so a
 * reload, the back button or a shared link shows the same list. Changing a filter starts again
 * at the first page; changing tab drops the other tab's filters.
 */
export function useConsoleUrl() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: AdminTab = isTab(requested) ? requested : "overview";

  return {
    tab,
    get: (name: string) => params.get(name) ?? undefined,
    offset: Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0),
    openTab(next: AdminTab, filters: Record<string, string> = {}) {
      setParams(next === "overview" ? filters : { tab: next, ...filters }, { replace: false });
    },
    setFilter(name: string, value: string | undefined) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(name, value);
          else next.delete(name);
          next.delete("offset");
          return next;
        },
        { replace: true },
      );
    },
    setOffset(offset: number) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (offset > 0) next.set("offset", String(offset));
          else next.delete("offset");
          return next;
        },
        { replace: false },
      );
    },
  };
}

export type ConsoleUrl = ReturnType<typeof useConsoleUrl>;
