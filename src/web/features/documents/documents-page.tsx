import { FileUp, Loader2, RefreshCw, Search, Upload } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { PageHeader } from "../../components/layout/page-header";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { EmptyState } from "../../components/ui/empty-state";
import { Input } from "../../components/ui/input";
import { LoadProblem } from "../../components/ui/load-problem";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { isApiError } from "../../lib/api-client";
import { useSiteConfig } from "../../lib/site-config-context";
import { cn } from "../../lib/utils";
import { SubscriptionGate } from "../billing";
import { arrangeLibrary, ContractSummary, defaultArrangement, LibraryArrangementControls, useLibraryContracts, type LibraryArrangement } from "../contracts";
import { localToday } from "../../lib/format-date";
import { DocumentCard } from "./document-card";
import { OnboardingChecklist, TrySampleButton } from "./first-run";
import { ACCEPT_ATTRIBUTE, matchesSearch } from "./document-format";
import { useDocumentEvents, useDocumentList } from "./use-documents";
import { useUpload, type UploadState } from "./use-upload";
import { paths, withQuery } from "../../../shared/paths";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { storageAmount } from "../../../shared/documents";

const LOAD_ERROR_TITLE = "Error loading documents";
const LOAD_ERROR_DESCRIPTION = "Failed to load your documents. Please try again.";
const LOAD_ERROR_TOAST = "documents-load-error";

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

function CardSkeletons() {
  return (
    <div role="status" aria-label="Loading documents" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} className="space-y-3 p-4">
          <div className="flex gap-3">
            <Skeleton className="size-5" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-8 w-24" />
        </Card>
      ))}
    </div>
  );
}

function UploadProgress({ upload }: { upload: UploadState }) {
  return (
    <Card className="mb-6 space-y-2 p-4">
      <div className="flex items-center gap-2 text-sm">
        <Loader2 aria-hidden className="size-4 animate-spin text-primary motion-reduce:animate-none" />
        <span id="upload-progress-label" className="min-w-0 flex-1 truncate">
          Uploading <span className="font-medium">{upload.filename}</span>
          {upload.count > 1 && ` (${upload.position} of ${upload.count})`}
        </span>
        <span className="tabular-nums text-muted-foreground">{upload.percent}%</span>
      </div>
      <Progress value={upload.percent} aria-labelledby="upload-progress-label" />
    </Card>
  );
}

const emptyFrame = "rounded-xl border border-dashed px-6 py-16";

const PAGE_TITLE = "Document Library";
const PAGE_DESCRIPTION = "Upload and manage your healthcare contracts and agreements";

/**
 * How much of the person's storage their documents take: the list holds every one of them, so the
 * sum needs no request of its own. Uploads past the limit are refused (ADR 022).
 */
function StorageUsed({ documents }: { documents: DocumentSummary[] }) {
  const { accountStorageLimitBytes } = useSiteConfig();
  const used = documents.reduce((total, document) => total + document.fileSize, 0);
  return (
    <p className="mb-3 text-sm text-muted-foreground">
      Storage: {storageAmount(used)} of {storageAmount(accountStorageLimitBytes)} used
    </p>
  );
}

/** /app/documents: the library behind the subscription gate. */
export function DocumentsPage() {
  return (
    <SubscriptionGate header={<PageHeader title={PAGE_TITLE} description={PAGE_DESCRIPTION} />}>
      <DocumentLibrary />
    </SubscriptionGate>
  );
}

