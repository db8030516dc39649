import { definedTerms, type PassageClause, type PassageKind } from "../documents/chunking";
import { statesFact } from "./facts";
import { hasAnsweringSentence } from "./passage-judgement";
import type { AnalyzedQuery, QueryTerm } from "./query-analysis";
import { isJudgedQuestion } from "./relevance";

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
  /** The page's own words. */
  text: string;
  /** Where each clause starts in `text`. */
  clauses: PassageClause[];
  kind: PassageKind;
  score: number;
}

/** A chunk as full-text ranking scored it, with what each term that has a word form contributed. */
export interface LexicalRow {
  id: string;
  score: number;
  formScores: Record<string, number> | null;
}

/**
 * Takes back the score of a term with a word form ("exclusive") from a chunk whose text has only
 * another form of its stem ("exclusion"): PostgreSQL's stemmer cannot tell them apart.
 */
export function respectWordForms(
  rows: readonly LexicalRow[],
  terms: readonly QueryTerm[],
  textOf: (id: string) => string | undefined,
): { id: string; score: number }[] {
  const forms = new Map(terms.filter((term) => term.wordForm).map((term) => [term.text, term.wordForm!]));
  return rows
    .map((row) => {
      const formScores = Object.entries(row.formScores ?? {});
      // Only a row a term with a word form scored has its text read.
      const text = formScores.length > 0 ? (textOf(row.id) ?? "") : "";
      const lacking = formScores.filter(([term]) => !forms.get(term)?.test(text));
      return { id: row.id, score: row.score - lacking.reduce((total, [, score]) => total + score, 0) };
    })
    .filter((row) => row.score > 0)
    .sort((a, b) => b.score - a.score);
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

/**
 * The ranking with `kept` moved up to the last of its first `count` places when it lies lower. Fusion
 * lets passages that two readings both find somewhere in their middle outrank one reading's first
 * passage; the passage the question's own words rank first should always be among those shown.
 */
export function keepAmongFirst<Item extends { id: string }>(ranked: readonly Item[], keptId: string | undefined, count: number): Item[] {
  const at = ranked.findIndex((item) => item.id === keptId);
  if (at < count) return [...ranked];
  const others = ranked.filter((_, index) => index !== at);
  return [...others.slice(0, count - 1), ranked[at]!, ...others.slice(count - 1)];
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
/** Each passage may grow to its share of the budget with the text around it in the same clause. */
export const PASSAGE_CHARS = 1200;

function sentenceStartAfter(text: string, from: number): number {
  const match = /[.;:!?]["”’)]*\s+(?=[("“A-Z0-9])/g;
  match.lastIndex = from;
  const found = match.exec(text);
  return found ? found.index + found[0].length : text.length;
}

/** `next` carries on what `chunk` was saying: the same clause, or a sentence cut off between them. */
function continuesInto(chunk: RankedChunk, next: RankedChunk): boolean {
  return sameClause(chunk, next) || !/[.!?;]["”’')]*$/.test(chunk.text.trim()) || /:$/.test(chunk.text.trim()) || /^[a-z]/.test(next.text);
}

type PassageText = Pick<RankedChunk, "text" | "clauses">;

/** Characters [from, to) of a passage, with the clauses in them; the clause running at `from` now starts at 0. */
export function sliceOf(passage: PassageText, from: number, to: number): PassageText {
  const running = passage.clauses.filter((clause) => clause.at <= from).at(-1);
  const inside = passage.clauses.filter((clause) => clause.at > from && clause.at < to);
  const clauses = [...(running ? [running] : []), ...inside].map((clause) => ({
    ...clause,
    at: Math.max(0, clause.at - from),
    textAt: Math.min(to - from, Math.max(0, clause.textAt - from)),
  }));
  return { text: passage.text.slice(from, to), clauses };
}

/** Two passages' texts one after the other as paragraphs, each keeping where its clauses start. */
export function joined(first: PassageText, second: PassageText): PassageText {
  const shift = first.text.length + 2;
  return {
    text: `${first.text}\n\n${second.text}`,
    clauses: [...first.clauses, ...second.clauses.map((clause) => ({ ...clause, at: clause.at + shift, textAt: clause.textAt + shift }))],
  };
}

/**
 * Clause-aware neighbour expansion of the passages themselves: a hit that is only part of its
 * clause takes in the text just before it (a list's lead-in: "may be terminated: (a) ...") and
 * after it, from chunks of the same clause, up to its share of the budget. A later candidate
 * already taken in is not repeated.
 */
export function joinNeighbours(ranked: readonly RankedChunk[], byOrdinal: ReadonlyMap<number, RankedChunk>, maxChars = PASSAGE_CHARS): RankedChunk[] {
  const taken = new Set<number>();
  const passages: RankedChunk[] = [];
  for (const hit of ranked) {
    if (taken.has(hit.ordinal)) continue;
    taken.add(hit.ordinal);
    let passage = { ...hit };
    const next = byOrdinal.get(hit.ordinal + 1);
    if (next && !taken.has(next.ordinal) && continuesInto(hit, next) && passage.text.length < maxChars) {
      const room = maxChars - passage.text.length - 2;
      const head = next.text.length <= room ? next.text : next.text.slice(0, Math.max(0, next.text.lastIndexOf(" ", room)));
      if (head.length > 0) {
        // The part taken in may run to any page of the neighbour: its quotes are looked for on all of them.
        passage = { ...passage, ...joined(passage, sliceOf(next, 0, head.length)), pageEnd: Math.max(passage.pageEnd, next.pageEnd) };
        if (head.length === next.text.length) taken.add(next.ordinal);
      }
    }
    const previous = byOrdinal.get(hit.ordinal - 1);
    if (previous && !taken.has(previous.ordinal) && continuesInto(previous, hit) && passage.text.length < maxChars) {
      const room = maxChars - passage.text.length - 2;
      const from = previous.text.length <= room ? 0 : sentenceStartAfter(previous.text, previous.text.length - room);
      if (previous.text.length - from > 40) {
        passage = { ...passage, ...joined(sliceOf(previous, from, previous.text.length), passage), pageStart: Math.min(passage.pageStart, previous.pageStart) };
        if (from === 0) taken.add(previous.ordinal);
      }
    }
    passages.push(passage);
  }
  return passages;
}
export const PASSAGE_CHAR_BUDGET = 6000;

/** The top passages, at most `limit` and `budget` characters together, in rank order. */
export function selectPassages<Chunk extends Pick<RankedChunk, "text">>(
  ranked: readonly Chunk[],
  limit = PASSAGE_LIMIT,
  budget = PASSAGE_CHAR_BUDGET,
): Chunk[] {
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

/**
 * How much of its score a passage of each kind keeps: a contents page, a title block or a list of
 * definitions names a topic without settling it, so the clause that does comes first.
 */
export const KIND_WEIGHT: Record<PassageKind, number> = { body: 1, definitions: 0.6, title: 0.5, contents: 0.2 };

/** Whether a chunk defines one of the terms asked about: the definition is then the answer ("When does it become effective?" — “Effective Date” shall mean…). */
function definesAskedTerm(chunk: Pick<RankedChunk, "text">, askedTerms: ReadonlySet<string>): boolean {
  return definedTerms(chunk.text).some((term) => askedTerms.has(term));
}

export function preferOperative(ranked: readonly RankedChunk[], askedTerms: ReadonlySet<string> = new Set()): RankedChunk[] {
  const weightOf = (chunk: RankedChunk) => (chunk.kind === "definitions" && definesAskedTerm(chunk, askedTerms) ? KIND_WEIGHT.body : KIND_WEIGHT[chunk.kind]);
  return ranked.map((chunk) => ({ ...chunk, score: chunk.score * weightOf(chunk) })).sort((a, b) => b.score - a.score || a.ordinal - b.ordinal);
}

export const DATED_SHARE = 1;

/**
 * For a question asking when: chunks that state a date count double, since only they can answer it
 * (a clause that says "become effective" without a date shares more of the question's words than
 * "shall commence on 1 January 1998", which answers it).
 */
export function preferDated(ranked: readonly RankedChunk[]): RankedChunk[] {
  return ranked
    .map((chunk) => (statesFact(chunk.text, "date") ? { ...chunk, score: chunk.score * (1 + DATED_SHARE) } : chunk))
    .sort((a, b) => b.score - a.score || a.ordinal - b.ordinal);
}

/** How many of a document's first chunks (after a contents page) hold its title, parties and date. */
const OPENING_CHUNKS = 2;

/** Words only a signature block has: "IN WITNESS WHEREOF", or the labels under each signature. */
const witnessClause = /\bin witness whereof\b/i;
const signatureLabel = /(?:^|\s)(?:by|name|title|date|dated|signature):/gi;

/** Whether a chunk reads as the agreement's signature block: its witness clause, or at least two signature labels ("By:", "Name:", "Date:"). */
export function isSignatureBlock(text: string): boolean {
  return witnessClause.test(text) || new Set(text.match(signatureLabel)?.map((label) => label.trim().toLowerCase())).size >= 2;
}

/**
 * The chunks that say what a document is, who its parties are and when it was made: its first
 * chunks after any contents page. For a question asking when, if those state no date (an undated
 * preamble, "as of the date last signed below"), the first signature block that states one is read
 * too: the agreement is dated where its parties signed it.
 */
export function openingChunks<Chunk extends Pick<RankedChunk, "kind" | "text">>(passages: readonly Chunk[], asksForDate: boolean): Chunk[] {
  const first = passages.filter((passage) => passage.kind !== "contents").slice(0, OPENING_CHUNKS);
  if (!asksForDate || first.some((passage) => statesFact(passage.text, "date"))) return first;
  const signed = passages.find((passage) => !first.includes(passage) && isSignatureBlock(passage.text) && statesFact(passage.text, "date"));
  return signed ? [...first, signed] : first;
}

/** Puts the document's opening chunks (its first after any contents page) first, for questions about its name, parties or date. */
export function preferOpening(ranked: readonly RankedChunk[], opening: readonly Omit<RankedChunk, "score">[]): RankedChunk[] {
  const top = ranked[0]?.score ?? 1;
  const first = [...opening].sort((a, b) => a.ordinal - b.ordinal).map((chunk, index) => ({ ...chunk, score: top * (1 + 0.01 * (opening.length - index)) }));
  return [...first, ...ranked.filter((chunk) => !first.some((openingChunk) => openingChunk.id === chunk.id))];
}

/** How many of the best candidates the question's topic may reorder. */
export const ANSWERING_POOL = 15;
/** How many places a passage that answers moves up past ones that do not. */
export const ANSWERING_LIFT = 5;

/**
 * Moves the passages that answer what the question is about (a sentence the relevance judgement
 * accepts) up past those that only share its words, by a few places: retrieval's best stay near
 * the top (a wrong judgement must not bury them). A question not judged keeps retrieval's order.
 */
export function preferAnswering<Chunk extends RankedChunk>(
  ranked: readonly Chunk[],
  query: Pick<AnalyzedQuery, "topic" | "isAboutOpening">,
  weights: readonly (readonly number[])[],
  pool = ANSWERING_POOL,
): Chunk[] {
  if (!isJudgedQuestion(query)) return [...ranked];
  const { topic } = query;
  const candidates = ranked.slice(0, pool);
  const answers = new Set(candidates.filter((chunk) => hasAnsweringSentence(chunk, topic, weights)));
  // Half a place more, so an answering passage goes before the one it draws level with.
  const place = (chunk: Chunk, index: number) => index - (answers.has(chunk) ? ANSWERING_LIFT + 0.5 : 0);
  const ordered = candidates.map((chunk, index) => ({ chunk, at: place(chunk, index) })).sort((a, b) => a.at - b.at);
  return [...ordered.map(({ chunk }) => chunk), ...ranked.slice(pool)];
}
