import { isCapsHeading, isMostlyUpperCase, readClauseMarker, type ClauseMarker } from "./clause-markers";
import { findContentsLines } from "./contents-pages";
import { isPageNumber, removePageFurniture, splitPageLines, type PageLine, type PageText } from "./page-lines";
import type { OutlineEntry } from "../../shared/contracts/documents";

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
  /** The clause as printed: its number and title, when it has them, then its own text. */
  body: MappedText;
  /** Where the clause's own text starts in `body.text`, after its printed number and title. */
  textAt: number;
  /** A table of contents: kept as text, never read for clause markers. */
  isContents: boolean;
}

interface OpenClause {
  clause: Clause;
  kind: ClauseMarker["kind"] | "preamble" | "contents";
  letterStyle?: LetterStyle;
}

type LetterStyle = "alpha" | "roman" | "digit";

const romanNumerals = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii|xiii|xiv|xv)$/;

function letterStyleOf(letter: string, previous: OpenClause | undefined): LetterStyle {
  if (/^\d+$/.test(letter)) return "digit";
  if (romanNumerals.test(letter)) {
    const previousLetter = previous?.clause.number?.match(/\(([a-z]+)\)$/)?.[1];
    const continuesAlphabet =
      previous?.letterStyle === "alpha" && previousLetter && letter.length === 1 && letter.charCodeAt(0) === previousLetter.charCodeAt(0) + 1;
    return continuesAlphabet ? "alpha" : "roman";
  }
  return "alpha";
}

/** Whether a clause may begin after `line`: a finished sentence, a blank line, or a page number printed mid-page (a printed page break inside a PDF page). */
function endsSentenceOrBlock(line: PageLine | undefined): boolean {
  return !line || line.text === "" || /[.:;!?)”"]$/.test(line.text) || /;\s*(and|or)$/.test(line.text) || isPageNumber(line.text);
}

const unitWords = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const tensWords = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** A tens word run into its unit where the hyphen was lost at a line break ("sixtyfive"), or written with a space. */
const joinedCompound = /^(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[\s-]?(?=[a-z])/;

/** "two" → 2, "thirty-five" (or "thirty five", "thirtyfive") → 35; undefined for anything else. */
export function spelledNumber(word: string): number | undefined {
  const [tens, unit, extra] = word.toLowerCase().replace(joinedCompound, "$1-").split("-");
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

/**
 * Appends a printed line to a clause, joining wrapped lines and hyphenated words as they were
 * written. A line after a title that stands alone, and every line of a contents page, starts a
 * line of its own.
 */
function appendLine(clause: Clause, line: PageLine): void {
  const target = clause.body;
  if (!line.text) {
    if (target.text && !target.text.endsWith("\n\n")) target.text += "\n\n";
    return;
  }
  const isAfterTitle = target.text.length > 0 && target.text.length === clause.textAt;
  const hyphen = isAfterTitle || clause.isContents ? undefined : hyphenJoin(target.text, line.text);
  if (hyphen === "drop") target.text = target.text.slice(0, -1);
  else if (!hyphen && target.text && !target.text.endsWith("\n")) target.text += isAfterTitle || clause.isContents ? "\n" : " ";
  target.pieces.push({ at: target.text.length, line, lineOffset: 0 });
  target.text += line.text;
}

/** Words a title never ends with: a capitalised line ending in one runs on into the next line. */
const runOnWords = new Set(
  "a an and any are as at be by each either for from in into is its may must no nor not of on or other shall such than that the their this to under upon which will with".split(
    " ",
  ),
);
/** Lines made of these alone ("BETWEEN", "AND") join the title block around them rather than head a clause. */
const titleFillerWords = new Set([...runOnWords, "between", "among", "dated", "hereby"]);
const MAX_CAPS_TITLE_LINES = 4;
const MAX_CAPS_TITLE_WORDS = 12;
/** A title standing alone above a capitalised paragraph is short and clearly shorter than the paragraph's lines. */
const MAX_LEADING_TITLE_WORDS = 8;
const LEADING_TITLE_WIDTH = 0.7;

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word));
}

function runsOn(text: string): boolean {
  if (/[,;]$/.test(text)) return true;
  const lastWord = text.match(/([A-Za-z]+)[^A-Za-z]*$/)?.[1];
  return lastWord !== undefined && !/[.:]$/.test(text) && runOnWords.has(lastWord.toLowerCase());
}

