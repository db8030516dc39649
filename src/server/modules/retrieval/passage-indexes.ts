import { parsePhraseQuery, type PhraseQuery } from "../../../core/rag/full-text";
import { createPassageIndex, type PassageIndex, type PhraseQueries } from "../../../core/rag/passage-index";
import { createProcessCache } from "../../../shared/process-cache";
import type { OwnedDocumentId } from "../documents/documents.repo";
import type { RetrievalRepo } from "./retrieval.repo";

/**
 * A processed document as retrieval is given it: `passagesVersion` is the count the database keeps
 * of its passage writes (one more in the very transaction that writes them), read by the ownership
 * check before any passage is.
 */
export interface SearchableDocument {
  id: OwnedDocumentId;
  passagesVersion: number;
}

/**
 * Past this many characters of indexed passages (text and search column), the least recently asked
 * documents are let go. An index takes about 5 bytes of memory a character (the 15 CUAD dev
 * contracts: 1.48 M characters, 7.3 MB), so this is about 80 MB: some 200 contracts of 30 pages.
 */
export const MAX_INDEXED_CHARACTERS = 16_000_000;
/** At most this many documents' indexes, however small. */
export const MAX_INDEXED_DOCUMENTS = 5_000;
/** Past this many remembered phrase queries, the least recently used are let go. */
export const MAX_REMEMBERED_QUERIES = 20_000;

interface KeptIndex {
  passagesVersion: number;
  index: PassageIndex;
  characters: number;
}

/**
 * This process's passage indexes, one per document asked about lately (ADR 026, ADR 037). A
 * document's passages change only when it is processed again, in the transaction that adds one to
 * its `passagesVersion`; an index is kept for the version the question's ownership check read, and
 * used only for that same version. The passages are read after that version was, so they are never
 * older than it: in every process, whatever its clock, with no message between them. What a
 * phrase's tsquery is never changes, so those are remembered too.
 */
export function createPassageIndexes(repo: RetrievalRepo, limits = { characters: MAX_INDEXED_CHARACTERS, queries: MAX_REMEMBERED_QUERIES }) {
  const indexes = createProcessCache<string, KeptIndex>("retrieval.passage-indexes", {
    maxEntries: MAX_INDEXED_DOCUMENTS,
    maxWeight: limits.characters,
    weightOf: (kept) => kept.characters,
  });
  // Reads in progress, not a cache: questions arriving while a document is read share its one read.
  const reading = new Map<string, { passagesVersion: number; index: Promise<PassageIndex> }>();
  const phraseQueries = createProcessCache<string, PhraseQuery | null>("retrieval.phrase-queries", { maxEntries: limits.queries });

  return {
    /** The document's passage index, read from the database when this process has none of its version. */
    indexOf(document: SearchableDocument): Promise<PassageIndex> {
      const { id, passagesVersion } = document;
      const kept = indexes.get(id);
      if (kept?.passagesVersion === passagesVersion) return Promise.resolve(kept.index);
      const pending = reading.get(id);
      if (pending?.passagesVersion === passagesVersion) return pending.index;
      const index: Promise<PassageIndex> = repo
        .listIndexedPassages(id)
        .then((rows) => {
          const read = createPassageIndex(rows);
          const characters = rows.reduce((total, row) => total + row.text.length + row.search.length, 0);
          // Only the read begun last is kept: one for an older version, finishing later, would replace a newer one.
          return reading.get(id)?.index === index ? indexes.set(id, { passagesVersion, index: read, characters }).index : read;
        })
        // A failed read is not kept: the next question tries again.
        .finally(() => {
          if (reading.get(id)?.index === index) reading.delete(id);
        });
      reading.set(id, { passagesVersion, index });
      return index;
    },

    /** Each text's phrase query, asking the database only for those not seen before. */
    async phraseQueriesOf(texts: readonly string[]): Promise<PhraseQueries> {
      // What is known is taken now: another question may push it out while this one waits.
      const queries = new Map<string, PhraseQuery | null>();
      for (const text of texts) {
        const known = phraseQueries.get(text);
        if (known !== undefined) queries.set(text, known);
      }
      const unseen = [...new Set(texts.filter((text) => !queries.has(text)))];
      const written = await repo.listPhraseQueries(unseen);
      for (const text of unseen) {
        const query = written.get(text);
        if (query === undefined) throw new Error(`The database made no phrase query of ${JSON.stringify(text)}.`);
        queries.set(text, phraseQueries.set(text, parsePhraseQuery(query)));
      }
      return queries;
    },
  };
}

export type PassageIndexes = ReturnType<typeof createPassageIndexes>;
