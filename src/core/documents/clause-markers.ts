/** What a line's beginning says about where it sits in the contract's outline. */
export type ClauseMarker =
  | { kind: "attachment"; label: string; title: string }
  | { kind: "article"; number: string; title: string; rest: string }
  | { kind: "numbered"; number: string; depth: number; title: string; rest: string }
  | { kind: "lettered"; letter: string; rest: string }
  | { kind: "caps-heading"; title: string };

const attachmentPattern =
  /^(EXHIBIT|Exhibit|SCHEDULE|Schedule|APPENDIX|Appendix|ATTACHMENT|Attachment|ADDENDUM|Addendum|AMENDMENT|Amendment)\s+([A-Z]{1,3}|\d{1,3}(?:\.\d{1,3})?|[IVX]{1,5})\b[.:]?(?:\s*[-–—:]\s*|\s+)?(.*)$/;
const articlePattern = /^(?:ARTICLE|Article)\s+([IVXLC]{1,7}|\d{1,3})\b[.:]?\s*[-–—]?\s*(.*)$/;
const sectionPattern = /^(?:SECTION|Section|Sec\.|§)\s*(\d{1,3}(?:\.\d{1,3}){0,4})\.?(?:\s*\(([a-z]{1,3})\))?\s*[.:]?\s*[-–—]?\s*(.*)$/;
const decimalPattern = /^(\d{1,3}(?:\.\d{1,3}){1,4})\.?(?:\s*\(([a-z]{1,3})\))?\s+(\S.*)$/;
const topLevelPattern = /^(\d{1,3})\.\s+(\S.*)$/;
const bareTopLevelPattern = /^(\d{1,3})\s+([A-Z][A-Za-z'’&,;\- ]{2,60}\.?)$/;
const letteredPattern = /^\(([a-z]{1,2}|[ivxlc]{1,5}|\d{1,2})\)\s+(\S.*)$/;
const dottedLetterPattern = /^([a-z])[.)]\s+(\S.*)$/;

const MAX_TITLE_WORDS = 12;

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function isMostlyUpperCase(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, "");
  if (letters.length < 3) return false;
  const upper = letters.replace(/[^A-Z]/g, "").length;
  return upper / letters.length >= 0.85;
}

function isTitleLike(text: string): boolean {
  const words = text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word));
  if (words.length === 0 || words.length > MAX_TITLE_WORDS) return false;
  const minor = /^(a|an|and|as|at|by|for|from|in|of|on|or|the|to|with|without|upon|under)$/i;
  return words.every((word, index) => /^[A-Z("'“]/.test(word) || (index > 0 && minor.test(word)));
}

/**
 * "Termination without Cause. Either party may…" → title and the body that follows.
 * A title is short and Title Case or ALL CAPS; otherwise the whole line is body.
 */
export function splitTitle(text: string): { title: string; rest: string } {
  const match = text.match(/^(.{2,120}?)(?:\.|:|\s[-–—])(?:\s+|$)(.*)$/);
  if (match) {
    const [, candidate, rest] = match;
    if (candidate && (isMostlyUpperCase(candidate) || isTitleLike(candidate))) return { title: candidate.trim(), rest: (rest ?? "").trim() };
  }
  if (wordCount(text) <= MAX_TITLE_WORDS && (isMostlyUpperCase(text) || isTitleLike(text)) && !/[.;,]$/.test(text)) {
    return { title: text.trim(), rest: "" };
  }
  return { title: "", rest: text.trim() };
}

export function isCapsHeading(text: string): boolean {
  return wordCount(text) <= MAX_TITLE_WORDS && text.length <= 100 && isMostlyUpperCase(text) && !/[,;]$/.test(text) && /[A-Z]{2}/.test(text);
}

/** Reads the marker at the start of a line; `expectedTopLevel` guards bare numbers like "3 Purchase". */
export function readClauseMarker(line: string, expectedTopLevel: number): ClauseMarker | undefined {
  const text = line.trim();
  if (!text) return undefined;

  const attachment = text.match(attachmentPattern);
  if (attachment && (attachment[3] === "" || isCapsHeading(attachment[3]!) || isTitleLike(attachment[3]!) || /^\d/.test(attachment[2]!))) {
    return { kind: "attachment", label: `${capitalize(attachment[1]!)} ${attachment[2]}`, title: attachment[3]!.trim() };
  }

  const article = text.match(articlePattern);
  if (article) {
    const { title, rest } = splitTitle(article[2] ?? "");
    return { kind: "article", number: `Article ${article[1]}`, title, rest };
  }

  const section = text.match(sectionPattern);
  if (section) return numbered(section[1]!, section[2], section[3] ?? "");

  const decimal = text.match(decimalPattern);
  if (decimal && /^["“'(A-Z0-9§]/.test(decimal[3]!)) return numbered(decimal[1]!, decimal[2], decimal[3]!);

  const topLevel = text.match(topLevelPattern);
  if (topLevel && Number(topLevel[1]) <= 60 && /^["“'(A-Z]/.test(topLevel[2]!)) return numbered(topLevel[1]!, undefined, topLevel[2]!);

  const bare = text.match(bareTopLevelPattern);
  if (bare && Number(bare[1]) === expectedTopLevel) return numbered(bare[1]!, undefined, bare[2]!);

  const lettered = text.match(letteredPattern) ?? text.match(dottedLetterPattern);
  if (lettered) return { kind: "lettered", letter: lettered[1]!, rest: lettered[2]! };

  if (isCapsHeading(text)) return { kind: "caps-heading", title: text };
  return undefined;
}

function numbered(number: string, letter: string | undefined, text: string): ClauseMarker {
  const { title, rest } = splitTitle(text);
  const fullNumber = letter ? `${number}(${letter})` : number;
  // "1.0 DEFINITIONS" heads clauses 1.1, 1.2…: it is clause 1 written with a zero.
  const levels = number.replace(/(\.0)+$/, "").split(".").length;
  return { kind: "numbered", number: fullNumber, depth: levels + (letter ? 1 : 0), title, rest };
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
