import { useQuery } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import type { PageJump } from "./document-format";
import { documentsApi } from "./documents-api";
import { findQuote, segmentText } from "../../../core/documents/quote-match";
import { quoteBoxes, type QuoteBox } from "./quote-boxes";
import { withStruckRanges, type PageTextSegment } from "./struck-segments";
import { documentKeys, documentPageQuery } from "./use-documents";

/** The reader scrolling on their own: from then on a late change of layout no longer moves the view. */
const readerScrollEvents = ["wheel", "touchmove", "keydown", "pointerdown"] as const;

function PageText({ segments }: { segments: readonly PageTextSegment[] }) {
  return (
    <p className="max-w-prose text-sm leading-7 whitespace-pre-wrap">
      {segments.map((segment, index) => {
        // Struck through on the page (ADR 044): shown struck, as the agreement shows it, and said
        // (screen readers do not announce a strike), so no one hears a struck clause as in force.
        const text = segment.isStruck ? (
          <s>
            <span className="sr-only">Struck through: </span>
            {segment.text}
          </s>
        ) : (
          segment.text
        );
        return segment.isMatch ? (
          <mark key={index} className="rounded-sm bg-highlight/60 px-0.5 text-foreground">
            {text}
          </mark>
        ) : (
          <span key={index}>{text}</span>
        );
      })}
    </p>
  );
}

/**
 * The extracted text, page by page, for files that are not PDFs (Word, scans as images) or a
 * PDF the browser could not draw. Scrolls to `jump` and marks `quote` on its page.
 * `pageOriginal` shows each page's original (an image document's picture) beside its text, with
 * the quote's place on it when OCR kept its words' boxes.
 */
export function TextPagesViewer({
  documentId,
  jump,
  quote,
  onQuoteResult,
  pageOriginal,
}: {
  documentId: string;
  jump: PageJump;
  quote?: { text: string; page: number };
  onQuoteResult?: (found: boolean) => void;
  pageOriginal?: (pageNumber: number, quoteBoxes: readonly QuoteBox[] | undefined) => ReactNode;
}) {
  // A processed document's text does not change; never refetch it behind the reader's back.
  const pages = useQuery({ queryKey: documentKeys.pages(documentId), queryFn: () => documentsApi.pages(documentId), staleTime: Infinity });
  const root = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  /** Scrolls to the page or passage asked for, until the reader scrolls on their own. */
  const pendingScroll = useRef<(() => void) | undefined>(undefined);
  const onQuoteResultRef = useRef(onQuoteResult);
  useLayoutEffect(() => {
    onQuoteResultRef.current = onQuoteResult;
  });

  const quotePage = quote ? pages.data?.find((page) => page.pageNumber === quote.page) : undefined;
  const quoteRanges = useMemo(() => (quote && quotePage ? findQuote([quotePage.text], quote.text) : undefined), [quote, quotePage]);
  // The list of pages has no word boxes (they weigh ten times the text): the cited page's come on their own.
  const isQuoteOnPicture = pageOriginal !== undefined && quoteRanges !== undefined && quotePage?.method === "ocr";
  const boxedQuotePage = useQuery({ ...documentPageQuery(documentId, quote?.page ?? 1), enabled: isQuoteOnPicture });
  const wordBoxes = isQuoteOnPicture ? boxedQuotePage.data?.wordBoxes : undefined;
  // The quote was already found in this page's text: its boxes are those of the words found.
  const pictureQuoteBoxes = useMemo(() => (wordBoxes && quoteRanges ? quoteBoxes(wordBoxes, quoteRanges) : undefined), [wordBoxes, quoteRanges]);

  useEffect(() => {
    if (quote && pages.data) onQuoteResultRef.current?.(quoteRanges !== undefined);
  }, [quote, pages.data, quoteRanges]);

  useEffect(() => {
    const container = root.current;
    if (!container || !pages.data) return;
    const scroll = () => {
      const target =
        (quoteRanges && quote?.page === jump.page ? container.querySelector<HTMLElement>("mark") : null) ??
        container.querySelector<HTMLElement>(`[data-page-number="${jump.page}"]`);
      if (!target) return;
      const top = container.scrollTop + target.getBoundingClientRect().top - container.getBoundingClientRect().top - 16;
      container.scrollTo?.({ top, behavior: "instant" });
    };
    scroll();
    pendingScroll.current = scroll;
  }, [jump, pages.data, quoteRanges, quote?.page]);

  // Page images above the target arrive after the jump and push it down: keep it in view.
  const hasPages = pages.isSuccess;
  useEffect(() => {
    const container = root.current;
    const inner = content.current;
    if (!hasPages || !container || !inner || typeof ResizeObserver === "undefined") return undefined;
    const release = () => (pendingScroll.current = undefined);
    for (const type of readerScrollEvents) container.addEventListener(type, release, { passive: true });
    const observer = new ResizeObserver(() => pendingScroll.current?.());
    observer.observe(inner);
    return () => {
      observer.disconnect();
      for (const type of readerScrollEvents) container.removeEventListener(type, release);
    };
  }, [hasPages]);

  if (pages.isPending) {
    return (
      <div role="status" aria-label="Loading pages" className="space-y-3 rounded-lg border p-6">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
      </div>
    );
  }
  if (pages.isError) {
    return <LoadProblem message="The document's text could not be loaded." error={pages.error} onRetry={() => void pages.refetch()} />;
  }

  return (
    <div
      ref={root}
      tabIndex={0}
      aria-label="Document pages"
      className="@container h-full min-h-0 overflow-auto rounded-lg border bg-card focus-visible:outline-offset-[-2px]"
    >
      <div ref={content}>
        {pages.data.length === 0 && <p className="p-6 text-sm text-muted-foreground">This document has no text.</p>}
        {pages.data.map((page) => {
          const segments = withStruckRanges(segmentText(page.text, page.pageNumber === quote?.page ? quoteRanges : undefined), page.struckRanges);
          const headingId = `page-${page.pageNumber}-heading`;
          const original = pageOriginal?.(page.pageNumber, page.pageNumber === quote?.page ? pictureQuoteBoxes : undefined);
          return (
            <section key={page.pageNumber} data-page-number={page.pageNumber} aria-labelledby={headingId} className="border-b p-6 last:border-b-0">
              <h2 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                Page {page.pageNumber}
              </h2>
              {page.isUnreadable && (
                <p className="mb-3 flex gap-2 text-sm text-amber-800 dark:text-amber-300">
                  <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                  This page could not be read clearly; its text may be incomplete.
                </p>
              )}
              {original ? (
                <div className="grid items-start gap-6 @4xl:grid-cols-2">
                  {/* Side by side, the picture stays in view while its page's text is read. */}
                  <div className="@4xl:sticky @4xl:top-4">{original}</div>
                  <div>
                    <h3 className="mb-2 text-xs font-medium text-muted-foreground">Text read from this page</h3>
                    <PageText segments={segments} />
                  </div>
                </div>
              ) : (
                <PageText segments={segments} />
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
