import { useState } from "react";
import { Link, Outlet } from "react-router";
import { paths } from "../../../shared/paths";
import { ThemeMenu } from "../../components/theme-menu";
import { TooltipProvider } from "../../components/ui/tooltip";
import { LiveEventsProvider } from "../../lib/live-events";
import { useSiteConfig } from "../../lib/site-config-context";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { SessionDeletionsProvider } from "../chat";
import { useSession } from "../session";
import { FeedbackDialog, HelpDialog } from "../support";
import { AppSidebar, type SupportDialogKind } from "./app-sidebar";
import { BrandMark } from "./brand-mark";
import { NavigationDrawer } from "./navigation-drawer";
import { useSidebarCollapsed } from "./use-sidebar-collapsed";
import { UserMenu } from "./user-menu";
import { SkipLink } from "../../components/layout/skip-link";

/** Sidebar, top bar and the page, sharing the tab's one live-event connection; only rendered behind RequireSession. */
export function AppShell() {
  const { user } = useSession();
  const site = useSiteConfig();
  const { isCollapsed, toggle } = useSidebarCollapsed();
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  const [supportDialog, setSupportDialog] = useState<SupportDialogKind | null>(null);
  const onSupportDialogOpenChange = (open: boolean) => !open && setSupportDialog(null);
  if (!user) return null;
  return (
    <LiveEventsProvider>
      <SessionDeletionsProvider>
        <TooltipProvider>
          <SkipLink />
          <div className="flex min-h-dvh">
            {!isSmallScreen && <AppSidebar user={user} placement="rail" isCollapsed={isCollapsed} onToggle={toggle} onOpenSupport={setSupportDialog} />}
            <div className="flex min-w-0 flex-1 flex-col">
              <header className="flex h-14 items-center gap-1 border-b px-2 sm:gap-2 sm:px-4">
                {isSmallScreen && (
                  <>
                    <NavigationDrawer user={user} onOpenSupport={setSupportDialog} />
                    <Link to={paths.documents} className="flex min-h-10 min-w-0 items-center gap-2 px-1 font-semibold">
                      <BrandMark className="size-7 shrink-0" />
                      <span className="truncate">{site.productName}</span>
                    </Link>
                  </>
                )}
                <div className="ml-auto flex items-center gap-1 sm:gap-2">
                  <ThemeMenu />
                  <UserMenu user={user} />
                </div>
              </header>
              <main id="main" className="flex-1 px-4 py-6 sm:px-8">
                <Outlet />
              </main>
              <footer className="border-t px-4 py-2 text-center text-xs text-muted-foreground">
                AI can make mistakes — check important answers against the cited clause. Do not upload or enter protected health information (PHI).
              </footer>
            </div>
          </div>
          <FeedbackDialog open={supportDialog === "feedback"} onOpenChange={onSupportDialogOpenChange} />
          <HelpDialog open={supportDialog === "help"} onOpenChange={onSupportDialogOpenChange} contactEmail={user.email} />
        </TooltipProvider>
      </SessionDeletionsProvider>
    </LiveEventsProvider>
  );
}
