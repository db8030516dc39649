import { useQueryClient } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/utils";
import { isPdf, type PageJump } from "./document-format";
import { documentFileUrl } from "./documents-api";
import { hasPageImages, PageImage } from "./page-image";
import type { QuoteBox } from "./quote-boxes";
import { TextPagesViewer } from "./text-pages-viewer";
import { documentPageQuery } from "./use-documents";

// pdf.js (and its worker) load only when a PDF is opened.
const PdfViewer = lazy(async () => ({ default: (await import("./pdf-viewer")).PdfViewer }));

function QuoteNotFound({ quote, page }: { quote: string; page: number }) {
  return (
    <Alert className="mb-3">
      <SearchX aria-hidden />
      <AlertTitle>The quoted passage was not found on page {page}</AlertTitle>
      <AlertDescription>
        <p>The citation reads:</p>
        <blockquote className="mt-1 border-l-2 border-highlight pl-3 text-foreground italic">“{quote}”</blockquote>
      </AlertDescription>
    </Alert>
  );
}

export interface DocumentPagesViewProps {
  document: DocumentSummary;
  jump: PageJump;
  quote?: { text: string; page: number };
  /** The box the pages scroll in: its height, and for a PDF what it needs to fit the screen. */
  className: (showsPdf: boolean) => string;
}

/**
 * A processed document's pages as the full viewer and the chat's source panel show them: the PDF
 * drawn by pdf.js (its text when it cannot be drawn), or the text read from it with each page's
 * picture for scans; the quote highlighted, or said not found.
 */
export function DocumentPagesView({ document, jump, quote, className }: DocumentPagesViewProps) {
  const [quoteFound, setQuoteFound] = useState<boolean>();
  const [lastQuote, setLastQuote] = useState(quote);
  const [pdfFailed, setPdfFailed] = useState(false);
  if (lastQuote !== quote) {
    setLastQuote(quote);
    setQuoteFound(undefined);
  }
  const queryClient = useQueryClient();
  // The viewer reads it through a ref: no need to keep it stable.
  const loadPage = (pageNumber: number) => queryClient.fetchQuery(documentPageQuery(document.id, pageNumber));
  const showPdf = isPdf(document) && !pdfFailed;
  const pageOriginal = hasPageImages(document)
    ? (pageNumber: number, quoteBoxes: readonly QuoteBox[] | undefined) => (
        <PageImage documentId={document.id} pageNumber={pageNumber} filename={document.filename} quoteBoxes={quoteBoxes} />
      )
    : undefined;
  const viewerProps = { jump, quote, onQuoteResult: setQuoteFound };
  return (
    <>
      {pdfFailed && (
        <Alert className="mb-3">
          <AlertTitle>This PDF could not be displayed here</AlertTitle>
          <AlertDescription>Showing the text read from it instead. Download the file to see the original.</AlertDescription>
        </Alert>
      )}
      {quote && quoteFound === false && <QuoteNotFound quote={quote.text} page={quote.page} />}
      <div className={cn(className(showPdf))}>
        {showPdf ? (
          <Suspense fallback={<Skeleton className="h-full w-full" />}>
            <PdfViewer url={documentFileUrl(document.id)} onLoadError={() => setPdfFailed(true)} loadPage={loadPage} {...viewerProps} />
          </Suspense>
        ) : (
          <TextPagesViewer documentId={document.id} pageOriginal={pageOriginal} {...viewerProps} />
        )}
      </div>
    </>
  );
}
