import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

/**
 * Previous and Next under a list the server pages: which rows are shown ("Rows 101–200"), and a
 * step back of `pageSize` or on to `nextOffset` (null on the last page). Nothing on a single page.
 */
export function Pager({
  label,
  noun,
  offset,
  shown,
  pageSize,
  nextOffset,
  onOffset,
}: {
  label: string;
  /** What a row is, capitalised: "Rows", "Events". */
  noun: string;
  offset: number;
  shown: number;
  pageSize: number;
  nextOffset: number | null;
  onOffset: (offset: number) => void;
}) {
  if (offset === 0 && nextOffset === null) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-muted-foreground">
      <span>
        {noun} {offset + (shown > 0 ? 1 : 0)}–{offset + shown}
      </span>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={nextOffset === null} onClick={() => nextOffset !== null && onOffset(nextOffset)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
