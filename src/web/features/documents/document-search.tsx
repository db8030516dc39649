import { useQuery } from "@tanstack/react-query";
import { Search, X } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { documentSearchQuerySchema, SEARCH_QUERY_MAX_CHARS, type SearchPassage } from "../../../shared/contracts/chat";
import { check } from "../../../shared/contracts/check";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Skeleton } from "../../components/ui/skeleton";
import { LoadProblem } from "../../components/ui/load-problem";
import { refusalReason } from "../../lib/api-client";
import { documentsApi } from "./documents-api";
import { documentKeys } from "./use-documents";

const SNIPPET_CHARS = 220;
const SNIPPET_LEAD_CHARS = 60;

/** About SNIPPET_CHARS of the passage, starting a little before the first word of the search it contains. */
export function passageSnippet(text: string, query: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const lower = flat.toLowerCase();
  const hits = query
    .toLowerCase()
    .split(/\W+/)
    .filter((word) => word.length >= 3)
    .map((word) => lower.indexOf(word))
    .filter((index) => index >= 0);
  const first = hits.length > 0 ? Math.min(...hits) : 0;
  const start = Math.max(0, first - SNIPPET_LEAD_CHARS);
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}

function passageTitle(passage: SearchPassage): string {
  const { clauseNumber, heading } = passage;
  if (!clauseNumber || heading.startsWith(clauseNumber)) return heading || clauseNumber || "Passage";
  return `${clauseNumber} ${heading}`;
}

function pagesLabel({ pageStart, pageEnd }: SearchPassage): string {
  return pageEnd > pageStart ? `Pages ${pageStart}–${pageEnd}` : `Page ${pageStart}`;
}

function SearchResults({ documentId, query, onJump }: { documentId: string; query: string; onJump: (page: number) => void }) {
  const results = useQuery({
    queryKey: [...documentKeys.detail(documentId), "search", query],
    queryFn: () => documentsApi.search(documentId, query),
    staleTime: Infinity,
  });
  if (results.isPending) {
    return (
      <div role="status" aria-label="Searching" className="space-y-3 p-2">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-14" />
        ))}
      </div>
    );
  }
  if (results.isError) {
    return <LoadProblem message={refusalReason(results.error) ?? "The search failed."} error={results.error} onRetry={() => void results.refetch()} />;
  }
  if (results.data.length === 0) return <p className="p-2 text-sm text-muted-foreground">No passages match “{query}”.</p>;
  return (
    <ol aria-label={`Passages matching ${query}`} className="space-y-1">
      {results.data.map((passage) => (
        <li key={passage.chunkId}>
          <button
            type="button"
            onClick={() => onJump(passage.pageStart)}
            className="flex w-full flex-col gap-0.5 rounded-md px-2 py-2 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex items-baseline gap-2">
              <span className="min-w-0 flex-1 font-medium">{passageTitle(passage)}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{pagesLabel(passage)}</span>
            </span>
            <span className="text-xs text-muted-foreground">{passageSnippet(passage.text, query)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * 'Search this document': the chat's own retrieval over this document, ranked passages whose
 * clicks jump to their page. `children` (the outline) shows while no search is active.
 */
export function DocumentSearch({ documentId, onJump, children }: { documentId: string; onJump: (page: number) => void; children: ReactNode }) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const checked = check(documentSearchQuerySchema, { q: draft });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(checked.ok ? checked.value.q : "");
  };
  const clear = () => {
    setDraft("");
    setQuery("");
  };
  return (
    <>
      <form role="search" onSubmit={submit} className="flex gap-1 border-b p-2">
        <label htmlFor={id} className="sr-only">
          Search this document
        </label>
        <Input
          id={id}
          type="search"
          value={draft}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          placeholder="Search this document"
          onChange={(event) => {
            setDraft(event.target.value);
            if (!event.target.value.trim()) setQuery("");
          }}
          className="h-9 max-md:h-10"
        />
        <Button type="submit" variant="outline" size="icon" aria-label="Search" disabled={!checked.ok}>
          <Search aria-hidden />
        </Button>
      </form>
      {query ? (
        <div className="min-h-0 flex-1 overflow-auto p-2">
          <div className="flex items-center justify-between gap-2 px-2 pb-1">
            <h2 className="text-sm font-semibold">Search results</h2>
            <Button variant="ghost" size="sm" onClick={clear}>
              <X aria-hidden />
              Clear search
            </Button>
          </div>
          <SearchResults documentId={documentId} query={query} onJump={onJump} />
        </div>
      ) : (
        children
      )}
    </>
  );
}