function hasTitleWord(text: string): boolean {
  return wordsOf(text).some((word) => /[A-Za-z]{3,}/.test(word) && !titleFillerWords.has(word.replace(/[^A-Za-z]/g, "").toLowerCase()));
}

/**
 * How many lines from `start` make an ALL-CAPS title: a run of capitalised lines is a title when
 * it is short and does not run on; a longer run is a capitalised paragraph (a liability cap, a
 * warranty disclaimer, a hold-harmless) and so body text — unless its first line stands apart as
 * the paragraph's title. 0 when the line is body text.
 */
function capsTitleLength(lines: readonly PageLine[], start: number, isMarkerLine: (line: PageLine) => boolean): number {
  const run: PageLine[] = [];
  for (let at = start; at < lines.length && run.length < MAX_CAPS_TITLE_LINES + 1; at++) {
    const line = lines[at]!;
    const isSamePage = line.pageNumber === lines[start]!.pageNumber;
    if (!line.text || !isSamePage || !isMostlyUpperCase(line.text) || (run.length > 0 && isMarkerLine(line))) break;
    run.push(line);
  }
  const [first, second] = run;
  if (!first || !hasTitleWord(first.text)) return 0;
  const words = run.reduce((total, line) => total + wordsOf(line.text).length, 0);
  if (run.length <= MAX_CAPS_TITLE_LINES && words <= MAX_CAPS_TITLE_WORDS && !runsOn(run.at(-1)!.text)) return run.length;
  const standsApart =
    second !== undefined &&
    isCapsHeading(first.text) &&
    wordsOf(first.text).length <= MAX_LEADING_TITLE_WORDS &&
    !first.text.includes(",") &&
    !runsOn(first.text) &&
    first.text.length < LEADING_TITLE_WIDTH * second.text.length;
  return standsApart ? 1 : 0;
}

function trimMapped(mapped: MappedText): MappedText {
  const trimmed = mapped.text.trimEnd();
  return { text: trimmed, pieces: mapped.pieces.filter((piece) => piece.at < trimmed.length || piece.at === 0) };
}

/**
 * Turns extracted pages into an outline of clauses: running headers, footers and page numbers
 * dropped; numbered clauses, articles, sections, lettered items, exhibits and ALL-CAPS titles
 * recognised; each clause's printed lines joined with its page span. Every other line of the
 * pages belongs to exactly one clause: titles, cover pages, contents pages and capitalised
 * paragraphs included.
 */
