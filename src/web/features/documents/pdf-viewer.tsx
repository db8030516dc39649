import { Loader2, Maximize2, ZoomIn, ZoomOut } from "lucide-react";
import * as pdfjs from "pdfjs-dist";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from "react";
import type { DocumentPageText } from "../../../shared/contracts/documents";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { SMALL_SCREEN_QUERY, useMediaQuery } from "../../lib/use-media-query";
import type { PageJump } from "./document-format";
import { findQuote } from "../../../core/documents/quote-match";
import { locateQuoteOnPicture, type QuoteBox } from "./quote-boxes";
import { QuoteHighlight } from "./quote-highlight";
import "./pdf-text-layer.css";

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const MIN_SCALE = 0.25;
const MAX_SCALE = 4;
const ZOOM_STEP = 1.25;
const PAGE_GAP_PX = 16;
/** Pages this far (in viewport heights) above or below the visible area are rendered ahead. */
const RENDER_AHEAD = "150% 0px";

export interface PdfViewerProps {
  url: string;
  jump: PageJump;
  quote?: { text: string; page: number };
  onQuoteResult?: (found: boolean) => void;
  onLoadError?: (error: unknown) => void;
  /** A page's stored text with its OCR word boxes: where a quote is on a scanned page, which has no text layer. */
  loadPage?: (pageNumber: number) => Promise<DocumentPageText>;
}

interface PageSize {
  width: number;
  height: number;
}

const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));

/** Wraps the matched part of each text-layer span in <mark class="cw-quote">. */
function markRanges(textDivs: HTMLElement[], ranges: { item: number; start: number; end: number }[]): HTMLElement[] {
  const marks: HTMLElement[] = [];
  for (const { item, start, end } of ranges) {
    const span = textDivs[item];
    const text = span?.textContent ?? "";
    if (!span || !text) continue;
    const mark = document.createElement("mark");
    mark.className = "cw-quote";
    mark.textContent = text.slice(start, end);
    span.replaceChildren(text.slice(0, start), mark, text.slice(end));
    marks.push(mark);
  }
  return marks;
}

