import { ExternalLink, ImageOff } from "lucide-react";
import { useState } from "react";
import type { DocumentSummary } from "../../../shared/contracts/documents";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/utils";
import { documentPageImageUrl } from "./documents-api";
import type { QuoteBox } from "./quote-boxes";
import { QuoteHighlight } from "./quote-highlight";

/** Scans and photos: the server draws each of their pages as an image (TIFF included). */
export function hasPageImages(document: Pick<DocumentSummary, "mimeType">): boolean {
  return document.mimeType.startsWith("image/");
}

/**
 * The picture of one page of an image document. Until it arrives it holds the space of a Letter
 * page, so the pages below move little when it does; if it cannot be loaded it says so and offers
 * another try, while the page's text stays beside it. `quoteBoxes` mark a cited passage over it.
 */
export function PageImage({
  documentId,
  pageNumber,
  filename,
  quoteBoxes,
}: {
  documentId: string;
  pageNumber: number;
  filename: string;
  quoteBoxes?: readonly QuoteBox[];
}) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  const [attempt, setAttempt] = useState(0);
  const src = documentPageImageUrl(documentId, pageNumber);

  if (state === "failed") {
    return (
      <div
        role="alert"
        className="flex w-full max-w-3xl flex-col items-center justify-center gap-2 rounded-md border border-dashed bg-muted/40 px-6 py-10 text-center text-sm"
      >
        <ImageOff aria-hidden className="mb-1 size-8 text-muted-foreground" />
        <p className="font-medium">The image of page {pageNumber} could not be loaded.</p>
        <p className="text-muted-foreground">The text read from it is still shown.</p>
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          onClick={() => {
            setAttempt((current) => current + 1);
            setState("loading");
          }}
        >
          Try again
        </Button>
      </div>
    );
  }

  const isLoaded = state === "loaded";
  return (
    <figure className="m-0 w-full max-w-3xl">
      <div className={cn("relative overflow-hidden rounded-md border bg-white shadow-sm", !isLoaded && "aspect-[8.5/11]")}>
        <img
          key={attempt}
          src={src}
          alt={`Page ${pageNumber} of ${filename}`}
          loading="lazy"
          decoding="async"
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
          className={isLoaded ? "block h-auto w-full" : "absolute inset-0 h-full w-full object-contain opacity-0"}
        />
        {isLoaded && quoteBoxes && quoteBoxes.length > 0 && <QuoteHighlight boxes={quoteBoxes} />}
        {!isLoaded && (
          <div role="status" aria-label={`Loading the image of page ${pageNumber}`} className="absolute inset-0">
            <Skeleton className="h-full w-full rounded-none" />
          </div>
        )}
      </div>
      {isLoaded && (
        <figcaption className="mt-1.5 text-xs">
          <a href={src} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground hover:underline">
            <ExternalLink aria-hidden className="size-3.5" />
            Open page {pageNumber} full size
          </a>
        </figcaption>
      )}
    </figure>
  );
}
