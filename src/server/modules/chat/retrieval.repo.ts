import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import type { RankedChunk } from "../../../core/rag/ranking";
import type { QueryTerm } from "../../../core/rag/query-analysis";
import { queryRows, type Database } from "../../db/client";
import { documentChunks, documentPages, documents } from "../../db/schema/index";

export const CANDIDATE_LIMIT = 40;

const chunkColumns = {
  id: documentChunks.id,
  ordinal: documentChunks.ordinal,
  clauseNumber: documentChunks.clauseNumber,
  clauseNumbers: documentChunks.clauseNumbers,
  heading: documentChunks.heading,
  headingPath: documentChunks.headingPath,
  pageStart: documentChunks.pageStart,
  pageEnd: documentChunks.pageEnd,
  text: documentChunks.text,
};

interface ScoredRow {
  id: string;
  score: number;
}

/** Always scoped to one document: retrieval never reads another document's chunks. */
export function createRetrievalRepo(db: Database) {
  return {
    /**
     * BM25-like full-text ranking in PostgreSQL: each term's ts_rank (headings weigh more than
     * body text, repeats saturate) times its weight and its rarity in this document (IDF).
     */
    async rankLexically(documentId: string, terms: readonly QueryTerm[], limit = CANDIDATE_LIMIT): Promise<ScoredRow[]> {
      if (terms.length === 0) return [];
      const termsJson = JSON.stringify(terms.map((term) => ({ term: term.text, weight: term.weight })));
      return queryRows<ScoredRow>(
        db,
        sql`
          with terms as materialized (
            select t.term, t.weight, phraseto_tsquery('english', t.term) as query
            from jsonb_to_recordset(${termsJson}::jsonb) as t(term text, weight float8)
          ), usable as (
            select * from terms where numnode(query) > 0
          ), matches as (
            select u.term, u.weight, c.id, ts_rank('{0.1, 0.2, 0.4, 0.6}', c.search, u.query, 1) as rank
            from usable u
            cross join lateral (select id, search from document_chunks where search @@ u.query and document_id = ${documentId}) c
          ), frequency as (
            select term, count(*)::float8 as matching from matches group by term
          ), total as (
            select count(*)::float8 as chunks from document_chunks where document_id = ${documentId}
          )
          select m.id, sum(m.weight * ln(1 + (total.chunks - f.matching + 0.5) / (f.matching + 0.5)) * m.rank)::float8 as score
          from matches m join frequency f on f.term = m.term cross join total
          group by m.id
          order by score desc
          limit ${limit}
        `,
      );
    },

    /** The chunks nearest a question's vector (cosine), best first. */
    rankByVector(documentId: string, vector: readonly number[], limit = CANDIDATE_LIMIT): Promise<ScoredRow[]> {
      const literal = `[${vector.join(",")}]`;
      return queryRows<ScoredRow>(
        db,
        sql`
          select id, (1 - (embedding <=> ${literal}::vector))::float8 as score
          from document_chunks
          where document_id = ${documentId} and embedding is not null
          order by embedding <=> ${literal}::vector
          limit ${limit}
        `,
      );
    },

    /** Which embeddings model made the document's vectors; null when it has none. */
    async embeddingModelOf(documentId: string): Promise<string | null> {
      const [row] = await db.select({ embeddingModel: documents.embeddingModel }).from(documents).where(eq(documents.id, documentId));
      return row?.embeddingModel ?? null;
    },

    listChunks(documentId: string, ids: readonly string[]): Promise<Omit<RankedChunk, "score">[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(chunkColumns)
        .from(documentChunks)
        .where(and(eq(documentChunks.documentId, documentId), inArray(documentChunks.id, [...ids])));
    },

    listChunksByOrdinal(documentId: string, ordinals: readonly number[]): Promise<Omit<RankedChunk, "score">[]> {
      if (ordinals.length === 0) return Promise.resolve([]);
      return db
        .select(chunkColumns)
        .from(documentChunks)
        .where(and(eq(documentChunks.documentId, documentId), inArray(documentChunks.ordinal, [...ordinals])));
    },

    async listPageTexts(documentId: string, firstPage: number, lastPage: number): Promise<Map<number, string>> {
      const rows = await db
        .select({ pageNumber: documentPages.pageNumber, text: documentPages.text })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, documentId), between(documentPages.pageNumber, firstPage, lastPage)))
        .orderBy(asc(documentPages.pageNumber));
      return new Map(rows.map((row) => [row.pageNumber, row.text]));
    },

    /** The document's top-level headings in order: what to suggest when a question finds nothing. */
    async listTopics(documentId: string, limit = 8): Promise<string[]> {
      const rows = await queryRows<{ heading: string }>(
        db,
        sql`
          select heading from (
            select distinct on (lower(heading_path[1])) heading_path[1] as heading, ordinal
            from document_chunks
            where document_id = ${documentId} and cardinality(heading_path) > 0 and length(heading_path[1]) between 3 and 80
            order by lower(heading_path[1]), ordinal
          ) first_use
          order by ordinal
          limit ${limit}
        `,
      );
      return rows.map((row) => row.heading);
    },
  };
}

export type RetrievalRepo = ReturnType<typeof createRetrievalRepo>;
