import { ArrowLeft, ClipboardList, Download, FileQuestion, FileText, ListTree, MessageSquare } from "lucide-react";
import { useId, useMemo, useState, type ReactNode } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { DocumentSummary, ReadableDocument } from "../../../shared/contracts/documents";
import { paths } from "../../../shared/paths";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { isApiError } from "../../lib/api-client";
import { cn } from "../../lib/utils";
import { useSiteConfig } from "../../lib/site-config-context";
import { usePageMeta } from "../../lib/use-page-meta";
import type { PageJump } from "./document-format";
import { DocumentOutline } from "./document-outline";
import { DocumentSearch } from "./document-search";
import { StatusBadge } from "./document-status";
import { documentFileUrl } from "./documents-api";
import { DocumentPagesView } from "./document-pages-view";
import { useMarkFactSheetOpened } from "./first-run";
import { OwnerNote } from "./owner-note";
import { useDocument, useDocumentEvents } from "./use-documents";

// Beside the outline on large screens; below the header on small ones, nearly the whole screen once scrolled to.
const viewerHeight = "h-[calc(100dvh-8rem)] min-h-[24rem] lg:h-[calc(100dvh-15rem)] lg:min-h-[28rem]";
const viewerHeightLarge = "lg:h-[calc(100dvh-15rem)] lg:min-h-[28rem]";

function BackLink() {
  return (
    <Link to={paths.documents} className="inline-flex min-h-10 items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground md:min-h-0">
      <ArrowLeft aria-hidden className="size-4" />
      Document Library
    </Link>
  );
}

function pageParam(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) && page >= 1 ? page : 1;
}

/** The views of a processed document: its text and its fact sheet, as links so each has its own address. */
export type DocumentTab = "text" | "fact-sheet";

const tabLinks: { tab: DocumentTab; label: string; icon: typeof FileText; href: (id: string) => string }[] = [
  { tab: "text", label: "Document", icon: FileText, href: paths.document },
  { tab: "fact-sheet", label: "Fact sheet", icon: ClipboardList, href: paths.documentFactSheet },
];

function DocumentTabs({ documentId, tab }: { documentId: string; tab: DocumentTab }) {
  return (
    <nav aria-label="Document views" className="mb-4 inline-flex h-10 items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground max-md:h-12">
      {tabLinks.map((link) => (
        <Link
          key={link.tab}
          to={link.href(documentId)}
          aria-current={link.tab === tab ? "page" : undefined}
          className="inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-[current=page]:bg-background aria-[current=page]:text-foreground aria-[current=page]:shadow-sm max-md:min-h-10 [&_svg]:size-4"
        >
          <link.icon aria-hidden />
          {link.label}
        </Link>
      ))}
    </nav>
  );
}

function DocumentHeader({ document }: { document: ReadableDocument }) {
  // Asking about a document is its owner's alone (chat.use reaches only one's own).
  const canAsk = document.status === "completed" && document.isOwn;
  return (
    <div className="mb-4 space-y-2">
      <BackLink />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-bold tracking-tight [overflow-wrap:anywhere] sm:text-2xl">{document.filename}</h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <StatusBadge status={document.status} />
            <Badge variant="outline">{document.displayType}</Badge>
            {document.status === "completed" && document.pageCount !== null && (
              <span>
                {document.pageCount} {document.pageCount === 1 ? "page" : "pages"}
                {document.pageNumbersEstimated && " (page numbers estimated)"}
              </span>
            )}
          </div>
        </div>
        <div className="flex shrink-0 gap-2">
          {canAsk && (
            <Button variant="outline" asChild>
              <Link to={paths.chatAbout(document.id)}>
                <MessageSquare aria-hidden />
                Ask
              </Link>
            </Button>
          )}
          <Button variant="outline" asChild>
            <a href={documentFileUrl(document.id)} download>
              <Download aria-hidden />
              Download
            </a>
          </Button>
        </div>
      </div>
      {!document.isOwn && document.ownerName !== null && <OwnerNote ownerName={document.ownerName} />}
    </div>
  );
}

const statusExplanations: Record<Exclude<DocumentSummary["status"], "completed">, string> = {
  uploaded: "This document has not been processed yet. Process it from the library to read it here and ask about it.",
  queued: "This document is waiting to be processed. It opens here as soon as it is ready.",
  processing: "This document is being processed. It opens here as soon as it is ready.",
  failed: "Processing this document failed. Retry it from the library.",
  awaiting_credit: "This document is waiting for a document credit before it can be processed.",
};

function NotReady({ document }: { document: DocumentSummary }) {
  if (document.status === "completed") return null;
  return (
    <Card className="max-w-xl space-y-3 p-6">
      <div className="flex items-center gap-2">
        <span className="text-sm font-medium">Status:</span>
        <StatusBadge status={document.status} />
      </div>
      <p className="text-sm">{statusExplanations[document.status] ?? statusExplanations.queued}</p>
      {document.status === "failed" && document.failureReason && <p className="text-sm text-destructive">{document.failureReason}</p>}
      <Button asChild variant="outline" size="sm">
        <Link to={paths.documents}>Go to the Document Library</Link>
      </Button>
    </Card>
  );
}

