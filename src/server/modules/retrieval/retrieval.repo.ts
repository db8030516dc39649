import { and, asc, between, eq, inArray, ne, sql } from "drizzle-orm";
import type { LexicalRow, RankedChunk } from "../../../core/rag/ranking";
import type { QueryTerm } from "../../../core/rag/query-analysis";
import type { QuestionTopic, TopicSlot } from "../../../core/rag/question-topic";
import type { TopicCounts } from "../../../core/rag/relevance";
import { isStopword } from "../../../core/rag/text";
import { queryRows, type Database } from "../../db/client";
import { documentChunks, documentPages, documents } from "../../db/schema/index";
import type { OwnedDocumentId } from "../documents/documents.repo";

export const CANDIDATE_LIMIT = 40;

/** A passage as retrieval and the fact sheet's reader read it. */
export const passageColumns = {
  id: documentChunks.id,
  ordinal: documentChunks.ordinal,
  clauseNumber: documentChunks.clauseNumber,
  clauseNumbers: documentChunks.clauseNumbers,
  heading: documentChunks.heading,
  headingPath: documentChunks.headingPath,
  pageStart: documentChunks.pageStart,
  pageEnd: documentChunks.pageEnd,
  text: documentChunks.text,
  clauses: documentChunks.clauses,
  kind: documentChunks.kind,
};

/**
 * Whether a chunk has one of a slot's phrases, as a condition: any option; all of an option's
 * words; any of a word's phrases. PostgreSQL drops stop words from a phrase ("for any reason"
 * becomes 'reason', "other than" nothing), so a phrase with such words must also read as written.
 */
function slotCondition(slot: TopicSlot) {
  const phrase = (text: string) => {
    const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    const asWritten = `\\m${words.join("[^a-z0-9]+")}`;
    return words.some(isStopword)
      ? sql`(search @@ phraseto_tsquery('english', ${text}) and text ~* ${asWritten})`
      : sql`search @@ phraseto_tsquery('english', ${text})`;
  };
  const options = slot.options.map(
    (option) =>
      sql`(${sql.join(
        option.words.map(
          (word) =>
            sql`(${sql.join(
              word.map((candidate) => phrase(candidate.text)),
              sql` or `,
            )})`,
        ),
        sql` and `,
      )})`,
  );
  return sql.join(options, sql` or `);
}

interface ScoredRow {
  id: string;
  score: number;
}

