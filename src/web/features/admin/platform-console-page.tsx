import { Activity, Building2, FileText, LayoutDashboard, MessageSquare, Plus, ScrollText, Server, Users } from "lucide-react";
import { useState } from "react";
import { adminMessages, type AdminTab } from "../../../shared/admin";
import { PageHeader } from "../../components/layout/page-header";
import { AuditLog } from "../audit";
import { Button } from "../../components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { ChatsTab, DocumentsTab } from "./content-tabs";
import { NewOrganizationDialog } from "./new-organization-dialog";
import { OrganizationsTab } from "./organizations-tab";
import { OverviewTab } from "./overview-tab";
import { PlatformSettingsCard, SystemTab } from "./system-tab";
import { useConsoleUrl } from "./use-console-url";
import { UsersTab } from "./users-tab";

const triggers: { tab: AdminTab; label: string; icon: typeof Activity }[] = [
  { tab: "overview", label: "Overview", icon: LayoutDashboard },
  { tab: "organizations", label: "Organizations", icon: Building2 },
  { tab: "users", label: "Users", icon: Users },
  { tab: "documents", label: "Documents", icon: FileText },
  { tab: "chats", label: "Chats", icon: MessageSquare },
  { tab: "audit", label: "Audit log", icon: ScrollText },
  { tab: "system", label: "System", icon: Server },
];

/** /app/admin/platform: the platform owner's console (RequirePlatformOwner guards it). Settings is a tab without a trigger (spec section 2). */
export function PlatformConsolePage() {
  const url = useConsoleUrl();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={adminMessages.title}
        documentTitle={adminMessages.documentTitle}
        description="Every organization, user, document, chat and job on this deployment."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => url.openTab("system")}>
              <Activity aria-hidden />
              System Status
            </Button>
            <Button type="button" onClick={() => setIsCreating(true)}>
              <Plus aria-hidden />
              New Organization
            </Button>
          </div>
        }
      />
      <Tabs value={url.tab} onValueChange={(value) => url.openTab(value as AdminTab)}>
        {/* On a phone the seven triggers wrap onto two rows, without their icons. */}
        <TabsList aria-label="Platform administration" className="max-md:[&_svg]:hidden">
          {triggers.map(({ tab, label, icon: Icon }) => (
            <TabsTrigger key={tab} value={tab}>
              <Icon aria-hidden />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* Each tab is keyed by the URL's query, so a search box starts from what the URL says after back and forward. */}
        <TabsContent value="overview">{url.tab === "overview" && <OverviewTab url={url} />}</TabsContent>
        <TabsContent value="organizations">{url.tab === "organizations" && <OrganizationsTab key={url.get("q")} url={url} />}</TabsContent>
        <TabsContent value="users">{url.tab === "users" && <UsersTab key={url.get("q")} url={url} />}</TabsContent>
        <TabsContent value="documents">{url.tab === "documents" && <DocumentsTab key={url.get("q")} url={url} />}</TabsContent>
        <TabsContent value="chats">{url.tab === "chats" && <ChatsTab key={url.get("q")} url={url} />}</TabsContent>
        <TabsContent value="audit">{url.tab === "audit" && <AuditLog source={{ kind: "platform" }} label="Platform audit log" />}</TabsContent>
        <TabsContent value="system">{url.tab === "system" && <SystemTab url={url} />}</TabsContent>
        <TabsContent value="settings">{url.tab === "settings" && <PlatformSettingsCard />}</TabsContent>
      </Tabs>
      <NewOrganizationDialog open={isCreating} onOpenChange={setIsCreating} />
    </>
  );
}
