import { headingOf, positionOf, type Clause, type MappedText, type TextPosition } from "./structure";

/** What kind of text a passage is: ranking keeps contents pages, title blocks and definitions below the clauses that use them. */
export type PassageKind = "body" | "contents" | "title" | "definitions";

/** A clause inside a passage: where it starts in the passage text, and where its own words start after its printed number and title. */
export interface PassageClause {
  at: number;
  textAt: number;
  number: string | null;
  heading: string;
}

export interface Chunk {
  /** Position in the document, from 0. */
  ordinal: number;
  /** The first clause's number ("7.2", "Exhibit B"), or null for unnumbered text. */
  clauseNumber: string | null;
  /** The clause numbers the chunk covers, in order. */
  clauseNumbers: string[];
  heading: string;
  headingPath: string[];
  pageStart: number;
  pageEnd: number;
  start: TextPosition;
  end: TextPosition;
  text: string;
  clauses: PassageClause[];
  kind: PassageKind;
}

export interface ChunkingOptions {
  maxChars: number;
  /** Chunks shorter than this are merged with their neighbours under the same parent. */
  minChars: number;
}

export const defaultChunking: ChunkingOptions = { maxChars: 1100, minChars: 300 };

// Abbreviations that end in a period without ending a sentence.
const abbreviations = /\b(?:Inc|Ltd|Co|Corp|No|Nos|Sec|Secs|Art|U\.S|e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|Jr|Sr|approx|para|cf)\.$/i;

/** Sentence end positions in `text` (index just past the terminator and its closing quotes). */
export function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  const pattern = /[.!?][)"”’']*(?=\s+[("“'A-Z0-9§]|\s*\n|$)|;(?=\s)/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length;
    if (match[0][0] === "." && abbreviations.test(text.slice(Math.max(0, end - 8), end))) continue;
    ends.push(end);
  }
  if (ends.at(-1) !== text.length) ends.push(text.length);
  return ends;
}

/** Cuts text into pieces of at most `maxChars`, at sentence ends where possible, else at spaces. */
export function splitText(text: string, maxChars: number): [number, number][] {
  const pieces: [number, number][] = [];
  let start = 0;
  const ends = sentenceEnds(text);
  while (start < text.length) {
    const limit = start + maxChars;
    if (text.length <= limit) {
      pieces.push([start, text.length]);
      break;
    }
    const lastSentenceEnd = ends.filter((end) => end > start && end <= limit).at(-1);
    const cut = lastSentenceEnd && lastSentenceEnd - start >= maxChars / 3 ? lastSentenceEnd : text.lastIndexOf(" ", limit) > start ? text.lastIndexOf(" ", limit) : limit;
    pieces.push([start, cut]);
    start = cut;
    while (start < text.length && /\s/.test(text[start]!)) start++;
  }
  return pieces;
}

interface Piece {
  clause: Clause;
  from: number;
  to: number;
}

function textOf(body: MappedText, from: number, to: number): string {
  return body.text.slice(from, to).trim();
}

function toChunk(pieces: Piece[], ordinal: number, clauses: Clause[]): Chunk {
  const first = pieces[0]!;
  const last = pieces.at(-1)!;
  const start = positionOf(first.clause.body, first.from)!;
  const end = positionOf(last.clause.body, Math.max(last.from, last.to - 1))!;
  const numbers = [...new Set(pieces.map((piece) => piece.clause.number).filter((number): number is string => number !== null))];
  const ownerPath = pieces.length > 1 && first.clause.parentIndex !== null && pieces.some((piece) => piece.clause !== first.clause)
    ? clauses[first.clause.parentIndex]!.path
    : first.clause.path;
  let text = "";
  const passageClauses: PassageClause[] = [];
  for (const piece of pieces) {
    const body = textOf(piece.clause.body, piece.from, piece.to);
    const isClauseStart = piece.from === 0 && pieces.length > 1 && piece.clause.number;
    if (text) text += "\n\n";
    passageClauses.push({ at: text.length, textAt: text.length, number: piece.clause.number, heading: piece.clause.heading });
    text += isClauseStart ? `${headingOf(piece.clause)} ${body}` : body;
  }
  return {
    ordinal,
    clauseNumber: first.clause.number,
    clauseNumbers: numbers,
    heading: first.clause.heading || headingOf(first.clause),
    headingPath: ownerPath,
    pageStart: start.pageNumber,
    pageEnd: end.pageNumber,
    start,
    end: { pageNumber: end.pageNumber, offset: end.offset + 1 },
    text,
    clauses: passageClauses,
    kind: "body",
  };
}

/**
 * Chunks follow clauses: one chunk per clause, long clauses split at sentence ends, short
 * neighbours under the same parent merged, so every chunk stays within `maxChars`.
 */
export function chunkClauses(clauses: Clause[], options: ChunkingOptions = defaultChunking): Chunk[] {
  const groups: Piece[][] = [];
  for (const clause of clauses) {
    if (!clause.body.text) continue;
    const ranges = splitText(clause.body.text, options.maxChars);
    for (const [from, to] of ranges) {
      const piece = { clause, from, to };
      const group = groups.at(-1);
      const groupLength = group?.reduce((total, item) => total + item.to - item.from, 0) ?? 0;
      // Only whole clauses merge: a piece of a split clause keeps its own chunk.
      const isWholeClause = ranges.length === 1 && group?.every((item) => item.from === 0 && item.to === item.clause.body.text.length);
      const canMerge =
        isWholeClause &&
        group &&
        groupLength + (to - from) <= options.maxChars &&
        (groupLength < options.minChars || to - from < options.minChars) &&
        group[0]!.clause.parentIndex === clause.parentIndex &&
        group[0]!.clause.pageStart <= clause.pageStart;
      if (canMerge) group.push(piece);
      else groups.push([piece]);
    }
  }
  return groups.map((pieces, ordinal) => toChunk(pieces, ordinal, clauses));
}