/** Always scoped to one document: retrieval never reads another document's chunks. */
export function createRetrievalRepo(db: Database) {
  return {
    /**
     * BM25-like full-text ranking in PostgreSQL: each term's ts_rank (headings weigh more than
     * body text, repeats saturate) times its weight and its rarity in this document (IDF). What
     * each term with a word form added is returned apart, to be taken back where the text lacks
     * that form (see respectWordForms). `frequency` and `total` are materialized: inlined, the
     * planner ran them again for every matching chunk (a count of the document's chunks each time).
     */
    async rankLexically(documentId: OwnedDocumentId, terms: readonly QueryTerm[], limit = CANDIDATE_LIMIT): Promise<LexicalRow[]> {
      if (terms.length === 0) return [];
      const termsJson = JSON.stringify(terms.map((term) => ({ term: term.text, weight: term.weight, form: term.wordForm !== undefined })));
      return queryRows<LexicalRow>(
        db,
        sql`
          with terms as materialized (
            select t.term, t.weight, t.form, phraseto_tsquery('english', t.term) as query
            from jsonb_to_recordset(${termsJson}::jsonb) as t(term text, weight float8, form boolean)
          ), usable as (
            select * from terms where numnode(query) > 0
          ), matches as (
            select u.term, u.weight, u.form, c.id, ts_rank('{0.1, 0.2, 0.4, 0.6}', c.search, u.query, 1) as rank
            from usable u
            cross join lateral (select id, search from document_chunks where search @@ u.query and document_id = ${documentId}) c
          ), frequency as materialized (
            select term, count(*)::float8 as matching from matches group by term
          ), total as materialized (
            select count(*)::float8 as chunks from document_chunks where document_id = ${documentId}
          )
          select m.id, sum(m.weight * ln(1 + (total.chunks - f.matching + 0.5) / (f.matching + 0.5)) * m.rank)::float8 as score,
            jsonb_object_agg(m.term, m.weight * ln(1 + (total.chunks - f.matching + 0.5) / (f.matching + 0.5)) * m.rank) filter (where m.form) as "formScores"
          from matches m join frequency f on f.term = m.term cross join total
          group by m.id
          order by score desc
          limit ${limit}
        `,
      );
    },

    /** The chunks nearest a question's vector (cosine), best first. */
    rankByVector(documentId: OwnedDocumentId, vector: readonly number[], limit = CANDIDATE_LIMIT): Promise<ScoredRow[]> {
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

    /** In how many of the document's chunks each slot of a question's topic occurs (PostgreSQL's stems; word order aside). */
    async countTopicMatches(documentId: OwnedDocumentId, topic: QuestionTopic): Promise<TopicCounts> {
      const slots = topic.alternatives.flat();
      // Nothing to weigh: a question with no topic words is not judged (see isJudgedQuestion).
      if (slots.length === 0) return { passages: 0, slots: [] };
      const counts = sql.join(
        slots.map((slot) => sql`count(*) filter (where ${slotCondition(slot)})`),
        sql`, `,
      );
      const [row] = await queryRows<{ passages: number; counts: number[] }>(
        db,
        sql`select count(*)::int as passages, json_build_array(${counts}) as counts from document_chunks where document_id = ${documentId}`,
      );
      const found = (row?.counts ?? []).map(Number);
      let next = 0;
      return { passages: row?.passages ?? 0, slots: topic.alternatives.map((alternative) => alternative.map(() => found[next++] ?? 0)) };
    },

    /** Which embeddings model made the document's vectors; null when it has none. */
    async embeddingModelOf(documentId: OwnedDocumentId): Promise<string | null> {
      const [row] = await db.select({ embeddingModel: documents.embeddingModel }).from(documents).where(eq(documents.id, documentId));
      return row?.embeddingModel ?? null;
    },

    listChunks(documentId: OwnedDocumentId, ids: readonly string[]): Promise<Omit<RankedChunk, "score">[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(passageColumns)
        .from(documentChunks)
        .where(and(eq(documentChunks.documentId, documentId), inArray(documentChunks.id, [...ids])));
    },

    listChunksByOrdinal(documentId: OwnedDocumentId, ordinals: readonly number[]): Promise<Omit<RankedChunk, "score">[]> {
      if (ordinals.length === 0) return Promise.resolve([]);
      return db
        .select(passageColumns)
        .from(documentChunks)
        .where(and(eq(documentChunks.documentId, documentId), inArray(documentChunks.ordinal, [...ordinals])));
    },

    /** The document's first `count` chunks after any contents page: its title, parties and date. */
    listOpeningChunks(documentId: OwnedDocumentId, count: number): Promise<Omit<RankedChunk, "score">[]> {
      return db
        .select(passageColumns)
        .from(documentChunks)
        .where(and(eq(documentChunks.documentId, documentId), ne(documentChunks.kind, "contents")))
        .orderBy(asc(documentChunks.ordinal))
        .limit(count);
    },

    async listPageTexts(documentId: OwnedDocumentId, firstPage: number, lastPage: number): Promise<Map<number, string>> {
      const rows = await db
        .select({ pageNumber: documentPages.pageNumber, text: documentPages.text })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, documentId), between(documentPages.pageNumber, firstPage, lastPage)))
        .orderBy(asc(documentPages.pageNumber));
      return new Map(rows.map((row) => [row.pageNumber, row.text]));
    },

    /** The document's top-level headings in order: what to suggest when a question finds nothing. */
    async listTopics(documentId: OwnedDocumentId, limit = 8): Promise<string[]> {
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
