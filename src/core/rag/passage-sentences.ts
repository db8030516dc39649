import { rememberedByText } from "../../shared/remembered";
import { sentenceEnds, type PassageClause } from "../documents/chunking";

/** A sentence of a passage, as the page prints it, without the clause number and title in front of it. */
export interface PassageSentence {
  /** [start, end) in the passage text. */
  start: number;
  end: number;
  text: string;
  /** The clause it belongs to, when the passage records its clauses. */
  clause: PassageClause | undefined;
}

/** A piece this short (a stray "(i)" or "and") is no sentence worth quoting. */
const MIN_SENTENCE_CHARS = 12;
/** A list label the structure did not take for a clause ("A.", "(iv)", "3)", "12.1.") opens the sentence without being part of it. */
const listLabel = /^(?:\(?[A-Za-z]{1,2}\)|\(?\d{1,3}\)|[A-Z]\.|[ivxlIVXL]{1,5}\.|\d{1,3}(?:\.\d{1,3})*[.)])\s+(?=\S)/;

/**
 * A passage's sentences: cut at sentence ends, line ends and where a clause starts, so a sentence
 * never runs from one clause into the next; a clause's printed number and title are left out
 * (they are its label, printed beside the quote). Remembered: every question about a document
 * splits its passages again.
 */
export const sentencesOf: (text: string, clauses: readonly PassageClause[]) => readonly PassageSentence[] = rememberedByText(
  "rag.passage-sentences",
  5_000,
  splitIntoSentences,
  // The clauses whole: two documents may print the same words under other clause numbers.
  (clauses) => JSON.stringify(clauses),
);

function splitIntoSentences(text: string, clauses: readonly PassageClause[]): PassageSentence[] {
  const cuts = new Set<number>([0, text.length, ...sentenceEnds(text, { semicolons: false })]);
  for (const clause of clauses) {
    cuts.add(clause.at);
    cuts.add(clause.textAt);
  }
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) cuts.add(at);
  const ordered = [...cuts].filter((cut) => cut >= 0 && cut <= text.length).sort((a, b) => a - b);
  const sentences: PassageSentence[] = [];
  for (let index = 0; index + 1 < ordered.length; index++) {
    let start = ordered[index]!;
    let end = ordered[index + 1]!;
    while (start < end && /\s/.test(text[start]!)) start++;
    start += listLabel.exec(text.slice(start, end))?.[0].length ?? 0;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    const clause = clauses.filter((candidate) => candidate.at <= start).at(-1);
    const isLabel = clause !== undefined && start < clause.textAt;
    if (end - start < MIN_SENTENCE_CHARS || isLabel) continue;
    sentences.push({ start, end, text: text.slice(start, end), clause });
  }
  return sentences;
}

export const MAX_QUOTE_CHARS = 320;
/** Of a long sentence whose fact lies past the quote's length, how much of its opening is kept before the ellipsis. */
const OPENING_CHARS = 140;

function cutAtWord(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const boundary = text.lastIndexOf(" ", maxChars);
  return `${text.slice(0, boundary > maxChars / 2 ? boundary : maxChars).trimEnd()} …`;
}

/**
 * What to quote of a sentence: all of it, or — for a long one — its opening up to the length
 * allowed, so the quote always starts where the sentence does. When the words that matter (a
 * fact at `focus`) lie further on, the opening is followed by an ellipsis and the stretch around them.
 */
export function quoteOf(sentence: string, focus?: { start: number; end: number }, maxChars = MAX_QUOTE_CHARS): string {
  if (sentence.length <= maxChars || !focus || focus.end <= maxChars - 2) return cutAtWord(sentence, maxChars);
  const opening = cutAtWord(sentence, OPENING_CHARS).replace(/ …$/, "");
  const room = maxChars - opening.length - 3;
  const from = Math.max(opening.length, sentence.lastIndexOf(" ", Math.max(0, focus.start - Math.floor(room / 3))) + 1);
  return `${opening} … ${cutAtWord(sentence.slice(from), room)}`;
}
