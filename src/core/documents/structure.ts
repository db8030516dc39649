import { readClauseMarker, type ClauseMarker } from "./clause-markers";
import { removePageFurniture, splitPageLines, type PageLine, type PageText } from "./page-lines";
import type { OutlineEntry } from "../../shared/documents";

export interface TextPosition {
  pageNumber: number;
  offset: number;
}

/** A joined run of text and where each piece of it came from. */
export interface MappedText {
  text: string;
  /** Ascending: joined text from `at` onwards comes from `line`, starting at its `lineOffset`. */
  pieces: { at: number; line: PageLine; lineOffset: number }[];
}

export interface Clause {
  index: number;
  parentIndex: number | null;
  level: number;
  /** "7.2", "1.2(a)", "Article IV", "Exhibit B"; null for unnumbered headings and the preamble. */
  number: string | null;
  heading: string;
  /** Headings from the top of the outline down to this clause. */
  path: string[];
  pageStart: number;
  pageEnd: number;
  body: MappedText;
}

interface OpenClause {
  clause: Clause;
  kind: ClauseMarker["kind"] | "preamble";
  letterStyle?: LetterStyle;
}

type LetterStyle = "alpha" | "roman" | "digit";

const romanNumerals = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii|xiii|xiv|xv)$/;

function letterStyleOf(letter: string, previous: OpenClause | undefined): LetterStyle {
  if (/^\d+$/.test(letter)) return "digit";
  if (romanNumerals.test(letter)) {
    const previousLetter = previous?.clause.number?.match(/\(([a-z]+)\)$/)?.[1];
    const continuesAlphabet = previous?.letterStyle === "alpha" && previousLetter && letter.length === 1 && letter.charCodeAt(0) === previousLetter.charCodeAt(0) + 1;
    return continuesAlphabet ? "alpha" : "roman";
  }
  return "alpha";
}

function endsSentenceOrBlock(line: PageLine | undefined): boolean {
  return !line || line.text === "" || /[.:;!?)”"]$/.test(line.text) || /;\s*(and|or)$/.test(line.text);
}

const unitWords = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const tensWords = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** "two" → 2, "thirty-five" → 35; undefined for anything else. */
export function spelledNumber(word: string): number | undefined {
  const [tens, unit, extra] = word.toLowerCase().split("-");
  if (extra !== undefined || !tens) return undefined;
  if (unit === undefined) {
    const asUnit = unitWords.indexOf(tens);
    return asUnit >= 0 ? asUnit : tensWords.indexOf(tens) >= 2 ? tensWords.indexOf(tens) * 10 : undefined;
  }
  const tensValue = tensWords.indexOf(tens);
  const unitValue = unitWords.indexOf(unit);
  return tensValue >= 2 && unitValue >= 1 && unitValue <= 9 ? tensValue * 10 + unitValue : undefined;
}

/** "…by giving two" + "(2) years…": the figure that contracts write after a spelled number, wrapped onto the next line. */
function restatesSpelledNumber(previous: PageLine | undefined, marker: ClauseMarker): boolean {
  if (marker.kind !== "lettered" || !/^\d+$/.test(marker.letter) || !previous) return false;
  const lastWord = previous.text.match(/([A-Za-z-]+)$/)?.[1];
  return lastWord !== undefined && spelledNumber(lastWord) === Number(marker.letter);
}

export function headingOf(clause: Pick<Clause, "number" | "heading">): string {
  return [clause.number, clause.heading].filter(Boolean).join(" ");
}

// Words that keep their hyphen when a line ends after it ("non-", "know-how"): contracts break
// lines at a compound's own hyphen far more often than they hyphenate words.
const hyphenatedPrefixes = new Set(["anti", "co", "cross", "e", "know", "multi", "non", "quasi", "self", "semi", "well"]);

/** How a line ending in a hyphen joins the next: a compound keeps its hyphen, a hyphenated word loses it. */
function hyphenJoin(before: string, next: string): "keep" | "drop" | undefined {
  // Checked first: the pattern below would otherwise scan the whole clause so far on every line.
  if (!before.endsWith("-")) return undefined;
  const fragment = before.match(/(\p{L}+)-$/u)?.[1];
  if (!fragment || !/^\p{L}/u.test(next)) return undefined;
  const isCompound = /^\p{Lu}/u.test(next) || /^\p{Lu}/u.test(fragment) || hyphenatedPrefixes.has(fragment.toLowerCase());
  if (isCompound) return "keep";
  return /^\p{Ll}/u.test(next) ? "drop" : undefined;
}

/** Appends a line to mapped text, joining wrapped lines and hyphenated words as they were written. */
function appendLine(target: MappedText, line: PageLine, text: string, lineOffset: number): void {
  if (!text) {
    if (target.text && !target.text.endsWith("\n\n")) target.text += "\n\n";
    return;
  }
  const hyphen = hyphenJoin(target.text, text);
  if (hyphen === "drop") target.text = target.text.slice(0, -1);
  else if (!hyphen && target.text && !target.text.endsWith("\n\n")) target.text += " ";
  target.pieces.push({ at: target.text.length, line, lineOffset });
  target.text += text;
}

function trimMapped(mapped: MappedText): MappedText {
  const trimmed = mapped.text.trimEnd();
  return { text: trimmed, pieces: mapped.pieces.filter((piece) => piece.at < trimmed.length || piece.at === 0) };
}

/**
 * Turns extracted pages into an outline of clauses: running headers, footers and page numbers
 * dropped; numbered clauses, articles, sections, lettered items, exhibits and ALL-CAPS titles
 * recognised; each clause's own text joined with its page span.
 */
