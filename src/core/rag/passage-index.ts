import { buildFullTextIndex, matchPhrase, type FullTextIndex, type PhraseQuery } from "./full-text";
import type { QueryTerm } from "./query-analysis";
import type { QuestionTopic, TopicSlot } from "./question-topic";
import type { LexicalRow, RankedChunk } from "./ranking";
import type { TopicCounts } from "./relevance";
import { isStopword } from "./text";

/** How many full-text candidates a question reads. */
export const CANDIDATE_LIMIT = 40;

/** A passage as retrieval reads it. */
export type IndexedPassage = Omit<RankedChunk, "score">;

/**
 * One document's passages in memory, in reading order, with the full-text index of their search
 * column: what retrieval ranks, counts and reads a question's passages from.
 */
export interface PassageIndex {
  passages: IndexedPassage[];
  fullText: FullTextIndex;
  byId: Map<string, IndexedPassage>;
  byOrdinal: Map<number, IndexedPassage>;
}

/** The index of a document's passages, each with its search column as PostgreSQL writes it, in ordinal order. */
export function createPassageIndex(rows: readonly (IndexedPassage & { search: string })[]): PassageIndex {
  const passages = rows.map(({ search: _search, ...passage }) => passage);
  return {
    passages,
    fullText: buildFullTextIndex(rows.map((row) => row.search)),
    byId: new Map(passages.map((passage) => [passage.id, passage])),
    byOrdinal: new Map(passages.map((passage) => [passage.ordinal, passage])),
  };
}

/** Each text's phrase query (`phraseto_tsquery`), null when it has no searchable word. */
export type PhraseQueries = ReadonlyMap<string, PhraseQuery | null>;

function queryOf(queries: PhraseQueries, text: string): PhraseQuery | null {
  const query = queries.get(text);
  if (query === undefined) throw new Error(`No phrase query was made for ${JSON.stringify(text)}.`);
  return query;
}

/** The texts whose phrase queries ranking and counting a question need: its terms and its topic's phrases. */
export function queryTextsOf(terms: readonly QueryTerm[], topic: QuestionTopic): string[] {
  const phrases = topic.alternatives
    .flat()
    .flatMap((slot) => slot.options.flatMap((option) => option.words.flatMap((word) => word.map((phrase) => phrase.text))));
  return [...new Set([...terms.map((term) => term.text), ...phrases])];
}

/**
 * BM25-like full-text ranking: each term's ts_rank (headings weigh more than body text, repeats
 * saturate) times its weight and its rarity in this document (IDF), summed per passage, best
 * first (the earlier passage first on a tie). What each term with a word form added is kept apart,
 * to be taken back where the text lacks that form (see respectWordForms).
 */
export function rankLexically(index: PassageIndex, terms: readonly QueryTerm[], queries: PhraseQueries, limit = CANDIDATE_LIMIT): LexicalRow[] {
  const total = index.passages.length;
  const scored = new Map<number, { score: number; formScores: Record<string, number> | null }>();
  for (const term of terms) {
    const query = queryOf(queries, term.text);
    if (!query) continue;
    const matches = matchPhrase(index.fullText, query);
    const rarity = Math.log(1 + (total - matches.length + 0.5) / (matches.length + 0.5));
    for (const { passage, rank } of matches) {
      const contribution = term.weight * rarity * rank;
      const row = scored.get(passage) ?? { score: 0, formScores: null };
      row.score += contribution;
      if (term.wordForm !== undefined) row.formScores = { ...row.formScores, [term.text]: contribution };
      scored.set(passage, row);
    }
  }
  return [...scored]
    .sort(([passageA, a], [passageB, b]) => b.score - a.score || passageA - passageB)
    .slice(0, limit)
    .map(([passage, row]) => ({ id: index.passages[passage]!.id, ...row }));
}

/**
 * Stop words (ours) make PostgreSQL drop words from a phrase ("for any reason" becomes 'reason',
 * "other than" nothing), so a phrase with one must also read as written in the passage's text.
 */
function asWrittenPattern(phrase: string): RegExp | undefined {
  const words = phrase.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  if (!words.some(isStopword)) return undefined;
  return new RegExp(`(?<![\\p{L}\\p{N}_])${words.join("[^a-z0-9]+")}`, "iu");
}

/** In how many of the document's passages each slot of a question's topic occurs (PostgreSQL's stems; word order aside). */
export function countTopicMatches(index: PassageIndex, topic: QuestionTopic, queries: PhraseQueries): TopicCounts {
  // Nothing to weigh: a question with no topic words is not judged (see isJudgedQuestion).
  if (topic.alternatives.flat().length === 0) return { passages: 0, slots: [] };
  const phraseMatches = new Map<string, Set<number>>();
  const passagesWith = (phrase: string) => {
    let found = phraseMatches.get(phrase);
    if (!found) {
      const query = queryOf(queries, phrase);
      const pattern = asWrittenPattern(phrase);
      const matched = query ? matchPhrase(index.fullText, query).map((match) => match.passage) : [];
      found = new Set(pattern ? matched.filter((passage) => pattern.test(index.passages[passage]!.text)) : matched);
      phraseMatches.set(phrase, found);
    }
    return found;
  };
  // A slot occurs in a passage when one of its options does: all of an option's words, each as one of its phrases.
  const slotOccursIn = (slot: TopicSlot, passage: number) =>
    slot.options.some((option) => option.words.every((word) => word.some((phrase) => passagesWith(phrase.text).has(passage))));
  const passages = index.passages.map((_, passage) => passage);
  return {
    passages: passages.length,
    slots: topic.alternatives.map((slots) => slots.map((slot) => passages.filter((passage) => slotOccursIn(slot, passage)).length)),
  };
}