/** Upload, search and manage the person's documents. */
function DocumentLibrary() {
  const list = useDocumentList();
  const { upload, uploading } = useUpload();
  useDocumentEvents();
  const fileInput = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState("");
  const contracts = useLibraryContracts();
  const [arrangement, setArrangement] = useState<LibraryArrangement>(defaultArrangement);
  const contractOf = (documentId: string) => {
    const contract = contracts.data?.get(documentId);
    return contract && <ContractSummary contract={contract} />;
  };
  const [dragDepth, setDragDepth] = useState(0);
  const isDragging = dragDepth > 0;

  const loadError = list.error;
  const isSignedOut = isApiError(loadError, "unauthenticated");
  useEffect(() => {
    // Retries go on behind a failed load (lib/query-client.ts): once one succeeds the toast goes too.
    if (loadError && !isSignedOut) toast.error(LOAD_ERROR_TITLE, { id: LOAD_ERROR_TOAST, description: LOAD_ERROR_DESCRIPTION });
    else toast.dismiss(LOAD_ERROR_TOAST);
  }, [loadError, isSignedOut]);

  const chooseFile = () => fileInput.current?.click();
  const documents = list.data ?? [];
  const shown = arrangeLibrary(
    documents.filter((document) => matchesSearch(document, search)),
    contracts.data,
    arrangement,
    localToday(),
  );

  function onDragEnter(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragDepth((depth) => depth + 1);
  }
  function onDragOver(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  }
  function onDragLeave(event: DragEvent) {
    if (!hasFiles(event)) return;
    setDragDepth((depth) => Math.max(0, depth - 1));
  }
  function onDrop(event: DragEvent) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    setDragDepth(0);
    void upload(Array.from(event.dataTransfer.files));
  }

  let content: ReactNode;
  if (list.isPending) {
    content = <CardSkeletons />;
  } else if (isSignedOut) {
    content = (
      <Alert role="alert" variant="destructive">
        <AlertTitle>Please log in to access documents.</AlertTitle>
        <AlertDescription>
          <Link to={withQuery(paths.login, { redirect: paths.documents })} className="font-medium text-primary underline">
            Log in
          </Link>
        </AlertDescription>
      </Alert>
    );
  } else if (loadError && documents.length === 0) {
    content = <LoadProblem title={LOAD_ERROR_TITLE} message={LOAD_ERROR_DESCRIPTION} error={loadError} onRetry={() => void list.refetch()} />;
  } else if (documents.length === 0) {
    content = (
      <EmptyState icon={FileUp} title="No documents uploaded" className={emptyFrame}>
        <p className="max-w-sm text-sm text-muted-foreground">
          Upload payer contracts, network agreements or policies (PDF, Word or scans), several at once — or drop them anywhere on this page. Each is analysed as
          soon as it arrives.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={chooseFile} disabled={Boolean(uploading)}>
            <Upload aria-hidden />
            Upload Your First Document
          </Button>
          <TrySampleButton />
        </div>
        <p className="max-w-sm text-xs text-muted-foreground">
          The sample is a payer agreement our team wrote to try things with: processed free of credit, marked Sample, yours to delete.
        </p>
      </EmptyState>
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState icon={Search} title="No documents found" className={emptyFrame}>
        {search.trim() ? (
          <p className="text-sm text-muted-foreground">No document name or type matches “{search.trim()}”.</p>
        ) : (
          <p className="text-sm text-muted-foreground">No contract matches this filter.</p>
        )}
        <Button
          variant="outline"
          onClick={() => {
            setSearch("");
            setArrangement(defaultArrangement);
          }}
        >
          {search.trim() ? "Clear search" : "Show all documents"}
        </Button>
      </EmptyState>
    );
  } else {
    content = (
      <ul aria-label="Documents" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {shown.map((document) => (
          <li key={document.id}>
            <DocumentCard document={document} details={contractOf(document.id)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="relative min-h-[60vh]" onDragEnter={onDragEnter} onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <PageHeader
        title={PAGE_TITLE}
        description={PAGE_DESCRIPTION}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
              <RefreshCw aria-hidden className={cn(list.isFetching && !list.isPending && "animate-spin")} />
              Refresh
            </Button>
            <Button onClick={chooseFile} disabled={Boolean(uploading)}>
              {uploading ? <Loader2 aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
              Upload Document
            </Button>
            <input
              ref={fileInput}
              type="file"
              multiple
              accept={ACCEPT_ATTRIBUTE}
              className="sr-only"
              tabIndex={-1}
              aria-label="Choose a document to upload"
              data-testid="document-file-input"
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = "";
                void upload(files);
              }}
            />
          </div>
        }
      />

      {uploading && <UploadProgress upload={uploading} />}

      {!isSignedOut && documents.length > 0 && <StorageUsed documents={documents} />}

      {!isSignedOut && (
        <div className="mb-6 flex flex-wrap items-end gap-3">
          <div className="relative w-full max-w-md">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search documents"
              placeholder="Search documents..."
              className="pl-9"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {contracts.data && contracts.data.size > 0 && <LibraryArrangementControls value={arrangement} onChange={setArrangement} />}
        </div>
      )}

      {!isSignedOut && list.data && <OnboardingChecklist documents={documents} />}

      {content}

      {isDragging && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 z-40 flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-primary/5 backdrop-blur-[1px]"
        >
          <div className="flex flex-col items-center gap-2 rounded-lg bg-background/90 px-6 py-4 text-primary shadow">
            <FileUp className="size-8" />
            <p className="font-medium">Drop to upload</p>
          </div>
        </div>
      )}
    </div>
  );
}
