import { parsePhraseQuery, type PhraseQuery } from "../../../core/rag/full-text";
import { createPassageIndex, type PassageIndex, type PhraseQueries } from "../../../core/rag/passage-index";
import type { OwnedDocumentId } from "../documents/documents.repo";
import type { RetrievalRepo } from "./retrieval.repo";

/** A processed document as retrieval is given it: its `updatedAt` changes whenever its passages are written again. */
export interface SearchableDocument {
  id: OwnedDocumentId;
  updatedAt: string;
}

/**
 * Past this many characters of indexed passages (text and search column), the least recently asked
 * documents are let go. An index takes about 5 bytes of memory a character (the 15 CUAD dev
 * contracts: 1.48 M characters, 7.3 MB), so this is about 80 MB: some 200 contracts of 30 pages.
 */
export const MAX_INDEXED_CHARACTERS = 16_000_000;
/** Past this many remembered phrase queries, the least recently used are let go. */
export const MAX_REMEMBERED_QUERIES = 20_000;

interface Entry {
  version: string;
  index: Promise<PassageIndex>;
  characters: number;
}

/**
 * This process's passage indexes, one per document asked about lately (ADR 026). A document's
 * passages change only when it is processed again, which writes its `updatedAt` in the same
 * transaction, so an index is kept for that version and read again when it changes: a question
 * reads its passages from memory, not the database. What a phrase's tsquery is never changes, so
 * those are remembered too.
 */
export function createPassageIndexes(repo: RetrievalRepo, limits = { characters: MAX_INDEXED_CHARACTERS, queries: MAX_REMEMBERED_QUERIES }) {
  const indexes = new Map<string, Entry>();
  const phraseQueries = new Map<string, PhraseQuery | null>();
  let characters = 0;

  function forget(documentId: string) {
    const entry = indexes.get(documentId);
    if (!entry) return;
    indexes.delete(documentId);
    characters -= entry.characters;
  }

  function keepWithinLimit(newest: string) {
    for (const documentId of indexes.keys()) {
      if (characters <= limits.characters || documentId === newest) break;
      forget(documentId);
    }
  }

  /** Counts an index read for this entry, unless a newer version replaced the entry meanwhile. */
  function account(documentId: string, entry: Entry, rows: readonly { text: string; search: string }[]) {
    if (indexes.get(documentId) !== entry) return;
    entry.characters = rows.reduce((total, row) => total + row.text.length + row.search.length, 0);
    characters += entry.characters;
    keepWithinLimit(documentId);
  }

  return {
    /** The document's passage index, read from the database when this process has none of its current version. */
    indexOf(document: SearchableDocument): Promise<PassageIndex> {
      const known = indexes.get(document.id);
      forget(document.id);
      // A question that read the document just before it was processed again carries the older
      // version: the newer index serves it (its passages are what the database holds now).
      if (known && known.version >= document.updatedAt) {
        indexes.set(document.id, known);
        characters += known.characters;
        return known.index;
      }
      const entry: Entry = {
        version: document.updatedAt,
        characters: 0,
        index: repo.listIndexedPassages(document.id).then((rows) => {
          account(document.id, entry, rows);
          return createPassageIndex(rows);
        }),
      };
      // A failed read is not remembered: the next question tries again.
      entry.index.catch(() => {
        if (indexes.get(document.id) === entry) forget(document.id);
      });
      indexes.set(document.id, entry);
      return entry.index;
    },

    /** Each text's phrase query, asking the database only for those not seen before. */
    async phraseQueriesOf(texts: readonly string[]): Promise<PhraseQueries> {
      // What is known is taken now: another question may push it out while this one waits.
      const queries = new Map<string, PhraseQuery | null>();
      for (const text of texts) {
        const known = phraseQueries.get(text);
        if (known === undefined) continue;
        queries.set(text, known);
        // Used, so kept longest.
        phraseQueries.delete(text);
        phraseQueries.set(text, known);
      }
      const unseen = [...new Set(texts.filter((text) => !queries.has(text)))];
      const written = await repo.listPhraseQueries(unseen);
      for (const text of unseen) {
        const query = written.get(text);
        if (query === undefined) throw new Error(`The database made no phrase query of ${JSON.stringify(text)}.`);
        queries.set(text, parsePhraseQuery(query));
        phraseQueries.set(text, queries.get(text)!);
      }
      for (const text of phraseQueries.keys()) {
        if (phraseQueries.size <= limits.queries) break;
        phraseQueries.delete(text);
      }
      return queries;
    },
  };
}

export type PassageIndexes = ReturnType<typeof createPassageIndexes>;
