import { headingOf, positionOf, type Clause, type TextPosition } from "./structure";

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
const abbreviations =
  /\b(?:Inc|Ltd|Co|Corp|No|Nos|Sec|Secs|Art|U\.S|e\.g|i\.e|etc|vs|Mr|Mrs|Ms|Dr|St|Jr|Sr|approx|para|cf|P\.C|P\.A|P\.L\.L\.C|L\.L\.C|L\.L\.P|N\.A)\.$/i;

// A full stop, question or exclamation mark (and closing quotes) before a new sentence or line.
const sentenceEnd = /[.!?][)"”’']*(?=\s+[("“'A-Z0-9§]|\s*\n|$)/;

// A paragraph's own label ("B.", "iv.", "12.3.") is not a sentence.
const paragraphLabel = /(?:^|\n)\s*(?:[A-Za-z]|[ivxIVX]{1,5}|\d{1,3}(?:\.\d{1,3})*)\.$/;

/**
 * Sentence end positions in `text` (index just past the terminator and its closing quotes). With
 * `semicolons`, a semicolon ends a piece too (where a long sentence may be cut for a chunk).
 */
export function sentenceEnds(text: string, { semicolons = true } = {}): number[] {
  const ends: number[] = [];
  const pattern = new RegExp(semicolons ? `${sentenceEnd.source}|;(?=\\s)` : sentenceEnd.source, "g");
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const end = match.index + match[0].length;
    if (match[0][0] === "." && abbreviations.test(text.slice(Math.max(0, end - 8), end))) continue;
    if (match[0][0] === "." && paragraphLabel.test(text.slice(Math.max(0, end - 16), end))) continue;
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
    const cut =
      lastSentenceEnd && lastSentenceEnd - start >= maxChars / 3
        ? lastSentenceEnd
        : text.lastIndexOf(" ", limit) > start
          ? text.lastIndexOf(" ", limit)
          : limit;
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

/** A clause with no words of its own ("ARTICLE V TERMINATION") leads into the text after it. */
function isTitleOnly(clause: Clause): boolean {
  return !clause.isContents && clause.textAt >= clause.body.text.length;
}

/** A title, or a short clause introducing a list ("Payer shall pay: (a) …"), belongs with what follows it. */
function isLeadIn(clause: Clause, options: ChunkingOptions): boolean {
  if (isTitleOnly(clause)) return true;
  const own = clause.body.text.slice(clause.textAt).trim();
  return !clause.isContents && own.endsWith(":") && own.length < options.minChars;
}

/** A definition: the quoted term, then what says it is defined ("“Clean Claim” means…", "“Effective Date” shall mean…"). */
const definition = String.raw`["“]([^"”]{1,80})["”]\s*(?:\([^)]*\)\s*)?(?:means|shall mean|has the meaning|shall have the meaning|refers to|is defined)\b`;
const definitionOpening = new RegExp(`^${definition}`, "i");
const definitionAnywhere = new RegExp(definition, "gi");

/** The terms a text defines, lower case with single spaces. */
export function definedTerms(text: string): string[] {
  return [...text.matchAll(definitionAnywhere)].map((match) => match[1]!.toLowerCase().replace(/\s+/g, " "));
}
const definitionsHeading = /\bdefinitions?\b|\bdefined terms\b/i;
/** Lower-case words in one sentence that only running text has (not titles, names or signature blocks)… */
const RUNNING_TEXT_WORDS = 4;
/** …or this many words of any case: a capitalised paragraph is running text too. */
const RUNNING_CAPS_WORDS = 16;

function hasRunningText(text: string): boolean {
  return text.split(/[.;:!?\n]/).some((segment) => {
    const words = segment.split(/\s+/).filter((word) => /\p{L}/u.test(word));
    return words.length >= RUNNING_CAPS_WORDS || words.filter((word) => /^[a-z]/.test(word)).length >= RUNNING_TEXT_WORDS;
  });
}

/** What kind of text a chunk is, from its clauses and words: see PassageKind. */
export function passageKind(pieces: readonly { clause: Clause; text: string }[]): PassageKind {
  const content = pieces.filter((piece) => !isTitleOnly(piece.clause));
  if (content.some((piece) => piece.clause.isContents)) return "contents";
  const definitions = content.filter((piece) => definitionOpening.test(piece.text.slice(Math.min(piece.clause.textAt, piece.text.length)).trim()));
  const isUnderDefinitions = content.some((piece) => piece.clause.path.some((heading) => definitionsHeading.test(heading)));
  // A list of definitions; one clause defining its own term ("Revenues" means… and is paid…) is an operative clause.
  if (content.length > 0 && (isUnderDefinitions || (definitions.length >= 2 && definitions.length * 2 >= content.length))) return "definitions";
  return pieces.some((piece) => hasRunningText(piece.text)) ? "body" : "title";
}

function toChunk(pieces: Piece[], ordinal: number, clauses: Clause[], options: ChunkingOptions): Chunk {
  const first = pieces[0]!;
  const last = pieces.at(-1)!;
  const content = pieces.find((piece) => !isLeadIn(piece.clause, options)) ?? first;
  const start = positionOf(first.clause.body, first.from)!;
  const end = positionOf(last.clause.body, Math.max(last.from, last.to - 1))!;
  const numbers = [...new Set(pieces.map((piece) => piece.clause.number).filter((number): number is string => number !== null))];
  const coversSiblings = pieces.some((piece) => piece.clause !== content.clause && !isTitleOnly(piece.clause));
  // A passage of several clauses is named after the clause that holds them all.
  const owner = coversSiblings && content.clause.parentIndex !== null ? clauses[content.clause.parentIndex]! : content.clause;
  let text = "";
  const passageClauses: PassageClause[] = [];
  const texts: { clause: Clause; text: string }[] = [];
  for (const piece of pieces) {
    const pieceText = piece.clause.body.text.slice(piece.from, piece.to).trim();
    if (text) text += "\n\n";
    const at = text.length;
    const textAt = piece.from === 0 ? at + Math.min(piece.clause.textAt, pieceText.length) : at;
    passageClauses.push({ at, textAt, number: piece.clause.number, heading: piece.clause.heading });
    texts.push({ clause: piece.clause, text: pieceText });
    text += pieceText;
  }
  return {
    ordinal,
    clauseNumber: owner.number,
    clauseNumbers: numbers,
    heading: owner.heading || headingOf(owner),
    headingPath: owner.path,
    pageStart: start.pageNumber,
    pageEnd: end.pageNumber,
    start,
    end: { pageNumber: end.pageNumber, offset: end.offset + 1 },
    text,
    clauses: passageClauses,
    kind: passageKind(texts),
  };
}

function isWholeClause(piece: Piece): boolean {
  return piece.from === 0 && piece.to === piece.clause.body.text.length;
}

/**
 * Chunks follow clauses: one chunk per clause, long clauses split at sentence ends, short
 * neighbours under the same parent merged, so every chunk stays within `maxChars`. A title with
 * no text of its own opens the chunk of the text it heads. A chunk's text is the clauses' printed
 * words, each clause starting a paragraph; where each clause starts is kept beside it.
 */
export function chunkClauses(clauses: Clause[], options: ChunkingOptions = defaultChunking): Chunk[] {
  const groups: Piece[][] = [];
  let leadIns: Piece[] = [];
  for (const clause of clauses) {
    if (!clause.body.text) continue;
    if (isLeadIn(clause, options)) {
      leadIns.push({ clause, from: 0, to: clause.body.text.length });
      continue;
    }
    const ranges = splitText(clause.body.text, options.maxChars);
    ranges.forEach(([from, to], index) => {
      const piece = { clause, from, to };
      if (index === 0 && leadIns.length > 0) {
        groups.push([...leadIns, piece]);
        leadIns = [];
        return;
      }
      const group = groups.at(-1);
      const groupLength = group?.reduce((total, item) => total + item.to - item.from, 0) ?? 0;
      const groupContent = group?.find((item) => !isLeadIn(item.clause, options));
      // Only whole clauses merge: a piece of a split clause keeps its own chunk.
      const canMerge =
        ranges.length === 1 &&
        group !== undefined &&
        groupContent !== undefined &&
        group.every(isWholeClause) &&
        !groupContent.clause.isContents &&
        !clause.isContents &&
        groupLength + (to - from) <= options.maxChars &&
        (groupLength < options.minChars || to - from < options.minChars) &&
        groupContent.clause.parentIndex === clause.parentIndex &&
        groupContent.clause.pageStart <= clause.pageStart;
      if (canMerge) group.push(piece);
      else groups.push([piece]);
    });
  }
  if (leadIns.length > 0) groups.push(leadIns);
  return groups.map((pieces, ordinal) => toChunk(pieces, ordinal, clauses, options));
}

/** The headings full-text search weighs above body text: the chunk's place in the outline and every clause it covers. */
export function searchableHeadings(chunk: Pick<Chunk, "headingPath" | "clauses">): string {
  const headings = [...chunk.headingPath, ...chunk.clauses.map((clause) => headingOf(clause))];
  return [...new Set(headings.filter(Boolean))].join(" ");
}
