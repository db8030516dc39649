/**
 * PostgreSQL's full-text match (`@@` of a phrase query) and `ts_rank`, over the tsvectors
 * PostgreSQL made. A document's passages are read once with their search column as text and each
 * question is matched and ranked here: asked in SQL, every question scanned every passage again
 * (ADR 026). The words stay PostgreSQL's: the search column and a question's tsqueries
 * (`phraseto_tsquery`, as text) come from the database, so a word matches here exactly what it
 * matches there. The rank follows PostgreSQL's `tsrank.c` (`calc_rank_or`, `calc_rank_and`, the
 * log-length normalization) step by step in single precision, as its C computes it;
 * `tests/integration/full-text-parity.test.ts` holds the two side by side.
 */

const f32 = Math.fround;

/** A tsvector position as PostgreSQL packs it: position × 4 + weight (D 0, C 1, B 2, A 3). */
type PackedPosition = number;
const positionOf = (packed: PackedPosition) => packed >> 2;
const weightOf = (packed: PackedPosition) => packed & 3;

/** ts_rank's weight of a word by its tsvector weight D, C, B, A: headings (A) weigh more than body text (B). */
const RANK_WEIGHTS = [0.1, 0.2, 0.4, 0.6].map(f32) as [number, number, number, number];
const rankWeightOf = (packed: PackedPosition) => RANK_WEIGHTS[weightOf(packed)]!;

export interface FullTextIndex {
  /** How many passages the index holds. */
  passages: number;
  /** Each passage's word count as ts_rank's length normalization counts it (its positions); 0 for a passage with no words. */
  lengths: number[];
  /** lexeme → for each passage that holds it, in passage order: passage, n, then its n packed positions, flat. */
  postings: Map<string, number[]>;
  /** The postings of lexemes questions asked about, unpacked once (at most every posting twice over): passage → packed positions. */
  occurrences: Map<string, Map<number, PackedPosition[]>>;
}

/** A phrase query as `phraseto_tsquery` makes it: lexemes in order, each at a fixed distance from the one before. */
export interface PhraseQuery {
  lexemes: string[];
  /** distances[i] is how many positions lexemes[i + 1] stands after lexemes[i] (stop words between count). */
  distances: number[];
}

const WEIGHT_LETTERS = "DCBA";

/** Reads a quoted lexeme at `start` (PostgreSQL doubles a quote and escapes a backslash inside one). */
function readQuoted(text: string, start: number): { value: string; end: number } {
  if (text[start] !== "'") throw new Error(`Expected a quoted lexeme at ${start} in ${JSON.stringify(text)}.`);
  let value = "";
  let at = start + 1;
  for (;;) {
    const char = text[at];
    if (char === undefined) throw new Error(`Unterminated lexeme in ${JSON.stringify(text)}.`);
    if (char === "\\") {
      value += text[at + 1] ?? "";
      at += 2;
    } else if (char === "'" && text[at + 1] === "'") {
      value += "'";
      at += 2;
    } else if (char === "'") {
      return { value, end: at + 1 };
    } else {
      value += char;
      at += 1;
    }
  }
}

/** A tsvector's text form (`'lexeme':1A,5 'other':3B`) → each lexeme with its packed positions. */
export function parseTsvector(text: string): [string, PackedPosition[]][] {
  const entries: [string, PackedPosition[]][] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === " ") {
      at += 1;
      continue;
    }
    const { value, end } = readQuoted(text, at);
    const positions: PackedPosition[] = [];
    at = end;
    if (text[at] === ":") {
      const match = /^:((?:\d+[A-D]?,?)+)/.exec(text.slice(at, at + 4096));
      if (!match) throw new Error(`Unreadable positions after ${JSON.stringify(value)}.`);
      for (const position of match[1]!.split(",").filter(Boolean)) {
        const weightLetter = /[A-D]$/.exec(position)?.[0] ?? "D";
        positions.push(Number.parseInt(position, 10) * 4 + WEIGHT_LETTERS.indexOf(weightLetter));
      }
      at += match[0].length;
    }
    entries.push([value, positions]);
  }
  return entries;
}

/** The full-text index of passages' tsvectors (text forms), in passage order. */
export function buildFullTextIndex(vectors: readonly string[]): FullTextIndex {
  const postings = new Map<string, number[]>();
  const lengths = vectors.map((vector, passage) => {
    let length = 0;
    for (const [lexeme, positions] of parseTsvector(vector)) {
      // A lexeme stored without positions counts once (cnt_length); ours always have them.
      length += Math.max(positions.length, 1);
      let list = postings.get(lexeme);
      if (!list) postings.set(lexeme, (list = []));
      list.push(passage, positions.length, ...positions);
    }
    return length;
  });
  return { passages: vectors.length, lengths, postings, occurrences: new Map() };
}

/**
 * `phraseto_tsquery(...)::text` → its lexemes and distances; null when it has none (every word a
 * stop word), which matches nothing. Phrase queries are chains of lexemes joined by `<->` or `<N>`.
 */
export function parsePhraseQuery(text: string): PhraseQuery | null {
  const lexemes: string[] = [];
  const distances: number[] = [];
  let at = 0;
  while (at < text.length) {
    if (text[at] === " ") {
      at += 1;
      continue;
    }
    if (lexemes.length > distances.length) {
      const operator = /^<(-|\d+)>/.exec(text.slice(at, at + 12));
      if (!operator) throw new Error(`Not a phrase query: ${JSON.stringify(text)}.`);
      distances.push(operator[1] === "-" ? 1 : Number(operator[1]));
      at += operator[0].length;
    } else {
      const { value, end } = readQuoted(text, at);
      lexemes.push(value);
      at = end;
    }
  }
  if (lexemes.length !== distances.length + 1) {
    if (lexemes.length === 0 && distances.length === 0) return null;
    throw new Error(`Not a phrase query: ${JSON.stringify(text)}.`);
  }
  return { lexemes, distances };
}

