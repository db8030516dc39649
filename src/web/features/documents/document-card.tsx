import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  AlertTriangle,
  ClipboardList,
  CreditCard,
  Download,
  FileText,
  Info,
  Loader2,
  MessageSquare,
  MoreVertical,
  Pencil,
  Play,
  RefreshCw,
  RotateCcw,
  Trash2,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { cannotProcessMessages } from "../../../shared/billing";
import { documentActionFor } from "../../../shared/documents";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { paths } from "../../../shared/paths";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "../../components/ui/dropdown-menu";
import { errorMessage, isApiError } from "../../lib/api-client";
import { formatDate } from "../../lib/format-date";
import { billingSummaryKey, BuyCreditButton, useCanPayForProcessing } from "../billing";
import { SampleBadge } from "./first-run";
import { DeleteDocumentDialog, RenameDocumentDialog, ReprocessDocumentDialog } from "./document-dialogs";
import { formatFileSize, unreadablePagesWarning } from "./document-format";
import { ProcessingProgress, StatusBadge } from "./document-status";
import { documentFileUrl, documentsApi } from "./documents-api";
import { forgetDocument, forgetReading, storeDocument, useDelayedRefresh } from "./use-documents";

export const REFRESH_AFTER_PROCESS_MS = 800;
export const REFRESH_AFTER_RETRY_MS = 1000;

function useDocumentActions(document: DocumentSummary) {
  const queryClient = useQueryClient();
  const refreshLater = useDelayedRefresh();
  const start = useMutation({
    mutationFn: (trigger: "start" | "retry") => documentsApi.process(document.id, trigger),
    onSuccess: (answer, trigger) => {
      storeDocument(queryClient, answer.document);
      if (!answer.ok) {
        toast.error("Cannot process", { description: cannotProcessMessages[answer.reason] });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: billingSummaryKey });
      if (trigger === "start") toast.success("Processing started", { description: "We'll update this card as it goes." });
      else toast.success("Processing restarted");
      refreshLater(trigger === "start" ? REFRESH_AFTER_PROCESS_MS : REFRESH_AFTER_RETRY_MS);
    },
    onError: (_error, trigger) => {
      // The spec shows 'Start failed' without the detail.
      if (trigger === "start") toast.error("Start failed");
      else toast.error("Retry failed", { description: "Failed to restart document processing. Please try again." });
      refreshLater(0);
    },
  });
  const reprocess = useMutation({
    mutationFn: () => documentsApi.process(document.id, "reprocess"),
    onSuccess: (answer) => {
      storeDocument(queryClient, answer.document);
      forgetReading(queryClient, document.id);
      toast.success("Reprocessing started", { description: "Its passages are being rebuilt. We'll update this card as it goes." });
      refreshLater(REFRESH_AFTER_RETRY_MS);
    },
    onError: (error) => {
      toast.error("Reprocess failed", { description: errorMessage(error) });
      refreshLater(0);
    },
  });
  const rename = useMutation({
    mutationFn: (filename: string) => documentsApi.rename(document.id, filename),
    onSuccess: (updated) => {
      storeDocument(queryClient, updated);
      toast.success("Document renamed");
    },
    onError: (error) => toast.error("Rename failed", { description: errorMessage(error) }),
  });
  const remove = useMutation({
    mutationFn: () => documentsApi.remove(document.id),
    onSuccess: () => {
      forgetDocument(queryClient, document.id);
      toast.success("Document deleted");
    },
    onError: (error) => {
      const isSignedOut = isApiError(error, "unauthenticated");
      toast.error("Delete failed", {
        description: isSignedOut ? "Not authenticated. Please refresh and try again." : "Failed to delete the document. Please try again.",
      });
    },
  });
  return { start, reprocess, rename, remove };
}

