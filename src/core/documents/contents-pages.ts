import type { PageLine } from "./page-lines";

/** "Termination . . . . . 23", "Fees.........4", "Insurance …… 7": an entry with dot leaders. */
const leaderEntry = /\S(?:\s*(?:\.\s?){3,}|\s*…+|\s*_{3,})\s*(\d{1,3}|[ivxl]{1,6})$/i;
/** "Quick Search 15": an entry without leaders, recognised only among others like it. */
const plainEntry = /\p{L}[^\d]*\s(\d{1,3})$/u;
const contentsTitle = /^(?:table\s+of\s+contents|contents|index)\s*:?$/i;
/** Column captions under a contents title ("ARTICLE PAGE", "Section Page", underlines). */
const contentsCaption = /^(?:(?:article|section|clause|page|paragraph|exhibit|schedule)s?\s*)+$|^[-–—_\s]+$/i;

/** Leader-less entries in a row (continuation lines aside) before a run counts as a contents page. */
const MIN_PLAIN_ENTRIES = 5;
/** Entries with leaders in a row before they count without a title. */
const MIN_LEADER_ENTRIES = 2;
/** A long entry wraps: this many lines without a page number may sit between two entries. */
const MAX_CONTINUATION_LINES = 2;

function entryPage(text: string): number | undefined {
  const match = text.match(leaderEntry) ?? text.match(plainEntry);
  const value = match?.[1];
  if (!value) return undefined;
  return /^\d+$/.test(value) ? Number(value) : 0;
}

function isEntry(text: string): boolean {
  return entryPage(text) !== undefined;
}

/**
 * The lines that form a table of contents. Its entries name clauses ("II. TERM AND RENEWAL . . . 3"),
 * so read as clause markers they would put a second, empty outline in front of the contract; they
 * are kept as text of their own instead. A contents page is a "Contents" title followed by entries,
 * two or more entries with dot leaders, or five or more entries whose page numbers never go down.
 */
export function findContentsLines(lines: readonly PageLine[]): Set<number> {
  const found = new Set<number>();
  let index = 0;
  while (index < lines.length) {
    const end = contentsRunEnd(lines, index);
    if (end > index) {
      for (let at = index; at < end; at++) found.add(at);
      index = end;
    } else index++;
  }
  return found;
}

/** Where a contents run starting at `start` ends (exclusive); `start` when none starts there. */
function contentsRunEnd(lines: readonly PageLine[], start: number): number {
  const first = lines[start]!.text;
  const hasTitle = contentsTitle.test(first);
  if (!hasTitle && !isEntry(first)) return start;
  let entries = 0;
  let leaderEntries = 0;
  let lastPage = -1;
  let isOrdered = true;
  let end = hasTitle ? start + 1 : start;
  let pending = 0;
  for (let at = end; at < lines.length; at++) {
    const text = lines[at]!.text;
    if (!text || contentsCaption.test(text)) {
      pending += text ? 1 : 0;
      continue;
    }
    const page = entryPage(text);
    if (page === undefined) {
      if (++pending > MAX_CONTINUATION_LINES) break;
      continue;
    }
    entries++;
    if (leaderEntry.test(text)) leaderEntries++;
    if (page > 0 && page < lastPage) isOrdered = false;
    if (page > 0) lastPage = page;
    pending = 0;
    end = at + 1;
  }
  const isContents = (hasTitle && entries >= MIN_LEADER_ENTRIES) || leaderEntries >= MIN_LEADER_ENTRIES || (entries >= MIN_PLAIN_ENTRIES && isOrdered);
  return isContents ? end : start;
}