/** Where a lexeme occurs: passage → its packed positions there. */
function occurrencesOf(index: FullTextIndex, lexeme: string): Map<number, PackedPosition[]> {
  let occurrences = index.occurrences.get(lexeme);
  if (occurrences) return occurrences;
  const list = index.postings.get(lexeme);
  // Only the document's own words are kept unpacked: at most its vocabulary, whatever is asked.
  if (!list) return new Map();
  occurrences = new Map<number, PackedPosition[]>();
  for (let at = 0; at < list.length;) {
    const passage = list[at]!;
    const count = list[at + 1]!;
    occurrences.set(passage, list.slice(at + 2, at + 2 + count));
    at += 2 + count;
  }
  index.occurrences.set(lexeme, occurrences);
  return occurrences;
}

/** Whether each lexeme stands at its distance after the one before somewhere in the passage (PostgreSQL's phrase match). */
function holdsPhrase(query: PhraseQuery, positionsOf: (lexeme: string) => PackedPosition[]): boolean {
  let ends = new Set(positionsOf(query.lexemes[0]!).map(positionOf));
  query.distances.forEach((distance, before) => {
    const next = positionsOf(query.lexemes[before + 1]!).map(positionOf);
    ends = new Set(next.filter((position) => ends.has(position - distance)));
  });
  return ends.size > 0;
}

/** tsrank.c's word_distance: how much two words this far apart count together. */
function wordDistance(distance: number): number {
  if (distance > 100) return f32(1e-30);
  return f32(1.0 / (1.005 + 0.05 * Math.exp(f32(distance) / 1.5 - 2)));
}

/** tsrank.c's calc_rank_or, given each distinct query lexeme's positions in the passage (undefined: absent). */
function rankAny(lexemePositions: readonly (PackedPosition[] | undefined)[]): number {
  let rank = f32(0);
  for (const positions of lexemePositions) {
    if (!positions) continue;
    let sum = f32(0);
    let heaviest = f32(-1);
    let heaviestAt = 0;
    positions.forEach((packed, j) => {
      const weight = rankWeightOf(packed);
      sum = f32(sum + f32(weight / ((j + 1) * (j + 1))));
      if (weight > heaviest) {
        heaviest = weight;
        heaviestAt = j;
      }
    });
    const term = f32(f32(heaviest + sum) - f32(heaviest / ((heaviestAt + 1) * (heaviestAt + 1))));
    rank = f32(rank + term / 1.64493406685);
  }
  return lexemePositions.length > 0 ? f32(rank / lexemePositions.length) : rank;
}

/** tsrank.c's calc_rank_and: every pair of distinct query lexemes, nearer pairs counting more. */
function rankAll(lexemePositions: readonly (PackedPosition[] | undefined)[]): number {
  if (lexemePositions.length < 2) return rankAny(lexemePositions);
  let rank = f32(-1);
  lexemePositions.forEach((positions, i) => {
    if (!positions) return;
    for (const earlier of lexemePositions.slice(0, i)) {
      if (!earlier) continue;
      for (const here of positions) {
        for (const there of earlier) {
          const distance = Math.abs(positionOf(here) - positionOf(there));
          if (distance === 0) continue;
          const pair = f32(Math.sqrt(f32(f32(rankWeightOf(here) * rankWeightOf(there)) * wordDistance(distance))));
          rank = rank < 0 ? pair : f32(1.0 - (1.0 - rank) * (1.0 - pair));
        }
      }
    }
  });
  return rank;
}

/** The distinct lexemes of a query in PostgreSQL's order (SortAndUniqItems: byte order; code-unit order here, the same for the lexemes we meet). */
function distinctLexemes(query: PhraseQuery): string[] {
  return [...new Set(query.lexemes)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A passage a phrase query matched, with its ts_rank(weights, search, query, 1). */
export interface PhraseMatch {
  passage: number;
  rank: number;
}

/** The passages where the phrase occurs (`search @@ query`), each with its rank, in passage order. */
export function matchPhrase(index: FullTextIndex, query: PhraseQuery): PhraseMatch[] {
  const lexemes = distinctLexemes(query);
  const occurrences = new Map(lexemes.map((lexeme) => [lexeme, occurrencesOf(index, lexeme)]));
  const candidates = [...occurrences.get(query.lexemes[0]!)!.keys()].filter((passage) => lexemes.every((lexeme) => occurrences.get(lexeme)!.has(passage)));
  const isPhrase = query.lexemes.length > 1;
  return candidates.flatMap((passage) => {
    const positionsOf = (lexeme: string) => occurrences.get(lexeme)!.get(passage)!;
    if (!holdsPhrase(query, positionsOf)) return [];
    const lexemePositions = lexemes.map(positionsOf);
    let rank = isPhrase ? rankAll(lexemePositions) : rankAny(lexemePositions);
    if (rank < 0) rank = f32(1e-20);
    const length = index.lengths[passage]!;
    rank = f32(rank / (Math.log(length + 1) / Math.log(2.0)));
    return [{ passage, rank }];
  });
}