function PdfPage({
  pdf,
  pageNumber,
  scale,
  estimatedSize,
  root,
  quote,
  locateOnPicture,
  onSize,
  onRendered,
}: {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  estimatedSize: PageSize;
  root: HTMLElement | null;
  quote: string | undefined;
  locateOnPicture: (pageNumber: number, quote: string) => Promise<QuoteBox[]>;
  onSize: (pageNumber: number, size: PageSize) => void;
  onRendered: (pageNumber: number, marks: HTMLElement[] | undefined) => void;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const highlight = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  const [isRendered, setRendered] = useState(false);
  const [pictureQuote, setPictureQuote] = useState<{ quote: string; boxes: QuoteBox[] }>();
  const pictureBoxes = pictureQuote && pictureQuote.quote === quote ? pictureQuote.boxes : undefined;

  useEffect(() => {
    const element = wrapper.current;
    if (!element || !root) return undefined;
    const observer = new IntersectionObserver(([entry]) => setNear(Boolean(entry?.isIntersecting)), { root, rootMargin: RENDER_AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    const canvasElement = canvas.current;
    const layer = textLayer.current;
    if (!isNear || !canvasElement || !layer) return undefined;
    let isCancelled = false;
    let page: PDFPageProxy | undefined;
    let renderTask: ReturnType<PDFPageProxy["render"]> | undefined;
    let text: pdfjs.TextLayer | undefined;
    void (async () => {
      try {
        page = await pdf.getPage(pageNumber);
        if (isCancelled) return;
        const natural = page.getViewport({ scale: 1 });
        onSize(pageNumber, { width: natural.width, height: natural.height });
        const viewport = page.getViewport({ scale });
        const ratio = window.devicePixelRatio || 1;
        canvasElement.width = Math.floor(viewport.width * ratio);
        canvasElement.height = Math.floor(viewport.height * ratio);
        renderTask = page.render({
          canvas: canvasElement,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        await renderTask.promise;
        if (isCancelled) return;
        layer.replaceChildren();
        text = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
        await text.render();
        if (isCancelled) return;
        setRendered(true);
        if (!quote) return onRendered(pageNumber, undefined);
        const ranges = findQuote(text.textContentItemsStr, quote);
        if (ranges) return onRendered(pageNumber, markRanges(text.textDivs, ranges));
        // A scan has no text layer: the quote is looked for in the text OCR read, and marked over the picture.
        const boxes = await locateOnPicture(pageNumber, quote).catch((): QuoteBox[] => []);
        if (isCancelled) return;
        if (boxes.length > 0) setPictureQuote((current) => (current?.quote === quote ? current : { quote, boxes }));
        else onRendered(pageNumber, []);
      } catch (error) {
        const isAbort = error instanceof pdfjs.AbortException || error instanceof pdfjs.RenderingCancelledException;
        if (!isCancelled && !isAbort) {
          // A page that fails to draw stays a blank sheet; the rest of the document still works.
          setRendered(true);
          onRendered(pageNumber, quote ? [] : undefined);
        }
      }
    })();
    return () => {
      isCancelled = true;
      renderTask?.cancel();
      text?.cancel();
      layer.replaceChildren();
      setRendered(false);
      canvasElement.width = 0;
      canvasElement.height = 0;
      page?.cleanup();
    };
  }, [isNear, pdf, pageNumber, scale, quote, locateOnPicture, onSize, onRendered]);

  // Reported once the marks over the picture are drawn, so the viewer can scroll to them.
  useEffect(() => {
    if (!pictureBoxes || !isRendered) return;
    const first = highlight.current?.firstElementChild;
    onRendered(pageNumber, first instanceof HTMLElement ? [first] : []);
  }, [pictureBoxes, isRendered, pageNumber, onRendered]);

  const width = Math.floor(estimatedSize.width * scale);
  const height = Math.floor(estimatedSize.height * scale);
  const style = { width, height, "--total-scale-factor": scale } as CSSProperties;
  return (
    <div
      ref={wrapper}
      data-page-number={pageNumber}
      role="region"
      aria-label={`Page ${pageNumber}`}
      className="cw-pdf-page relative mx-auto shrink-0 bg-white shadow-md ring-1 ring-black/5"
      style={style}
    >
      <canvas ref={canvas} aria-hidden className="absolute inset-0 block" style={{ width, height }} />
      <div ref={textLayer} className="textLayer" />
      {pictureBoxes && <QuoteHighlight ref={highlight} boxes={pictureBoxes} quote={quote} />}
      {!isRendered && (
        <div className="absolute inset-0 flex items-center justify-center">
          <Loader2 aria-hidden className="size-6 animate-spin text-neutral-400 motion-reduce:animate-none" />
        </div>
      )}
    </div>
  );
}

/**
 * The original PDF, page by page (canvas plus a selectable text layer), drawing only the pages
 * near the viewport. Scrolls to `jump`; marks `quote` on its page: in the text layer, or over the
 * picture of a scanned page from the boxes OCR kept for its words.
 */
export function PdfViewer({ url, jump, quote, onQuoteResult, onLoadError, loadPage }: PdfViewerProps) {
  const [pdf, setPdf] = useState<PDFDocumentProxy>();
  const [scale, setScale] = useState<number>();
  const [sizes, setSizes] = useState<Record<number, PageSize>>({});
  const [currentPage, setCurrentPage] = useState(1);
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const rootRef = useRef<HTMLDivElement | null>(null);
  const attachRoot = useCallback((element: HTMLDivElement | null) => {
    rootRef.current = element;
    setRoot(element);
  }, []);
  const fitScale = useRef(1);
  // A phone's page fills the screen's width: no margin beside it, only between pages.
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  const sidePaddingPx = isSmallScreen ? 0 : PAGE_GAP_PX;
  const sidePadding = useRef(sidePaddingPx);
  useLayoutEffect(() => {
    sidePadding.current = sidePaddingPx;
  });
  /** The page we were asked to show, until the reader scrolls on their own. */
  const pendingJump = useRef<number | undefined>(undefined);
  const hasShownQuote = useRef(false);
  const onLoadErrorRef = useRef(onLoadError);
  const onQuoteResultRef = useRef(onQuoteResult);
  const loadPageRef = useRef(loadPage);
  useLayoutEffect(() => {
    onLoadErrorRef.current = onLoadError;
    onQuoteResultRef.current = onQuoteResult;
    loadPageRef.current = loadPage;
  });
  const locateOnPicture = useCallback(async (pageNumber: number, text: string): Promise<QuoteBox[]> => {
    const page = await loadPageRef.current?.(pageNumber);
    return page ? locateQuoteOnPicture(page, text) : [];
  }, []);

  useEffect(() => {
    const task = pdfjs.getDocument({ url, isEvalSupported: false });
    let isCancelled = false;
    task.promise.then(
      async (loaded) => {
        const first = await loaded.getPage(1);
        const natural = first.getViewport({ scale: 1 });
        if (isCancelled) return;
        // Fit the width once, when the document opens; zooming is the reader's from then on.
        const available = (rootRef.current?.clientWidth ?? 800) - sidePadding.current * 2;
        fitScale.current = clampScale(Math.min(1.5, available / natural.width));
        setSizes({ 1: { width: natural.width, height: natural.height } });
        setScale(fitScale.current);
        setPdf(loaded);
      },
      (error: unknown) => {
        if (!isCancelled) onLoadErrorRef.current?.(error);
      },
    );
    return () => {
      isCancelled = true;
      setPdf(undefined);
      void task.destroy();
    };
  }, [url]);

  const scrollToPage = useCallback(
    (pageNumber: number) => {
      const target = root?.querySelector<HTMLElement>(`[data-page-number="${pageNumber}"]`);
      if (!root || !target) return;
      const top = root.scrollTop + target.getBoundingClientRect().top - root.getBoundingClientRect().top - PAGE_GAP_PX;
      root.scrollTo({ top, behavior: "instant" });
    },
    [root],
  );

  /**
   * Brings the quote to the middle of the viewer by scrolling the viewer alone: scrollIntoView
   * would scroll the page too, opening a citation with the top bar pushed off screen.
   */
  const centerInView = useCallback(
    (element: HTMLElement) => {
      if (!root) return;
      const box = root.getBoundingClientRect();
      const target = element.getBoundingClientRect();
      root.scrollTo({
        top: root.scrollTop + target.top - box.top - (root.clientHeight - target.height) / 2,
        left: root.scrollLeft + target.left - box.left - (root.clientWidth - target.width) / 2,
        behavior: "instant",
      });
    },
    [root],
  );

  const isReady = pdf !== undefined && scale !== undefined;
  useEffect(() => {
    if (!isReady) return;
    const page = Math.min(Math.max(1, jump.page), pdf.numPages);
    pendingJump.current = page;
    scrollToPage(page);
  }, [jump, isReady, pdf, scrollToPage]);

  // Reading on your own ends the pending jump (later re-layouts no longer pull the view back).
  useEffect(() => {
    if (!root) return undefined;
    const release = () => (pendingJump.current = undefined);
    root.addEventListener("wheel", release, { passive: true });
    root.addEventListener("touchmove", release, { passive: true });
    root.addEventListener("keydown", release);
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const box = root.getBoundingClientRect();
        const probe = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(120, box.height / 3));
        const page = probe?.closest<HTMLElement>("[data-page-number]")?.dataset.pageNumber;
        if (page) setCurrentPage(Number(page));
      });
    };
    root.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      root.removeEventListener("wheel", release);
      root.removeEventListener("touchmove", release);
      root.removeEventListener("keydown", release);
      root.removeEventListener("scroll", onScroll);
    };
  }, [root]);

  const onSize = useCallback((pageNumber: number, size: PageSize) => {
    setSizes((current) => {
      const known = current[pageNumber];
      return known && known.width === size.width && known.height === size.height ? current : { ...current, [pageNumber]: size };
    });
  }, []);

  const onRendered = useCallback(
    (pageNumber: number, marks: HTMLElement[] | undefined) => {
      if (pendingJump.current === pageNumber) scrollToPage(pageNumber);
      if (marks === undefined) return;
      if (!hasShownQuote.current) {
        hasShownQuote.current = true;
        onQuoteResultRef.current?.(marks.length > 0);
        if (marks[0] && pendingJump.current === pageNumber) centerInView(marks[0]);
      }
    },
    [scrollToPage, centerInView],
  );

  useEffect(() => {
    hasShownQuote.current = false;
  }, [quote?.text, quote?.page]);

  const zoom = (next: number) => setScale(clampScale(next));
  const fallbackSize = sizes[1] ?? { width: 612, height: 792 };

  return (
    <div className="flex h-full min-h-0 flex-col overflow-hidden rounded-lg border bg-muted/40 max-md:rounded-none max-md:border-x-0">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-background px-3 py-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pdf ? `Page ${currentPage} of ${pdf.numPages}` : "Loading PDF..."}
        </p>
        <div className="flex items-center gap-1" role="group" aria-label="Zoom">
          <Button variant="ghost" size="icon" aria-label="Zoom out" disabled={!scale || scale <= MIN_SCALE} onClick={() => zoom((scale ?? 1) / ZOOM_STEP)}>
            <ZoomOut aria-hidden />
          </Button>
          <span className="w-14 text-center text-sm tabular-nums" aria-label="Zoom level">
            {scale ? `${Math.round(scale * 100)}%` : "–"}
          </span>
          <Button variant="ghost" size="icon" aria-label="Zoom in" disabled={!scale || scale >= MAX_SCALE} onClick={() => zoom((scale ?? 1) * ZOOM_STEP)}>
            <ZoomIn aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label="Fit to width" disabled={!scale} onClick={() => zoom(fitScale.current)}>
            <Maximize2 aria-hidden />
          </Button>
        </div>
      </div>
      <div ref={attachRoot} tabIndex={0} aria-label="Document pages" className="min-h-0 flex-1 overflow-auto focus-visible:outline-offset-[-2px]">
        {isReady ? (
          <div className="flex w-max min-w-full flex-col items-center" style={{ gap: PAGE_GAP_PX, padding: `${PAGE_GAP_PX}px ${sidePaddingPx}px` }}>
            {Array.from({ length: pdf.numPages }, (_, index) => index + 1).map((pageNumber) => (
              <PdfPage
                key={pageNumber}
                pdf={pdf}
                pageNumber={pageNumber}
                scale={scale}
                estimatedSize={sizes[pageNumber] ?? fallbackSize}
                root={root}
                quote={quote && quote.page === pageNumber ? quote.text : undefined}
                locateOnPicture={locateOnPicture}
                onSize={onSize}
                onRendered={onRendered}
              />
            ))}
          </div>
        ) : (
          <div className="mx-auto flex max-w-2xl flex-col gap-4 p-4" role="status" aria-label="Loading PDF">
            <Skeleton className="aspect-[8.5/11] w-full" />
          </div>
        )}
      </div>
    </div>
  );
}