export function structureDocument(pages: PageText[]): Clause[] {
  const lines = removePageFurniture(pages.map(splitPageLines)).flat();
  const contentsLines = findContentsLines(lines);
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
    return entry.clause;
  };

  const newClause = (line: PageLine, level: number, number: string | null, heading: string, isContents = false): Clause => ({
    index: clauses.length,
    parentIndex: null,
    level,
    number,
    heading,
    path: [],
    pageStart: line.pageNumber,
    pageEnd: line.pageNumber,
    body: { text: "", pieces: [] },
    textAt: 0,
    isContents,
  });

  /** Starts a clause with its printed line; its own text starts `textAt` characters into that line. */
  const openWithLine = (entry: OpenClause, line: PageLine, textAt = line.text.length) => {
    const clause = open(entry);
    appendLine(clause, line);
    clause.textAt = textAt;
    return clause;
  };

  const levelBase = () => {
    const attachment = stack.find((entry) => entry.kind === "attachment");
    const article = stack.find((entry) => entry.kind === "article");
    return (attachment ? 1 : 0) + (article ? article.clause.level : 0);
  };

  const appendToCurrent = (line: PageLine) => {
    if (stack.length === 0) open({ clause: newClause(line, 1, null, ""), kind: "preamble" });
    const target = stack.at(-1)!.clause;
    appendLine(target, line);
    if (line.text) target.pageEnd = line.pageNumber;
  };

  const markerOf = (line: PageLine) => (line.text ? readClauseMarker(line.text, expectedTopLevel) : undefined);
  const isMarkerLine = (line: PageLine) => {
    const kind = markerOf(line)?.kind;
    return kind !== undefined && kind !== "caps-heading";
  };

  // A marker counts only where a new clause can begin: after a finished sentence, a blank line,
  // another marker line or a page break, never in the middle of a wrapped sentence.
  let previousStartedClause = false;
  for (let position = 0; position < lines.length; position++) {
    const line = lines[position]!;
    const previous = lines[position - 1];
    if (contentsLines.has(position)) {
      if (stack.at(-1)?.kind !== "contents") {
        const title = contentsLines.has(position - 1) || !/contents|index/i.test(line.text) ? "" : line.text;
        const contents: OpenClause = { clause: newClause(line, 1, null, title || "Contents", true), kind: "contents" };
        if (title) {
          openWithLine(contents, line);
          continue;
        }
        open(contents);
      }
      appendToCurrent(line);
      continue;
    }
    if (stack.at(-1)?.kind === "contents") stack.pop();

    const read = markerOf(line);
    const marker = read && !restatesSpelledNumber(previous, read) ? read : undefined;
    const isStrong = marker?.kind === "attachment" || marker?.kind === "article";
    const isAtBoundary: boolean = previousStartedClause || endsSentenceOrBlock(previous) || previous?.pageNumber !== line.pageNumber;
    const titleLines: number = marker?.kind === "caps-heading" && isAtBoundary ? capsTitleLength(lines, position, isMarkerLine) : 0;
    const accepted: ClauseMarker | undefined = marker && (isStrong || isAtBoundary) && (marker.kind !== "caps-heading" || titleLines > 0) ? marker : undefined;
    if (line.text) previousStartedClause = accepted !== undefined;

    if (!accepted) {
      appendToCurrent(line);
      continue;
    }

    const restAt = (rest: string) => (rest ? line.text.length - rest.length : line.text.length);
    switch (accepted.kind) {
      case "attachment": {
        stack.length = 0;
        openWithLine({ clause: newClause(line, 0, accepted.label, accepted.title), kind: "attachment" }, line);
        expectedTopLevel = 1;
        break;
      }
      case "article": {
        const level = (stack.some((entry) => entry.kind === "attachment") ? 1 : 0) + 1;
        openWithLine({ clause: newClause(line, level, accepted.number, accepted.title), kind: "article" }, line, restAt(accepted.rest));
        break;
      }
      case "numbered": {
        openWithLine({ clause: newClause(line, levelBase() + accepted.depth, accepted.number, accepted.title), kind: "numbered" }, line, restAt(accepted.rest));
        if (accepted.depth === 1) expectedTopLevel = Number.parseInt(accepted.number, 10) + 1;
        break;
      }
      case "lettered": {
        const owner = [...stack].reverse().find((entry) => entry.kind === "numbered" || entry.kind === "lettered" || entry.kind === "article");
        if (!owner) {
          appendToCurrent(line);
          break;
        }
        const style = letterStyleOf(accepted.letter, owner.kind === "lettered" ? owner : undefined);
        const sibling = owner.kind === "lettered" && owner.letterStyle === style ? owner : undefined;
        const parent = sibling ? stack[stack.indexOf(sibling) - 1]!.clause : owner.clause;
        const clause = newClause(line, parent.level + 1, `${parent.number ?? ""}(${accepted.letter})`, "");
        openWithLine({ clause, kind: "lettered", letterStyle: style }, line, restAt(accepted.rest));
        break;
      }
      case "caps-heading": {
        const titleRun = lines.slice(position, position + titleLines);
        const heading = titleRun.map((titleLine) => titleLine.text).join(" ");
        // A title over several lines reads as one line: its own text starts after the last of them.
        const clause = openWithLine({ clause: newClause(line, 1, null, heading), kind: "caps-heading" }, line, 0);
        for (const titleLine of titleRun.slice(1)) appendLine(clause, titleLine);
        clause.textAt = clause.body.text.length;
        clause.pageEnd = titleRun.at(-1)!.pageNumber;
        position += titleLines - 1;
        break;
      }
    }
  }

  return clauses.map((clause) => ({ ...clause, body: trimMapped(clause.body) }));
}

/** A clause's own words, without its printed number and title. */
export function ownTextOf(clause: Pick<Clause, "body" | "textAt">): string {
  return clause.body.text.slice(clause.textAt).trim();
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
