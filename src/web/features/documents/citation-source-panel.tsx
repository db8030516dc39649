import { useQuery } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { citationHref } from "../../../shared/chat";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { LoadProblem } from "../../components/ui/load-problem";
import { Sheet, SheetContent } from "../../components/ui/sheet";
import { Skeleton } from "../../components/ui/skeleton";
import { isApiError } from "../../lib/api-client";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../../lib/use-media-query";
import { findClausePath, type CitationSource } from "./citation-source";
import { DocumentPagesView } from "./document-pages-view";
import { documentsApi } from "./documents-api";
import { documentKeys, useDocument } from "./use-documents";

function ClausePath({ source }: { source: CitationSource }) {
  const outline = useQuery({ queryKey: documentKeys.outline(source.documentId), queryFn: () => documentsApi.outline(source.documentId), staleTime: Infinity });
  const path = outline.data && findClausePath(outline.data, source);
  return (
    <div className="space-y-1 text-sm">
      <p className="font-medium">{source.label}</p>
      {path && path.length > 1 && (
        <ol aria-label="Clause path" className="flex flex-wrap items-center gap-x-1 text-muted-foreground">
          {path.map((heading, index) => (
            <li key={index} className="[overflow-wrap:anywhere]">
              {index > 0 && <span aria-hidden>› </span>}
              {heading}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function SourcePages({ source }: { source: CitationSource }) {
  const query = useDocument(source.documentId);
  const document = query.data;
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the source" className="min-h-0 flex-1">
        <Skeleton className="h-full w-full" />
      </div>
    );
  }
  if (query.isError && !isApiError(query.error, "not_found")) {
    return <LoadProblem message="The source could not be loaded." error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!document || document.status !== "completed") {
    return (
      <Alert role="alert">
        <AlertTitle>{document ? "The source cannot be shown now" : "This document is no longer in your library"}</AlertTitle>
        <AlertDescription>{document ? "The document is being processed again; it opens here once it is ready." : "It may have been deleted."}</AlertDescription>
      </Alert>
    );
  }
  return (
    <DocumentPagesView
      document={document}
      jump={{ page: source.page, seq: 0 }}
      quote={{ text: source.quote, page: source.page }}
      className={() => "min-h-0 flex-1 max-md:-mx-6"}
    />
  );
}

/**
 * A citation's source beside the answer: its clause, its page with the quote highlighted, and
 * "Open document" for the full viewer. A panel at the side of a large screen, a sheet from the
 * bottom of a phone; the chat stays where it was behind it.
 */
export function CitationSourcePanel({ source, onClose }: { source: CitationSource | undefined; onClose: () => void }) {
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  return (
    <Sheet open={source !== undefined} onOpenChange={(open) => !open && onClose()}>
      {source && (
        <SheetContent
          side={isSmallScreen ? "bottom" : "right"}
          title="Source"
          className={isSmallScreen ? "h-[92dvh] gap-3 p-4 pt-5" : "w-[min(48rem,92vw)] max-w-none gap-3"}
        >
          <ClausePath source={source} />
          <Button asChild variant="outline" size="sm" className="self-start">
            <Link to={citationHref(source.documentId, source)}>
              <ExternalLink aria-hidden />
              Open document
            </Link>
          </Button>
          <SourcePages key={`${source.documentId}:${source.page}:${source.quote}`} source={source} />
        </SheetContent>
      )}
    </Sheet>
  );
}
