import type { OutlineEntry } from "../../../shared/contracts/documents";

/** A citation the chat shows beside its answer: where it points and the words of its link ("2.1 Timely Filing, page 2"). */
export interface CitationSource {
  documentId: string;
  page: number;
  quote: string;
  label: string;
}

/** An outline entry's heading may carry its number already ("2.1 Timely Filing") or not ("Timely Filing" of clause 2.1). */
const isNamed = (entry: OutlineEntry, clause: string) =>
  entry.heading.trim() === clause || [entry.clauseNumber, entry.heading].filter(Boolean).join(" ").trim() === clause;

/**
 * The headings above the cited clause, top first: the outline entry its link names that starts on
 * or before the cited page (the nearest such), else any entry of that name; undefined when the
 * outline has none (an untitled passage).
 */
export function findClausePath(outline: readonly OutlineEntry[], source: Pick<CitationSource, "page" | "label">): string[] | undefined {
  const clause = source.label.replace(/, page \d+$/, "").trim();
  const named = outline.filter((entry) => isNamed(entry, clause));
  const entry = named.findLast((candidate) => candidate.page <= source.page) ?? named[0];
  return entry && (entry.path.length > 0 ? entry.path : [entry.heading]);
}