export function structureDocument(pages: PageText[]): Clause[] {
  const lines = removePageFurniture(pages.map(splitPageLines)).flat();
  const clauses: Clause[] = [];
  const stack: OpenClause[] = [];
  let expectedTopLevel = 1;

  const open = (entry: OpenClause) => {
    while (stack.length > 0 && stack.at(-1)!.clause.level >= entry.clause.level) stack.pop();
    const parent = stack.at(-1)?.clause;
    entry.clause.parentIndex = parent?.index ?? null;
    entry.clause.path = [...(parent?.path ?? []), headingOf(entry.clause)].filter(Boolean);
    clauses.push(entry.clause);
    stack.push(entry);
  };

  const newClause = (line: PageLine, level: number, number: string | null, heading: string): Clause => ({
    index: clauses.length,
    parentIndex: null,
    level,
    number,
    heading,
    path: [],
    pageStart: line.pageNumber,
    pageEnd: line.pageNumber,
    body: { text: "", pieces: [] },
  });

  const levelBase = () => {
    const attachment = stack.find((entry) => entry.kind === "attachment");
    const article = stack.find((entry) => entry.kind === "article");
    return (attachment ? 1 : 0) + (article ? article.clause.level : 0);
  };

  // A marker counts only where a new clause can begin: after a finished sentence, a blank line,
  // another marker line or a page break, never in the middle of a wrapped sentence.
  let previousStartedClause = false;
  lines.forEach((line, position) => {
    const previous = lines[position - 1];
    const read = line.text ? readClauseMarker(line.text, expectedTopLevel) : undefined;
    const marker = read && !restatesSpelledNumber(previous, read) ? read : undefined;
    const isStrong = marker?.kind === "attachment" || marker?.kind === "article";
    const isAtBoundary = previousStartedClause || endsSentenceOrBlock(previous) || previous?.pageNumber !== line.pageNumber;
    const accepted = marker && (isStrong || isAtBoundary) ? marker : undefined;
    if (line.text) previousStartedClause = accepted !== undefined;
    const current = stack.at(-1);

    if (!accepted) {
      if (!current) open({ clause: newClause(line, 1, null, ""), kind: "preamble" });
      const target = stack.at(-1)!.clause;
      appendLine(target.body, line, line.text, 0);
      if (line.text) target.pageEnd = line.pageNumber;
      return;
    }

    const restOffset = (rest: string) => Math.max(0, line.text.length - rest.length);
    switch (accepted.kind) {
      case "attachment": {
        stack.length = 0;
        open({ clause: newClause(line, 0, accepted.label, accepted.title), kind: "attachment" });
        expectedTopLevel = 1;
        return;
      }
      case "article": {
        const level = (stack.some((entry) => entry.kind === "attachment") ? 1 : 0) + 1;
        open({ clause: newClause(line, level, accepted.number, accepted.title), kind: "article" });
        if (accepted.rest) appendLine(stack.at(-1)!.clause.body, line, accepted.rest, restOffset(accepted.rest));
        return;
      }
      case "numbered": {
        const clause = newClause(line, levelBase() + accepted.depth, accepted.number, accepted.title);
        open({ clause, kind: "numbered" });
        if (accepted.depth === 1) expectedTopLevel = Number.parseInt(accepted.number, 10) + 1;
        if (accepted.rest) appendLine(clause.body, line, accepted.rest, restOffset(accepted.rest));
        return;
      }
      case "lettered": {
        const owner = [...stack].reverse().find((entry) => entry.kind === "numbered" || entry.kind === "lettered" || entry.kind === "article");
        if (!owner) {
          const target = current?.clause ?? (open({ clause: newClause(line, 1, null, ""), kind: "preamble" }), stack.at(-1)!.clause);
          appendLine(target.body, line, line.text, 0);
          return;
        }
        const style = letterStyleOf(accepted.letter, owner.kind === "lettered" ? owner : undefined);
        const sibling = owner.kind === "lettered" && owner.letterStyle === style ? owner : undefined;
        const parent = sibling ? stack[stack.indexOf(sibling) - 1]!.clause : owner.clause;
        const parentNumber = parent.number ?? "";
        const clause = newClause(line, parent.level + 1, `${parentNumber}(${accepted.letter})`, "");
        open({ clause, kind: "lettered", letterStyle: style });
        appendLine(clause.body, line, accepted.rest, restOffset(accepted.rest));
        return;
      }
      case "caps-heading": {
        open({ clause: newClause(line, 1, null, accepted.title), kind: "caps-heading" });
        return;
      }
    }
  });

  return clauses.map((clause) => ({ ...clause, body: trimMapped(clause.body) }));
}

/** Where a character of mapped text came from in its page's text. */
export function positionOf(mapped: MappedText, at: number): TextPosition | undefined {
  let piece = mapped.pieces[0];
  for (const candidate of mapped.pieces) {
    if (candidate.at > at) break;
    piece = candidate;
  }
  if (!piece) return undefined;
  const offset = Math.min(piece.line.end, piece.line.start + piece.lineOffset + Math.max(0, at - piece.at));
  return { pageNumber: piece.line.pageNumber, offset };
}

/** Every clause with a heading, in document order, with the page it starts on: the document's outline. */
export function outlineOf(clauses: Clause[]): OutlineEntry[] {
  return clauses
    .filter((clause) => clause.path.length > 0)
    .map((clause) => ({ clauseNumber: clause.number, heading: clause.path.at(-1)!, path: clause.path, page: clause.pageStart }));
}
