import { analyzeQuery, type AnalyzedQuery } from "../../../core/rag/query-analysis";
import { expandNeighbours, joinNeighbours, preferDated, preferOpening, selectPassages, withHeading, type RankedChunk } from "../../../core/rag/ranking";
import type { RetrievalRepo } from "./retrieval.repo";

/** The first chunks of a document: its title, parties and date. */
const OPENING_ORDINALS = [0, 1];
/** How many of the best candidates get the chunks beside them read, to join or to score. */
const NEIGHBOUR_SEEDS = 10;

export interface RetrievalResult {
  query: AnalyzedQuery;
  passages: RankedChunk[];
}

/**
 * Question → the chosen document's best passages: query analysis, full-text ranking, then
 * clause-aware neighbour expansion within the passage budget. The chat and the search endpoint
 * both use exactly this.
 */
export function createRetrieval(repo: RetrievalRepo) {
  return {
    async search(documentId: string, question: string, previousQuestions: readonly string[] = []): Promise<RetrievalResult> {
      const query = analyzeQuery(question, previousQuestions);
      const scored = await repo.rankLexically(documentId, query.terms);
      const rows = await repo.listChunks(documentId, scored.map((row) => row.id));
      const byId = new Map(rows.map((row) => [row.id, row]));
      const found = scored.flatMap((row) => {
        const chunk = byId.get(row.id);
        return chunk ? [{ ...chunk, score: row.score }] : [];
      });
      const ranked = query.asksForDate ? preferDated(found) : found;
      const seedOrdinals = ranked.slice(0, NEIGHBOUR_SEEDS).flatMap((chunk) => [chunk.ordinal - 1, chunk.ordinal + 1]);
      const nearby = await repo.listChunksByOrdinal(documentId, [...seedOrdinals, ...(query.isAboutOpening ? OPENING_ORDINALS : [])]);
      const neighbours = nearby.map((chunk) => ({ ...chunk, score: 0 }));
      const expanded = expandNeighbours(ranked, neighbours);
      const ordered = query.isAboutOpening ? preferOpening(expanded, neighbours) : expanded;
      const byOrdinal = new Map([...neighbours, ...ranked].map((chunk) => [chunk.ordinal, chunk]));
      return { query, passages: selectPassages(joinNeighbours(ordered.map(withHeading), byOrdinal)) };
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
