import { statusBadgeLabels, type DocumentStatus } from "../../../shared/documents";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { Badge } from "../../components/ui/badge";
import { Progress } from "../../components/ui/progress";
import { cn } from "../../lib/utils";
import { processingProgress } from "./document-format";

const statusClasses: Partial<Record<DocumentStatus, string>> = {
  completed: "border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  failed: "border-transparent bg-destructive text-destructive-foreground",
};

/** Ready (green), Error (destructive), everything else neutral; 'Unknown' for a status this build does not know. */
export function StatusBadge({ status, className }: { status: DocumentStatus; className?: string }) {
  return (
    <Badge variant="secondary" className={cn(statusClasses[status], className)}>
      {statusBadgeLabels[status] ?? "Unknown"}
    </Badge>
  );
}

/** The running job's stage and an overall bar, e.g. "Reading pages 12 of 40". */
export function ProcessingProgress({ document, className }: { document: DocumentSummary; className?: string }) {
  const { label, percent } = processingProgress(document);
  const labelId = `progress-${document.id}`;
  return (
    <div className={cn("space-y-1.5", className)}>
      <p id={labelId} className="text-xs text-muted-foreground">
        {label}
      </p>
      <Progress value={percent} valueText={label} aria-labelledby={labelId} />
    </div>
  );
}
