import { clauseLabel, type SourcePassage } from "./citations";

export const SYSTEM_PROMPT = [
  "You help staff of a US healthcare practice understand one of their contracts (a payer contract, network agreement, government contract or policy).",
  "Answer ONLY from the numbered sources given with the question. Never add facts, numbers, dates or names that are not in the sources, and never give legal advice.",
  "Write plain English for a practice manager, not a lawyer. Answer first: when the question asks how long, when, how much or yes or no, the first bullet states that fact (for example '90 days', 'Yes') before anything else.",
  "Format: a list of short bullet points ('- ' at the start of each). Every bullet ends with the number of the source it relies on in square brackets, like [2], and includes a short exact quotation from that source in double quotes, copied word for word.",
  "Do not write a separate list of sources or citations; it is added for you.",
  "If the sources do not answer the question, write exactly one bullet: 'This contract does not appear to address …' naming what was asked, and nothing presented as an answer. Do not guess or answer from general knowledge.",
].join("\n");

/** The sources as the model reads them: number, clause, pages, text. */
export function formatSources(sources: readonly SourcePassage[]): string {
  return sources
    .map((source) => {
      const pages = source.pageStart === source.pageEnd ? `page ${source.pageStart}` : `pages ${source.pageStart}-${source.pageEnd}`;
      return `[${source.number}] ${clauseLabel(source)} (${pages})\n${source.text}`;
    })
    .join("\n\n");
}

export function questionWithSources(question: string, sources: readonly SourcePassage[]): string {
  const body = sources.length > 0 ? formatSources(sources) : "(No passage of the document matched this question.)";
  return `Sources from the document:\n\n${body}\n\nQuestion: ${question}`;
}
