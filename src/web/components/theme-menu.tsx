import { Sun } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "./ui/button";

// The menu's popover machinery loads right after first paint, keeping it off the landing page's critical path.
const ThemeMenuDropdown = lazy(async () => ({ default: (await import("./theme-menu-dropdown")).ThemeMenuDropdown }));

/** Light, Dark or System. */
export function ThemeMenu() {
  return (
    <Suspense
      fallback={
        <Button variant="ghost" size="icon" aria-label="Theme" disabled>
          <Sun aria-hidden />
        </Button>
      }
    >
      <ThemeMenuDropdown />
    </Suspense>
  );
}
