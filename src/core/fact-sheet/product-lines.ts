import type { ProductLine } from "../../shared/fact-sheet";
import type { PageTexts } from "../rag/citations";

/**
 * Which program a stretch of a contract governs. Payer agreements are a base agreement for every
 * product followed by attachments, exhibits or addenda for one program each ("MEDICARE ADVANTAGE
 * PARTICIPATION ATTACHMENT"): a part starts at its title block and runs to the next one. A
 * sentence that names a program itself ("For Medicaid Members, …") belongs to that program.
 */

const programs: readonly [ProductLine, RegExp][] = [
  ["medicare_advantage", /\bmedicare advantage\b|\bmedicare\+choice\b|\bmedicare part c\b/i],
  ["chip", /\bchip\b|\bchildren'?s health insurance program\b/i],
  ["medicaid", /\bmedicaid\b|\bmanaged medicaid\b/i],
  ["marketplace", /\bmarketplace\b|\bhealth (?:insurance )?exchange\b|\bqualified health plan\b/i],
  ["commercial", /\bcommercial\b/i],
  ["medicare", /\bmedicare\b/i],
];

/** A title line of a part: set in capitals, short, and naming itself an attachment, exhibit, addendum, appendix or schedule. */
const partTitle = /\b(?:ATTACHMENT|EXHIBIT|ADDENDUM|APPENDIX|SCHEDULE|AMENDMENT)\b/;
const MAX_TITLE_CHARS = 110;

function isCapitalised(line: string): boolean {
  const letters = line.replace(/[^A-Za-z]/g, "");
  return letters.length >= 4 && letters.replace(/[^A-Z]/g, "").length / letters.length >= 0.85;
}

/** The program a title names, if one; "MEDICAID/COVERKIDS PARTICIPATION ATTACHMENT" → medicaid. */
export function programNamedIn(text: string): ProductLine | undefined {
  return programs.find(([, pattern]) => pattern.test(text))?.[0];
}

/** Where each part of the document starts and which program it is for ("all" for the base agreement and parts that name none). */
export interface ContractPart {
  page: number;
  offset: number;
  productLine: ProductLine;
  title: string;
  /** The program was read from the part's text, its title naming none (see `programOfText`). */
  isInferred?: boolean;
}

/** A part that names one program this many times… */
const MIN_PROGRAM_MENTIONS = 3;
/** …and this many times as often as all others together is that program's, though its title does not say so. */
const PROGRAM_MENTION_RATIO = 5;

/**
 * The one program a part's text speaks of, if one: an attachment for a state program's services
 * ("NURSING FACILITY SERVICES PARTICIPATION ATTACHMENT") names Medicaid throughout and no other
 * program, while one for every line of business names several or none.
 */
export function programOfText(text: string): ProductLine | undefined {
  const counts = programs.map(([line, pattern]) => {
    const mentions = [...text.matchAll(new RegExp(pattern.source, "gi"))].length;
    // "Medicare" counts only where it is not "Medicare Advantage", which is counted as its own.
    const advantage = line === "medicare" ? [...text.matchAll(/\bmedicare advantage\b/gi)].length : 0;
    return { line, mentions: mentions - advantage };
  });
  const total = counts.reduce((sum, entry) => sum + entry.mentions, 0);
  const top = counts.reduce((best, entry) => (entry.mentions > best.mentions ? entry : best));
  const others = total - top.mentions;
  return top.mentions >= MIN_PROGRAM_MENTIONS && top.mentions >= PROGRAM_MENTION_RATIO * others ? top.line : undefined;
}

/** The text of each part, from its title to the next part's. */
function partTexts(parts: readonly ContractPart[], pages: PageTexts): string[] {
  const ordered = [...pages].sort(([a], [b]) => a - b);
  return parts.map((part, index) => {
    const next = parts[index + 1];
    return ordered
      .filter(([page]) => page >= part.page && (!next || page <= next.page))
      .map(([page, text]) => text.slice(page === part.page ? part.offset : 0, next && page === next.page ? next.offset : undefined))
      .join("\n");
  });
}

/**
 * The document's parts, in order, read from the title blocks of its pages: consecutive capitalised
 * lines of which one names the part, or a capitalised line that is only a program's name (a
 * rate schedule's "MEDICAID" section).
 */
export function contractParts(pages: PageTexts): ContractPart[] {
  const parts: ContractPart[] = [{ page: 0, offset: 0, productLine: "all", title: "" }];
  for (const [pageNumber, text] of [...pages].sort(([a], [b]) => a - b)) {
    const lines = [...text.matchAll(/[^\n]+/g)].map((match) => ({ text: match[0].trim(), offset: match.index }));
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index]!;
      if (line.text.length > MAX_TITLE_CHARS || !isCapitalised(line.text)) continue;
      const isProgramOnly =
        programNamedIn(line.text) !== undefined &&
        line.text
          .replace(/[^A-Za-z ]/g, "")
          .trim()
          .split(/\s+/).length <= 3;
      if (!partTitle.test(line.text) && !isProgramOnly) continue;
      // The whole title block: the capitalised lines around this one.
      let first = index;
      while (first > 0 && isCapitalised(lines[first - 1]!.text) && lines[first - 1]!.text.length <= MAX_TITLE_CHARS && index - first < 3) first--;
      let last = index;
      while (last + 1 < lines.length && isCapitalised(lines[last + 1]!.text) && lines[last + 1]!.text.length <= MAX_TITLE_CHARS && last - index < 3) last++;
      const title = lines
        .slice(first, last + 1)
        .map((entry) => entry.text)
        .join(" ");
      const previous = parts.at(-1)!;
      if (previous.page === pageNumber && line.offset - previous.offset < 400) continue;
      parts.push({ page: pageNumber, offset: lines[first]!.offset, productLine: programNamedIn(title) ?? "all", title });
      index = last;
    }
  }
  const texts = partTexts(parts, pages);
  return parts.map((part, index) => {
    if (index === 0 || part.productLine !== "all") return part;
    const inferred = programOfText(texts[index]!);
    return inferred ? { ...part, productLine: inferred, isInferred: true } : part;
  });
}

/** The program of the words at `offset` on `page`: the sentence's own naming of one, else the part's. */
export function productLineAt(parts: readonly ContractPart[], page: number, offset: number, sentence: string): ProductLine {
  const part = parts.filter((candidate) => candidate.page < page || (candidate.page === page && candidate.offset <= offset)).at(-1);
  const partLine = part?.productLine ?? "all";
  if (partLine !== "all") return partLine;
  const named =
    /\b(?:medicare advantage|medicaid|chip)(?= (?:members?|enrollees?|beneficiar(?:y|ies)|covered services|claims?|networks?|programs?|products?|plans?)\b)/i.exec(
      sentence,
    );
  return named ? (programNamedIn(named[0]) ?? "all") : "all";
}
