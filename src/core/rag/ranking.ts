/** A chunk of the chosen document as retrieval sees it. */
export interface RankedChunk {
  id: string;
  ordinal: number;
  clauseNumber: string | null;
  clauseNumbers: string[];
  heading: string;
  headingPath: string[];
  pageStart: number;
  pageEnd: number;
  text: string;
  score: number;
}

export const RRF_K = 60;

/**
 * Reciprocal rank fusion: each list votes 1/(k + rank) for its items, so lexical and vector
 * results combine without comparing their incomparable scores.
 */
export function fuseRankings<Item extends { id: string }>(lists: readonly (readonly Item[])[], k = RRF_K): (Item & { score: number })[] {
  const fused = new Map<string, { item: Item; score: number; bestRank: number }>();
  for (const list of lists) {
    list.forEach((item, rank) => {
      const entry = fused.get(item.id) ?? { item, score: 0, bestRank: rank };
      entry.score += 1 / (k + rank + 1);
      entry.bestRank = Math.min(entry.bestRank, rank);
      fused.set(item.id, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || a.bestRank - b.bestRank).map(({ item, score }) => ({ ...item, score }));
}

export const NEIGHBOUR_SHARE = 0.5;

function sameClause(a: RankedChunk, b: RankedChunk): boolean {
  if (a.clauseNumber && a.clauseNumber === b.clauseNumber) return true;
  return a.headingPath.length > 0 && a.headingPath.join("\u0000") === b.headingPath.join("\u0000");
}

/**
 * Clause-aware neighbour expansion: a clause split across chunks keeps talking about the same
 * thing after the words that matched, so the chunk next to a strong hit in the same clause
 * inherits part of its score (it may not repeat the question's words at all).
 */
export function expandNeighbours(ranked: readonly RankedChunk[], neighbours: readonly RankedChunk[], seeds = 3): RankedChunk[] {
  const byId = new Map(ranked.map((chunk) => [chunk.id, { ...chunk }]));
  const byOrdinal = new Map([...neighbours, ...ranked].map((chunk) => [chunk.ordinal, chunk]));
  for (const seed of ranked.slice(0, seeds)) {
    for (const ordinal of [seed.ordinal - 1, seed.ordinal + 1]) {
      const neighbour = byOrdinal.get(ordinal);
      if (!neighbour || !sameClause(seed, neighbour)) continue;
      const inherited = seed.score * NEIGHBOUR_SHARE;
      const current = byId.get(neighbour.id);
      if (!current) byId.set(neighbour.id, { ...neighbour, score: inherited });
      else if (current.score < inherited) current.score = inherited;
    }
  }
  return [...byId.values()].sort((a, b) => b.score - a.score || a.ordinal - b.ordinal);
}

export const PASSAGE_LIMIT = 5;
export const PASSAGE_CHAR_BUDGET = 6000;

/** The top passages, at most `limit` and `budget` characters together, in rank order. */
export function selectPassages<Chunk extends Pick<RankedChunk, "text">>(ranked: readonly Chunk[], limit = PASSAGE_LIMIT, budget = PASSAGE_CHAR_BUDGET): Chunk[] {
  const selected: Chunk[] = [];
  let used = 0;
  for (const chunk of ranked) {
    if (selected.length >= limit) break;
    if (used + chunk.text.length > budget) continue;
    selected.push(chunk);
    used += chunk.text.length;
  }
  return selected;
}
