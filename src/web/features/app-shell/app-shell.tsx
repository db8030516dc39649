import { Outlet } from "react-router";
import { ThemeMenu } from "../../components/theme-menu";
import { TooltipProvider } from "../../components/ui/tooltip";
import { LiveEventsProvider } from "../../lib/live-events";
import { useMediaQuery } from "../../lib/use-media-query";
import { useSession } from "../session";
import { AppSidebar } from "./app-sidebar";
import { useSidebarCollapsed } from "./use-sidebar-collapsed";
import { UserMenu } from "./user-menu";

/** Sidebar, top bar and the page, sharing the tab's one live-event connection; only rendered behind RequireSession. */
export function AppShell() {
  const { user } = useSession();
  const { isCollapsed, toggle } = useSidebarCollapsed();
  // Phones get the narrow sidebar so the page keeps its width.
  const isPhone = useMediaQuery("(max-width: 767px)");
  if (!user) return null;
  return (
    <LiveEventsProvider>
      <TooltipProvider>
        <div className="flex min-h-screen">
          <AppSidebar user={user} isCollapsed={isCollapsed || isPhone} onToggle={toggle} canToggle={!isPhone} />
          <div className="flex min-w-0 flex-1 flex-col">
            <header className="flex h-14 items-center justify-end gap-2 border-b px-4">
              <ThemeMenu />
              <UserMenu user={user} />
            </header>
            <main id="main" className="flex-1 overflow-y-auto px-4 py-6 sm:px-8">
              <Outlet />
            </main>
            <footer className="border-t px-4 py-2 text-center text-xs text-muted-foreground">
              AI can make mistakes — check important answers against the cited clause. Do not upload or enter protected health information (PHI).
            </footer>
          </div>
        </div>
      </TooltipProvider>
    </LiveEventsProvider>
  );
}
