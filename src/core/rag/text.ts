import { remembered } from "../../shared/remembered";

/** Words that carry no meaning for finding a clause: English function words and question words. */
const stopwords = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing " +
    "down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just " +
    "me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the " +
    "their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who " +
    "whom whose why will with would you your yours yourself yourselves also may might must shall tell explain describe please give list show " +
    "say says said kind sort way ways get gets getting got need needs many much e.g eg i.e ie etc contract contracts agreement agreements document documents section clause clauses"
  ).split(" "),
);

/** Lower-case words and numbers of a text, in order ("non-compete" gives "non" and "compete"). */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .match(/[a-z0-9]+(?:'[a-z]+)?/g)
      ?.map((word) => word.replace(/'s$/, "").replace(/'/g, "")) ?? []
  );
}

/** Where each of `tokenize(text)`'s words starts in the text. */
export function tokenStarts(text: string): number[] {
  return [...text.toLowerCase().matchAll(/[a-z0-9]+(?:'[a-z]+)?/g)].map((match) => match.index);
}

export function isStopword(word: string): boolean {
  return stopwords.has(word);
}

/** The words of a text worth searching for. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((word) => word.length > 1 && !isStopword(word));
}

// Longest first; a stem keeps at least three letters.
const suffixes = [
  "izations",
  "ization",
  "ational",
  "fulness",
  "iveness",
  "ations",
  "ation",
  "ments",
  "ment",
  "ingly",
  "ities",
  "ness",
  "ings",
  "ions",
  "ance",
  "ence",
  "able",
  "ible",
  "ates",
  "ated",
  "ies",
  "ing",
  "ity",
  "ion",
  "ive",
  "ate",
  "ers",
  "ied",
  "ed",
  "er",
  "es",
  "ly",
  "al",
  "at",
  "s",
];

/** "exclusive", "exclusively", "exclusivity" → "exclusiv": "-ive" words keep their "iv", so "exclusion" stays another word (see wordFormPattern). */
export function adjectiveRoot(word: string): string | undefined {
  return word.match(/^([a-z]{3,}?iv)(?:e|es|ely|ity|ities|eness)$/)?.[1];
}

/**
 * A light suffix-stripping stemmer, enough to see that "terminate", "terminated" and
 * "termination" are one word when scoring sentences. (PostgreSQL stems for retrieval itself.)
 * Remembered: every sentence of every passage a question weighs is stemmed word by word.
 */
export const stem = remembered("rag.stems", 50_000, stemOf);

function stemOf(word: string): string {
  let current = word.toLowerCase();
  const adjective = adjectiveRoot(current);
  if (adjective) return adjective;
  const suffix = suffixes.find((candidate) => current.endsWith(candidate) && current.length - candidate.length >= 3);
  if (suffix) current = current.slice(0, -suffix.length) + (suffix === "ies" || suffix === "ied" ? "y" : "");
  // "terminating" → "terminat" → "termin", like "termination".
  if (current.endsWith("at") && current.length >= 6) current = current.slice(0, -2);
  // "reimburse" and "reimbursed", "license" and "licensed" share a stem.
  while (current.endsWith("e") && current.length > 3) current = current.slice(0, -1);
  return current;
}

/** The stems of a text's content words. */
export function contentStems(text: string): string[] {
  return contentWords(text).map(stem);
}
