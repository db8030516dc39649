import { analyzeQuery, type AnalyzedQuery } from "../../../core/rag/query-analysis";
import { expandNeighbours, selectPassages, type RankedChunk } from "../../../core/rag/ranking";
import type { RetrievalRepo } from "./retrieval.repo";

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
      const ranked = scored.flatMap((row) => {
        const chunk = byId.get(row.id);
        return chunk ? [{ ...chunk, score: row.score }] : [];
      });
      const seedOrdinals = ranked.slice(0, 3).flatMap((chunk) => [chunk.ordinal - 1, chunk.ordinal + 1]);
      const neighbours = (await repo.listChunksByOrdinal(documentId, seedOrdinals)).map((chunk) => ({ ...chunk, score: 0 }));
      return { query, passages: selectPassages(expandNeighbours(ranked, neighbours)) };
    },
  };
}

export type Retrieval = ReturnType<typeof createRetrieval>;