function StatusAction({
  document,
  onStart,
  isStarting,
  canPayForProcessing,
}: {
  document: DocumentSummary;
  onStart: (trigger: "start" | "retry") => void;
  isStarting: boolean;
  canPayForProcessing: boolean | undefined;
}) {
  const action = documentActionFor(document.status);
  if (action === "process" || (action === "get_credit" && canPayForProcessing)) {
    return (
      <Button size="sm" disabled={isStarting} onClick={() => onStart("start")} aria-label={`Process ${document.filename}`}>
        {isStarting ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
        Process
      </Button>
    );
  }
  if (action === "get_credit") return <BuyCreditButton size="sm" />;
  if (action === "retry") {
    return (
      <Button size="sm" variant="outline" disabled={isStarting} onClick={() => onStart("retry")} aria-label={`Retry ${document.filename}`}>
        {isStarting ? <Loader2 className="animate-spin" aria-hidden /> : <RotateCcw aria-hidden />}
        Retry
      </Button>
    );
  }
  if (action === "none") {
    return (
      <>
        <Button size="sm" asChild>
          <Link to={paths.document(document.id)} aria-label={`Open ${document.filename}`}>
            <FileText aria-hidden />
            Open
          </Link>
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to={paths.chatAbout(document.id)} aria-label={`Ask about ${document.filename}`}>
            <MessageSquare aria-hidden />
            Ask
          </Link>
        </Button>
      </>
    );
  }
  return (
    <Button size="sm" variant="secondary" disabled>
      <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden />
      Processing...
    </Button>
  );
}

function WarningNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex gap-2 text-sm text-amber-800 dark:text-amber-300">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

/** Why an 'Awaiting Credit' document waits, and that it needs nothing more than a credit. */
function AwaitingCreditNote({ canPayForProcessing }: { canPayForProcessing: boolean | undefined }) {
  return (
    <p className="flex gap-2 text-sm">
      <CreditCard aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <span>
        Processing this document needs a document credit. {canPayForProcessing ? "You have one available now." : "Buy one and processing starts by itself."}
      </span>
    </p>
  );
}

/** One document in the library: name, status, menu, type, size, date and what to do next. */
/** `details`: what the card shows under its name once the document is read (its contract's terms). */
export function DocumentCard({ document, details }: { document: DocumentSummary; details?: ReactNode }) {
  const { start, reprocess, rename, remove } = useDocumentActions(document);
  const [isRenaming, setRenaming] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  const [isConfirmingReprocess, setConfirmingReprocess] = useState(false);
  const isBusy = document.status === "queued" || document.status === "processing";
  const isReady = document.status === "completed";
  const isAwaitingCredit = document.status === "awaiting_credit";
  const canPayForProcessing = useCanPayForProcessing();
  const warning = isReady ? unreadablePagesWarning(document.unreadablePages) : undefined;
  const titleId = `document-${document.id}-name`;

  return (
    <Card role="article" aria-labelledby={titleId} className="flex h-full flex-col gap-3 p-4" data-testid="document-card">
      <div className="flex items-start gap-3">
        <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="line-clamp-2 font-semibold leading-snug [overflow-wrap:anywhere]" title={document.filename}>
            {document.filename}
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <StatusBadge status={document.status} />
            <Badge variant="outline">{document.displayType}</Badge>
            {document.isSample && <SampleBadge />}
          </div>
        </div>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" className="-mt-1 -mr-2 size-8" aria-label={`Actions for ${document.filename}`}>
              <MoreVertical aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {isReady && (
              <DropdownMenuItem asChild>
                <Link to={paths.documentFactSheet(document.id)}>
                  <ClipboardList aria-hidden />
                  Fact sheet
                </Link>
              </DropdownMenuItem>
            )}
            <DropdownMenuItem asChild>
              <a href={documentFileUrl(document.id)} download>
                <Download aria-hidden />
                Download
              </a>
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setRenaming(true)}>
              <Pencil aria-hidden />
              Rename
            </DropdownMenuItem>
            {isReady && (
              <DropdownMenuItem onSelect={() => setConfirmingReprocess(true)}>
                <RefreshCw aria-hidden />
                Reprocess
              </DropdownMenuItem>
            )}
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-destructive data-[highlighted]:text-destructive" onSelect={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>

      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <div className="flex gap-1">
          <dt className="sr-only">Size</dt>
          <dd>{formatFileSize(document.fileSize)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">Upload date</dt>
          <dd>
            <time dateTime={document.createdAt}>{formatDate(document.createdAt)}</time>
          </dd>
        </div>
        {isReady && document.pageCount !== null && (
          <div className="flex gap-1">
            <dt className="sr-only">Pages</dt>
            <dd>
              {document.pageCount} {document.pageCount === 1 ? "page" : "pages"}
            </dd>
          </div>
        )}
      </dl>
      {isReady && details}

      {isBusy && <ProcessingProgress document={document} />}
      {document.status === "failed" && (
        <p className="flex gap-2 text-sm text-destructive">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{document.failureReason || "Processing failed. Please retry."}</span>
        </p>
      )}
      {isAwaitingCredit && <AwaitingCreditNote canPayForProcessing={canPayForProcessing} />}
      {isReady && document.failureReason && (
        <WarningNote>Reprocessing failed, so this document keeps its earlier passages. {document.failureReason}</WarningNote>
      )}
      {warning && <WarningNote>{warning}</WarningNote>}
      {isReady && document.pageNumbersEstimated && (
        <p className="flex gap-2 text-xs text-muted-foreground">
          <Info aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          <span>Page numbers are estimated: this file has no fixed pages.</span>
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <StatusAction document={document} isStarting={start.isPending} onStart={(trigger) => start.mutate(trigger)} canPayForProcessing={canPayForProcessing} />
      </div>

      <RenameDocumentDialog
        open={isRenaming}
        onOpenChange={setRenaming}
        filename={document.filename}
        isSaving={rename.isPending}
        onRename={(filename) => rename.mutate(filename, { onSuccess: () => setRenaming(false) })}
      />
      <ReprocessDocumentDialog
        open={isConfirmingReprocess}
        onOpenChange={setConfirmingReprocess}
        filename={document.filename}
        isStarting={reprocess.isPending}
        onReprocess={() => reprocess.mutate(undefined, { onSettled: () => setConfirmingReprocess(false) })}
      />
      <DeleteDocumentDialog
        open={isDeleting}
        onOpenChange={setDeleting}
        filename={document.filename}
        isDeleting={remove.isPending}
        onDelete={() => remove.mutate(undefined, { onSettled: () => setDeleting(false) })}
      />
    </Card>
  );
}
