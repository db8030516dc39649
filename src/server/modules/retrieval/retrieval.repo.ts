import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { nothingStruck, type StruckPages } from "../../../core/documents/struck-text";
import type { KindPassage, StoredKindFindings } from "../../../core/rag/kind-evidence";
import { CANDIDATE_LIMIT, type IndexedPassage } from "../../../core/rag/passage-index";
import { queryRows, type Database } from "../../db/client";
import { documentChunks, documentKindReadings, documentPages, documents } from "../../db/schema/index";
import type { OwnedDocumentId } from "../documents/documents.repo";

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

interface ScoredRow {
  id: string;
  score: number;
}

/** Always scoped to one document: retrieval never reads another document's chunks. */
export function createRetrievalRepo(db: Database) {
  return {
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

    /** Which embeddings model made the document's vectors; null when it has none. */
    async embeddingModelOf(documentId: OwnedDocumentId): Promise<string | null> {
      const [row] = await db.select({ embeddingModel: documents.embeddingModel }).from(documents).where(eq(documents.id, documentId));
      return row?.embeddingModel ?? null;
    },

    /** The document's passages in reading order, each with its search column as PostgreSQL wrote it: what its PassageIndex is made of. */
    listIndexedPassages(documentId: OwnedDocumentId): Promise<(IndexedPassage & { search: string })[]> {
      return db
        .select({ ...passageColumns, search: sql<string>`${documentChunks.search}::text` })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
        .orderBy(asc(documentChunks.ordinal));
    },

    /** The model's stored reading of the document's passages at `passagesVersion` by `readBy`; undefined when there is none of both. */
    async findKindReading(documentId: OwnedDocumentId, passagesVersion: number, readBy: string): Promise<Record<string, StoredKindFindings> | undefined> {
      const [row] = await db
        .select({ kinds: documentKindReadings.kinds })
        .from(documentKindReadings)
        .where(
          and(
            eq(documentKindReadings.documentId, documentId),
            eq(documentKindReadings.passagesVersion, passagesVersion),
            eq(documentKindReadings.readBy, readBy),
          ),
        );
      return row?.kinds;
    },

    /** The version of a processed document's passages; undefined when it is not (or no longer) processed. */
    async findProcessedVersion(documentId: string, tx: Database = db): Promise<number | undefined> {
      const [row] = await tx
        .select({ passagesVersion: documents.passagesVersion })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.status, "completed")));
      return row?.passagesVersion;
    },

    /** The document's passages as the clause-kind model reads them, in order. */
    listKindPassages(documentId: string): Promise<KindPassage[]> {
      const { id, text, clauses, heading, headingPath, kind } = passageColumns;
      return db
        .select({ id, text, clauses, heading, headingPath, kind })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
        .orderBy(asc(documentChunks.ordinal));
    },

    /** Keeps the model's reading of the document's passages at `passagesVersion`, in place of any before it. */
    async saveKindReading(
      reading: { documentId: string; passagesVersion: number; readBy: string; kinds: Record<string, StoredKindFindings> },
      tx: Database = db,
    ): Promise<void> {
      const { passagesVersion, readBy, kinds } = reading;
      await tx
        .insert(documentKindReadings)
        .values(reading)
        .onConflictDoUpdate({ target: documentKindReadings.documentId, set: { passagesVersion, readBy, kinds, updatedAt: sql`now()` } });
    },

    /** Each text's phrase query in PostgreSQL's words (`phraseto_tsquery('english', text)`, as text; '' when it has none). */
    async listPhraseQueries(texts: readonly string[]): Promise<Map<string, string>> {
      if (texts.length === 0) return new Map();
      const rows = await queryRows<{ text: string; query: string }>(
        db,
        sql`select t.text, phraseto_tsquery('english', t.text)::text as query from jsonb_array_elements_text(${JSON.stringify(texts)}::jsonb) as t(text)`,
      );
      return new Map(rows.map((row) => [row.text, row.query]));
    },

    /** The texts of the given pages of the document (an answer's quotes are checked against them), and what is struck through on them. */
    async listPages(documentId: OwnedDocumentId, pageNumbers: readonly number[]): Promise<{ texts: Map<number, string>; struck: StruckPages }> {
      if (pageNumbers.length === 0) return { texts: new Map(), struck: nothingStruck };
      const rows = await db
        .select({ pageNumber: documentPages.pageNumber, text: documentPages.text, struckRanges: documentPages.struckRanges })
        .from(documentPages)
        .where(and(eq(documentPages.documentId, documentId), inArray(documentPages.pageNumber, [...new Set(pageNumbers)])))
        .orderBy(asc(documentPages.pageNumber));
      return {
        texts: new Map(rows.map((row) => [row.pageNumber, row.text])),
        struck: new Map(rows.flatMap((row) => (row.struckRanges ? [[row.pageNumber, row.struckRanges] as const] : []))),
      };
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
