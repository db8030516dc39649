import { Building2, FileText, LifeBuoy, MessageSquare, MessageSquarePlus, PanelLeftClose, PanelLeftOpen, Plus, ShieldCheck, Table2 } from "lucide-react";
import type { ReactElement } from "react";
import { Link, NavLink } from "react-router";
import { can, type Permission } from "../../../shared/access";
import { accessSubjectOf } from "../../../shared/app-user";
import type { AppUser } from "../../../shared/contracts/me";
import { paths } from "../../../shared/paths";
import { Button } from "../../components/ui/button";
import { Tooltip } from "../../components/ui/tooltip";
import { useSiteConfig } from "../../lib/site-config-context";
import { cn } from "../../lib/utils";
import { BrandMark } from "./brand-mark";
import { RecentSessions } from "../chat";

interface NavItem {
  to: string;
  label: string;
  Icon: typeof FileText;
}

const workspaceLinks: NavItem[] = [
  { to: paths.documents, label: "Documents", Icon: FileText },
  { to: paths.portfolio, label: "Portfolio", Icon: Table2 },
  { to: paths.chat, label: "Chat", Icon: MessageSquare },
];

const administrationLinks: (NavItem & { permission: Permission })[] = [
  { to: paths.organizationAdmin, label: "Organization", Icon: Building2, permission: "organization.manage" },
  { to: paths.platformAdmin, label: "Platform", Icon: ShieldCheck, permission: "platform.administer" },
];

/** How a sidebar entry looks, a link or a button; `isActive` marks the page it leads to as the current one. */
function sidebarEntryClass(isCollapsed: boolean, isActive = false): string {
  return cn(
    "flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring max-md:py-2.5",
    isActive && "bg-accent text-accent-foreground",
    isCollapsed && "justify-center px-2",
  );
}

/** A collapsed sidebar shows icons only: each entry's name is its tooltip (and its aria-label). */
function NamedWhenCollapsed({ label, isCollapsed, children }: { label: string; isCollapsed: boolean; children: ReactElement }) {
  return isCollapsed ? (
    <Tooltip content={label} side="right">
      {children}
    </Tooltip>
  ) : (
    children
  );
}

function SidebarLink({ item, isCollapsed }: { item: NavItem; isCollapsed: boolean }) {
  return (
    <NamedWhenCollapsed label={item.label} isCollapsed={isCollapsed}>
      <NavLink to={item.to} aria-label={isCollapsed ? item.label : undefined} className={({ isActive }) => sidebarEntryClass(isCollapsed, isActive)}>
        <item.Icon aria-hidden className="size-4 shrink-0" />
        {!isCollapsed && item.label}
      </NavLink>
    </NamedWhenCollapsed>
  );
}

/** An entry that opens a dialog rather than a page. */
function SidebarAction({ label, Icon, isCollapsed, onSelect }: { label: string; Icon: typeof FileText; isCollapsed: boolean; onSelect: () => void }) {
  return (
    <NamedWhenCollapsed label={label} isCollapsed={isCollapsed}>
      <button type="button" aria-label={isCollapsed ? label : undefined} onClick={onSelect} className={sidebarEntryClass(isCollapsed)}>
        <Icon aria-hidden className="size-4 shrink-0" />
        {!isCollapsed && label}
      </button>
    </NamedWhenCollapsed>
  );
}

/** The dialogs the sidebar's foot opens; the shell owns them, so a drawer can close first. */
export type SupportDialogKind = "feedback" | "help";

export type AppSidebarProps = { user: AppUser; onOpenSupport: (kind: SupportDialogKind) => void } & (
  | { placement: "rail"; isCollapsed: boolean; onToggle: () => void }
  /** Inside the navigation drawer of small screens: always wide, closed by the drawer itself. */
  | { placement: "drawer" }
);

export function AppSidebar(props: AppSidebarProps) {
  const { user, placement } = props;
  const isCollapsed = placement === "rail" && props.isCollapsed;
  const site = useSiteConfig();
  const adminLinks = administrationLinks.filter((link) => can(accessSubjectOf(user), link.permission));
  const ToggleIcon = isCollapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      aria-label="Sidebar"
      className={cn(
        "flex shrink-0 flex-col bg-card",
        placement === "rail" ? "sticky top-0 h-screen border-r transition-[width] duration-200" : "h-full w-full",
        placement === "rail" && (isCollapsed ? "w-16" : "w-64"),
      )}
    >
      <div className={cn("flex h-14 items-center gap-2 border-b px-3", isCollapsed && "justify-center")}>
        {!isCollapsed && (
          <Link to={paths.documents} className="flex min-h-10 items-center gap-2 font-semibold">
            <BrandMark className="size-7" />
            {site.productName}
          </Link>
        )}
        {placement === "rail" && (
          <Button
            variant="ghost"
            size="icon"
            className={cn(!isCollapsed && "ml-auto")}
            onClick={props.onToggle}
            aria-label={isCollapsed ? "Expand sidebar" : "Collapse sidebar"}
            aria-expanded={!isCollapsed}
          >
            <ToggleIcon aria-hidden />
          </Button>
        )}
      </div>
      <div className="p-3">
        <Button asChild className="w-full" size={isCollapsed ? "icon" : "default"}>
          <Link to={paths.chat} aria-label={isCollapsed ? "New Chat" : undefined}>
            <Plus aria-hidden />
            {!isCollapsed && "New Chat"}
          </Link>
        </Button>
      </div>
      <div className="flex-1 space-y-4 overflow-y-auto px-3">
        <RecentSessions isCollapsed={isCollapsed} />
        <nav aria-label="Workspace" className="space-y-1">
          {workspaceLinks.map((item) => (
            <SidebarLink key={item.to} item={item} isCollapsed={isCollapsed} />
          ))}
          {adminLinks.length > 0 && (
            <div className="pt-4">
              {!isCollapsed && <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">Administration</p>}
              {adminLinks.map((item) => (
                <SidebarLink key={item.to} item={item} isCollapsed={isCollapsed} />
              ))}
            </div>
          )}
        </nav>
      </div>
      <div className="space-y-1 border-t p-3">
        <SidebarAction label="Send feedback" Icon={MessageSquarePlus} isCollapsed={isCollapsed} onSelect={() => props.onOpenSupport("feedback")} />
        <SidebarAction label="Get Help" Icon={LifeBuoy} isCollapsed={isCollapsed} onSelect={() => props.onOpenSupport("help")} />
      </div>
      <div className="border-t p-3">
        <Tooltip
          side="right"
          content={
            <span className="flex flex-col">
              <span>{user.title || "Member"}</span>
              <span>{user.email}</span>
            </span>
          }
        >
          <div tabIndex={0} className={cn("flex items-center gap-3 rounded-md p-1", isCollapsed && "justify-center")}>
            <span
              aria-hidden
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
            >
              {user.avatar}
            </span>
            {!isCollapsed && <span className="truncate text-sm font-medium">{user.displayName}</span>}
            {isCollapsed && <span className="sr-only">{user.displayName}</span>}
          </div>
        </Tooltip>
      </div>
    </aside>
  );
}
