import { spelledNumber } from "../documents/structure";

/** What a question asks to be told: a length of time, a date, a sum of money, a percentage, or yes or no. */
export type FactKind = "duration" | "date" | "amount" | "percentage" | "yes-no";

/** A fact as a sentence states it: where it is in the sentence and how it reads in plain words. */
export interface StatedFact {
  kind: FactKind;
  start: number;
  end: number;
  /** "90 days" for "ninety (90) days", "$2,000,000", "110%", "January 1, 1998". */
  plain: string;
}

// Asked for by how the question opens: "Is there a time limit…?" asks yes or no.
const durationQuestion =
  /^(?:how long\b|how (?:many|much) (?:business |calendar )?(?:days|weeks|months|years|time|notice)\b|within how\b|what (?:is|are) the (?:[a-z-]+ ){0,3}(?:period|window|limit|deadline|time limit)s?\b)/;
const dateQuestion = /^when\b|\bwhat date\b|\bwhat is the date\b|\bon what date\b/;
const percentageQuestion = /\bwhat percent(?:age)?\b|\bhow many percent\b/;
const amountQuestion =
  /\bhow much\b(?! (?:business |calendar )?(?:notice|time|days|weeks|months|years))|\bwhat (?:is|are) the (?:[a-z-]+ )?(?:fee|fees|price|prices|cost|costs|amount|charge|charges)\b/;
const yesNoQuestion = /^(?:is|are|does|do|can|could|may|must|will|would|shall|should|has|have|did)\b/;

/** What kind of fact a question asks for, from how it is asked; undefined when it asks for something else (a list, a description). */
export function answerKindOf(question: string): FactKind | undefined {
  const text = question.toLowerCase().replace(/\s+/g, " ").trim();
  if (durationQuestion.test(text)) return "duration";
  if (percentageQuestion.test(text)) return "percentage";
  if (amountQuestion.test(text)) return "amount";
  if (dateQuestion.test(text)) return "date";
  if (yesNoQuestion.test(text)) return "yes-no";
  return undefined;
}

// A compound's hyphen is sometimes lost where a line broke at it: "sixtyfive" is sixty-five.
const numberWord =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ]?(?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)";
const durationPattern = new RegExp(
  `\\b(?:(\\d{1,4})|(${numberWord}))(?:\\s*\\((\\d{1,4})\\))?[\\s-]+(?:\\(?(business|calendar|working)\\)?\\s+)?(day|week|month|year)s?\\b`,
  "gi",
);
const monthName =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";
const datePattern = new RegExp(
  [
    `\\b${monthName}\\s+(?:\\d{1,2}(?:st|nd|rd|th)?(?:,\\s*|\\s+))?(?:19|20)\\d{2}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:(?:day\\s+)?of\\s+)?${monthName}(?:\\s+day\\s+of)?,?\\s+(?:19|20)\\d{2}\\b`,
    "\\b\\d{1,2}([/-])\\d{1,2}\\1(?:19|20)?\\d{2}\\b",
  ].join("|"),
  "gi",
);
const amountPattern = /(?:US\s?)?\$\s?\d[\d,]*(?:\.\d{1,2})?(?:\s?(?:million|billion|thousand))?|\b\d[\d,]*(?:\.\d{1,2})?\s(?:dollars|USD)\b/gi;
const percentagePattern = new RegExp(
  `\\b\\d{1,3}(?:\\.\\d+)?\\s?%|\\b\\d{1,3}(?:\\.\\d+)?\\s(?:percent|per cent)\\b|\\b${numberWord}\\s(?:percent|per cent)(?:\\s\\(\\d{1,3}(?:\\.\\d+)?%\\))?`,
  "gi",
);

function plainDuration(match: RegExpExecArray): string {
  const [, digits, words, restated, qualifier, unit] = match;
  const value = Number(restated ?? digits ?? spelledNumber(words!) ?? Number.NaN);
  const unitText = `${unit!.toLowerCase()}${value === 1 ? "" : "s"}`;
  return `${Number.isFinite(value) ? value : words} ${qualifier ? `${qualifier.toLowerCase()} ` : ""}${unitText}`;
}

function plainPercentage(text: string): string {
  const figure = text.match(/(\d{1,3}(?:\.\d+)?)\s?%/) ?? text.match(/(\d{1,3}(?:\.\d+)?)\s(?:percent|per cent)/);
  if (figure) return `${figure[1]}%`;
  const spelled = spelledNumber(text.split(/\s/)[0]!.toLowerCase());
  return spelled === undefined ? text : `${spelled}%`;
}

function matchesOf(pattern: RegExp, text: string): RegExpExecArray[] {
  return [...text.matchAll(new RegExp(pattern.source, pattern.flags))];
}

/** What a text must hold to state a fact of each kind: a cheap test before the full patterns, which run for every sentence of a document. */
const mayState: Record<Exclude<FactKind, "yes-no">, RegExp> = {
  duration: /day|week|month|year/i,
  date: /\d/,
  amount: /\$|dollar|USD/i,
  percentage: /%|percent|per cent/i,
};

/** Every fact of `kind` a text states, in order ("yes-no" facts are not written as expressions: none). */
export function findFacts(text: string, kind: FactKind): StatedFact[] {
  if (kind !== "yes-no" && !mayState[kind].test(text)) return [];
  const facts = (pattern: RegExp, plain: (match: RegExpExecArray) => string) =>
    matchesOf(pattern, text).map((match) => ({ kind, start: match.index, end: match.index + match[0].length, plain: plain(match) }));
  switch (kind) {
    case "duration":
      return facts(durationPattern, plainDuration);
    case "date":
      return facts(datePattern, (match) => match[0].replace(/\s+/g, " "));
    case "amount":
      return facts(amountPattern, (match) => match[0].replace(/\s+/g, " "));
    case "percentage":
      return facts(percentagePattern, (match) => plainPercentage(match[0]));
    case "yes-no":
      return [];
  }
}

/** A figure blacked out in a filed copy ("[***]", "****", "[*]"). */
const redaction = String.raw`(?:\[\s*\*+\s*\]|\*{3,})`;
const redactedDurationPattern = new RegExp(
  `${redaction}\\s*(?:\\(?(?:business|calendar)\\)?\\s*)?(?:days?|weeks?|months?|years?|prior to|before|after|in advance)\\b|\\b(?:at least|not less than|no less than|within|periods? of|term of)\\s*${redaction}`,
  "gi",
);

/** What an answer or a fact sheet says for a length of time the copy blacks out. */
export const REDACTED_FIGURE = "Redacted in this copy";

/**
 * Where a text blacks out a length of time it needs ("at least **** prior to", "for additional
 * periods of [***]", "[***] days"), in order: the clause says how long, the copy hides the figure.
 */
export function findRedactedDurations(text: string): { start: number; end: number }[] {
  return [...text.matchAll(redactedDurationPattern)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}
/** Whether a text states a fact of this kind: a sentence answering "how long" names a length of time. */
export function statesFact(text: string, kind: FactKind): boolean {
  return kind === "yes-no" || findFacts(text, kind).length > 0;
}
