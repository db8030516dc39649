import { useQuery } from "@tanstack/react-query";
import { LoadProblem } from "../../components/ui/load-problem";
import { Skeleton } from "../../components/ui/skeleton";
import { documentsApi } from "./documents-api";
import { documentKeys } from "./use-documents";

const INDENT_REM = 0.85;
const MAX_INDENT_LEVELS = 5;

/** The clause outline; each entry jumps to the page its clause starts on. */
export function DocumentOutline({ documentId, onJump, labelId }: { documentId: string; onJump: (page: number) => void; labelId: string }) {
  const outline = useQuery({ queryKey: documentKeys.outline(documentId), queryFn: () => documentsApi.outline(documentId), staleTime: Infinity });

  if (outline.isPending) {
    return (
      <div role="status" aria-label="Loading outline" className="space-y-2 p-1">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-4" style={{ width: `${90 - (index % 3) * 15}%` }} />
        ))}
      </div>
    );
  }
  if (outline.isError) {
    return <LoadProblem message="The outline could not be loaded." error={outline.error} onRetry={() => void outline.refetch()} />;
  }
  if (outline.data.length === 0) return <p className="p-1 text-sm text-muted-foreground">No clauses were found in this document.</p>;

  return (
    <nav aria-labelledby={labelId}>
      <ol className="space-y-0.5">
        {outline.data.map((entry, index) => {
          const level = Math.min(entry.path.length, MAX_INDENT_LEVELS) - 1;
          return (
            <li key={`${entry.path.join("\u0000")}-${index}`}>
              <button
                type="button"
                onClick={() => onJump(entry.page)}
                className="flex w-full items-baseline gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring max-md:py-2.5"
                style={{ paddingLeft: `${0.5 + level * INDENT_REM}rem` }}
                aria-label={`${entry.heading}, page ${entry.page}`}
              >
                <span className={level === 0 ? "min-w-0 flex-1 font-medium" : "min-w-0 flex-1 text-muted-foreground"}>{entry.heading}</span>
                <span aria-hidden className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  p. {entry.page}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
