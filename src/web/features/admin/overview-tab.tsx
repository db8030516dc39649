import { Activity, Building2, FileText, KeyRound, MailPlus, MessageSquare, type LucideIcon } from "lucide-react";
import { vectorsMetric, type AdminTab } from "../../../shared/admin";
import type { ActivityItem, PlatformMetrics } from "../../../shared/contracts/admin";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "./console-format";
import { useOverview } from "./use-console";
import type { ConsoleUrl } from "./use-console-url";

interface MetricCard {
  label: string;
  value: number;
  detail: string;
  tab: AdminTab;
  filters?: Record<string, string>;
}

function metricCards(metrics: PlatformMetrics): MetricCard[] {
  const vectors = vectorsMetric({ passages: metrics.totalPassages, embeddings: metrics.totalEmbeddings });
  return [
    { label: "Total Organizations", value: metrics.totalOrganizations, detail: `${metrics.activeOrganizations} active`, tab: "organizations" },
    { label: "Active Organizations", value: metrics.activeOrganizations, detail: "a member signed in within 30 days", tab: "organizations" },
    { label: "Total Users", value: metrics.totalUsers, detail: `${metrics.activeUsers} active`, tab: "users" },
    { label: "Active Users", value: metrics.activeUsers, detail: "signed in within 30 days", tab: "users", filters: { status: "active" } },
    { label: "Total Documents", value: metrics.totalDocuments, detail: "across every organization", tab: "documents" },
    { label: vectors.label, value: vectors.value, detail: "indexed for answers", tab: "documents", filters: { status: "completed" } },
    { label: "Active Trials", value: metrics.trialsActive, detail: `${metrics.trialsExpiring7d} expiring within 7 days`, tab: "organizations" },
    { label: "Jobs Running", value: metrics.jobsRunning, detail: `${metrics.jobsQueued} queued`, tab: "system", filters: { status: "running" } },
    { label: "Jobs Queued", value: metrics.jobsQueued, detail: "waiting for a worker", tab: "system", filters: { status: "queued" } },
  ];
}

const activityIcons: Record<ActivityItem["kind"], LucideIcon> = { sign_in: KeyRound, document: FileText, chat: MessageSquare, invitation: MailPlus };

function describeActivity(item: ActivityItem): string {
  switch (item.kind) {
    case "sign_in":
      return `${item.actor} signed in`;
    case "document":
      return `${item.actor} uploaded ${item.subject ?? "a document"}`;
    case "chat":
      return `${item.actor} chatted: ${item.subject ?? "a conversation"}`;
    case "invitation":
      return `${item.actor} was invited to ${item.subject ?? "an organization"}`;
  }
}

export function OverviewTab({ url }: { url: ConsoleUrl }) {
  const overview = useOverview();
  if (overview.isPending) {
    return (
      <div role="status" aria-label="Loading the overview" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-28 w-full" />
        ))}
      </div>
    );
  }
  if (overview.isError) return <LoadProblem message="Failed to load the platform overview." error={overview.error} onRetry={() => void overview.refetch()} />;
  const { metrics, recentActivity } = overview.data;
  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Platform metrics">
        {metricCards(metrics).map((card) => (
          <li key={card.label}>
            <button
              type="button"
              className="w-full rounded-xl border bg-card p-4 text-left shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              onClick={() => url.openTab(card.tab, card.filters)}
              aria-label={`${card.label} ${card.value.toLocaleString("en-US")}, ${card.detail}`}
            >
              <span className="block text-sm text-muted-foreground">{card.label}</span>
              <span className="mt-1 block text-3xl font-bold tabular-nums">{card.value.toLocaleString("en-US")}</span>
              <span className="mt-1 block text-xs text-muted-foreground">{card.detail}</span>
            </button>
          </li>
        ))}
      </ul>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-lg">
            <Activity aria-hidden className="size-5" />
            Recent Activity
          </CardTitle>
        </CardHeader>
        <CardContent>
          {recentActivity.length === 0 ? (
            <EmptyState icon={Building2} title="No activity yet" className="py-6">
              <p className="text-sm text-muted-foreground">Sign-ins, uploads, conversations and invitations appear here.</p>
            </EmptyState>
          ) : (
            <ol className="divide-y" aria-label="Recent Activity">
              {recentActivity.map((item) => {
                const Icon = activityIcons[item.kind];
                return (
                  <li key={`${item.kind}-${item.id}`} className="flex items-start gap-3 py-2.5">
                    <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 break-words">{describeActivity(item)}</span>
                    <time dateTime={item.at} className="shrink-0 text-xs text-muted-foreground">
                      {formatDateTime(item.at)}
                    </time>
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
