import { Menu } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import type { AppUser } from "../../../shared/contracts/me";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTrigger } from "../../components/ui/sheet";
import { AppSidebar, type SupportDialogKind } from "./app-sidebar";

/**
 * The sidebar on small screens: a modal panel from the left, opened from the top bar. It closes on
 * Escape, its close button or a tap beside it, and whenever the app navigates — following a link
 * inside it included — since it is open only for the location it was opened at.
 */
export function NavigationDrawer({ user, onOpenSupport }: { user: AppUser; onOpenSupport: (kind: SupportDialogKind) => void }) {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  return (
    <Sheet open={openedAt === location.key} onOpenChange={(open) => setOpenedAt(open ? location.key : null)}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open navigation">
          <Menu aria-hidden className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent
        side="left"
        title="Navigation"
        titleClassName="sr-only"
        className="w-[min(20rem,85vw)] max-w-none gap-0 p-0 focus-visible:outline-none"
        // Focus starts on the drawer, read out by its name, not on the first control that is not a link (Radix's choice).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
        // Escape in a chat's title field cancels the rename; a second one closes the drawer.
        onEscapeKeyDown={(event) => {
          if (event.target instanceof HTMLInputElement) event.preventDefault();
        }}
        // Undo on a toast (a chat deleted here) is pressed without closing the drawer.
        onInteractOutside={(event) => {
          if (event.target instanceof Element && event.target.closest("[data-sonner-toaster]")) event.preventDefault();
        }}
      >
        <AppSidebar
          user={user}
          placement="drawer"
          // The drawer makes way for Send feedback or Get Help, as for a page.
          onOpenSupport={(kind) => {
            setOpenedAt(null);
            onOpenSupport(kind);
          }}
        />
      </SheetContent>
    </Sheet>
  );
}