function ReadyDocument({ document }: { document: DocumentSummary }) {
  const [searchParams] = useSearchParams();
  const requestedPage = pageParam(searchParams.get("page"));
  const quoteText = searchParams.get("q")?.trim() || undefined;
  const [jump, setJump] = useState<PageJump>({ page: requestedPage, seq: 0 });
  const [lastRequested, setLastRequested] = useState({ page: requestedPage, quote: quoteText });
  // A new citation opened while this page is showing: go there.
  if (lastRequested.page !== requestedPage || lastRequested.quote !== quoteText) {
    setLastRequested({ page: requestedPage, quote: quoteText });
    setJump((current) => ({ page: requestedPage, seq: current.seq + 1 }));
  }
  const quote = useMemo(() => (quoteText ? { text: quoteText, page: requestedPage } : undefined), [quoteText, requestedPage]);
  // Small screens show the outline on request, above the pages; choosing a clause puts it away again.
  const [isOutlineShown, setOutlineShown] = useState(false);
  const outlineId = useId();
  const goTo = (page: number) => {
    setOutlineShown(false);
    setJump((current) => ({ page, seq: current.seq + 1 }));
  };
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <Button
        variant="outline"
        className="justify-self-start lg:hidden"
        aria-expanded={isOutlineShown}
        aria-controls={outlineId}
        onClick={() => setOutlineShown(!isOutlineShown)}
      >
        <ListTree aria-hidden />
        {isOutlineShown ? "Hide outline and search" : "Outline and search"}
      </Button>
      <aside
        id={outlineId}
        aria-label="Outline and search"
        className={cn("flex max-h-96 flex-col overflow-hidden rounded-lg border bg-card lg:flex lg:max-h-none", viewerHeightLarge, !isOutlineShown && "hidden")}
      >
        <DocumentSearch documentId={document.id} onJump={goTo}>
          <h2 id="outline-heading" className="border-b px-3 py-2.5 text-sm font-semibold">
            Clause outline
          </h2>
          <div className="min-h-0 flex-1 overflow-auto p-2">
            <DocumentOutline documentId={document.id} onJump={goTo} labelId="outline-heading" />
          </div>
        </DocumentSearch>
      </aside>
      <div className="flex min-w-0 flex-col">
        {/* Below md a PDF reaches the screen's edges (past <main>'s padding, app-shell.tsx) so its page fits the screen's width. */}
        <DocumentPagesView
          document={document}
          jump={jump}
          quote={quote}
          className={(showsPdf) => cn(viewerHeight, showsPdf && "max-sm:-mx-4 sm:max-md:-mx-8")}
        />
      </div>
    </div>
  );
}

/**
 * One document's page: its header, then — once processed — the tabs and the chosen view; the
 * loading, not-found and not-ready states are the same for every view.
 */
export function DocumentFrame({ documentId, tab, children }: { documentId: string; tab: DocumentTab; children: (document: ReadableDocument) => ReactNode }) {
  const site = useSiteConfig();
  const query = useDocument(documentId);
  useDocumentEvents();
  const document = query.data;
  // Opening a fact sheet is a step of the reader's own first run: a member's sheet an admin reads is not.
  useMarkFactSheetOpened(tab === "fact-sheet" && document?.status === "completed" && document.isOwn);
  const isNotFound = isApiError(query.error, "not_found", "validation_failed");
  const name = document?.filename ?? (isNotFound ? "Document not found" : "Document");
  usePageMeta({ title: `${tab === "fact-sheet" ? `Fact sheet · ${name}` : name} · ${site.productName}` });

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading document" className="space-y-4">
        <Skeleton className="h-4 w-36" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className={`w-full ${viewerHeight}`} />
      </div>
    );
  }
  if (isNotFound) {
    return (
      <EmptyState icon={FileQuestion} title="Document not found" headingLevel="h1" className="gap-4 py-16">
        <p className="max-w-md text-muted-foreground">It may have been deleted, or the link may be wrong.</p>
        <Button asChild>
          <Link to={paths.documents}>Back to Document Library</Link>
        </Button>
      </EmptyState>
    );
  }
  if (!document) {
    return (
      <div className="space-y-4">
        <BackLink />
        <LoadProblem message="This document could not be loaded." error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <>
      <DocumentHeader document={document} />
      {document.status === "completed" ? (
        <>
          <DocumentTabs documentId={document.id} tab={tab} />
          {children(document)}
        </>
      ) : (
        <NotReady document={document} />
      )}
    </>
  );
}

/** /app/documents/:documentId?page=N&q=quote — the document with its outline, at a cited page. */
export function DocumentViewPage() {
  const { documentId = "" } = useParams();
  return (
    <DocumentFrame documentId={documentId} tab="text">
      {(document) => <ReadyDocument key={document.id} document={document} />}
    </DocumentFrame>
  );
}
