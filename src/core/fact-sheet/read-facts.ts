import type { FactField, FactUnit, FactValue } from "../../shared/contracts/fact-sheet";
import { factFieldKeys, productLineLabels, type FactFieldKey } from "../../shared/fact-sheet";
import { citeQuote, locateQuote, type PageTexts, type SourcePassage } from "../rag/citations";
import { findFacts, findRedactedDurations, REDACTED_FIGURE, type StatedFact } from "../rag/facts";
import type { PassageClause } from "../documents/chunking";
import { isStruck, nothingStruck, type StruckPages } from "../documents/struck-text";
import { quoteOf, sentencesOf, type PassageSentence } from "../rag/passage-sentences";
import { endsOnAnniversary, factRules, ordinalWords, type FactRule, type FactSubject } from "./fact-rules";
import { contractParts, productLineAt, type ContractPart } from "./product-lines";

/** Raised whenever the reader reads differently: sheets read by an older one are read again when opened. */
export const FACT_READER_VERSION = 6;

/** What a yes-or-no field reads when its clause is struck through on the page: the agreement's standard term, taken out (ADR 044). */
export const STRUCK_CLAUSE_NO = "No — the clause is struck through";

/** A passage of the document as the reader gets it: a source passage and what kind of text it holds. */
export interface FactPassage extends SourcePassage {
  kind: "body" | "contents" | "title" | "definitions";
}

/** What a sentence states for a field, before it is checked against its page. */
interface Reading {
  rule: FactRule;
  value: string;
  amount: number | null;
  unit: FactUnit | null;
  from: string | null;
  /** The words the value is read from, kept whole in the quote. */
  focus?: { start: number; end: number };
  score: number;
  /** The sentence itself says it is about the field (not only its clause's heading). */
  isDirect: boolean;
  /** What the value applies to, for a field whose values differ by what they are for. */
  appliesTo?: string;
  sentence: PassageSentence;
  passage: FactPassage;
}

/** What a sentence states, before it is ranked. */
type ReadValue = Omit<Reading, "rule" | "score" | "sentence" | "passage" | "isDirect" | "appliesTo">;

/** The reader's answer: the sheet's fields, and how many values were refused because their quote or number was not on the page. */
export interface ReadFactSheet {
  fields: FactField[];
  unverifiedCount: number;
}

/** Values of one field from different product lines or attachments shown side by side, at most. */
const MAX_VALUES_PER_FIELD = 8;
/** Values of one field for one product line, at most (different clauses that each say it). */
const MAX_VALUES_PER_PRODUCT_LINE = 5;

/** A length of time as a number and the unit deadlines count in ("two weeks" → 14 days). */
export const quantityOf = (fact: StatedFact): { amount: number; unit: FactUnit } | undefined => {
  const match = /^(\d+(?:\.\d+)?) (business |working |calendar )?(day|week|month|year)s?$/.exec(fact.plain);
  if (!match) return undefined;
  const amount = Number(match[1]);
  const qualifier = match[2]?.trim();
  switch (match[3]) {
    case "day":
      return { amount, unit: qualifier === "business" || qualifier === "working" ? "business-days" : "days" };
    case "week":
      return { amount: amount * 7, unit: "days" };
    case "month":
      return { amount, unit: "months" };
    default:
      return { amount, unit: "years" };
  }
};

/** What a length of time runs from, when the words right after it say: "…within 90 days of the date of service" → "the date of service". */
function clockStart(sentence: string, end: number): string | null {
  const after = sentence.slice(end, end + 140);
  const match =
    /^[^.;]{0,25}?\b(?:after|from|following|of)\s+((?:the\s+|its\s+|such\s+)?(?:date|day|end|expiration|receipt|(?:provider|plan|payer)'?s receipt)\b[^,;.()]{0,70})/i.exec(
      after,
    );
  return match ? match[1]!.replace(/\s+/g, " ").trim() : null;
}

function lower(text: string): string {
  return text.toLowerCase().replace(/\s+/g, " ");
}

/** Where in the sentence the field's own words are: the first match of any of its patterns. */
function aboutAt(rule: FactRule, text: string): number | undefined {
  const positions = rule.about.map((pattern) => pattern.exec(text)?.index).filter((at): at is number => at !== undefined);
  return positions.length ? Math.min(...positions) : undefined;
}

/** Whether a length of time stands where the field's words are ("notice", "term"…), for a rule that says where. */
function isNearField(rule: FactRule, sentence: string, span: { start: number; end: number }): boolean {
  return !rule.near || rule.near.test(lower(sentence.slice(Math.max(0, span.start - 60), span.end + 40)));
}

/**
 * The length of time nearest the field's words, stated or blacked out: "not within the first twelve
 * (12) months … at least [***] prior written notice" is a redacted notice period, not 12 months.
 */
function readDuration(rule: FactRule, sentence: string, at: number): ReadValue | undefined {
  const stated = findFacts(sentence, "duration")
    .map((fact) => ({ span: fact as { start: number; end: number }, fact: fact as StatedFact | undefined, quantity: quantityOf(fact) }))
    .filter((entry) => entry.quantity && (!rule.units || rule.units.some((unit) => entry.fact!.plain.includes(` ${unit}`))));
  const redacted = findRedactedDurations(sentence).map((span) => ({ span, fact: undefined, quantity: undefined }));
  const candidates = [...stated, ...redacted].filter((entry) => isNearField(rule, sentence, entry.span));
  if (!candidates.length) return undefined;
  const nearest = candidates.reduce((best, entry) => (Math.abs(entry.span.start - at) < Math.abs(best.span.start - at) ? entry : best));
  const { span, fact, quantity } = nearest;
  if (!fact || !quantity) return wordsValue(REDACTED_FIGURE, span.start, span.end - span.start);
  return { value: fact.plain, amount: quantity.amount, unit: quantity.unit, from: clockStart(sentence, fact.end), focus: fact };
}

/** An end on an anniversary, with what it counts from ("the Effective Date"). */
const anniversaryEnd = new RegExp(String.raw`${endsOnAnniversary}((?:the|this)\s+[^,;.()"“]{3,40})`, "id");

/** A term that ends on an anniversary of its start, as years: "will end on the third anniversary of the Effective Date" → 3 years from the Effective Date. */
function anniversaryIn(text: string): { years: number; from: string; start: number; end: number } | undefined {
  const match = anniversaryEnd.exec(text);
  if (!match) return undefined;
  const ordinal = match[1]!.toLowerCase();
  const years = ordinalWords.includes(ordinal) ? ordinalWords.indexOf(ordinal) + 1 : Number.parseInt(ordinal, 10);
  return { years, from: match[2]!.replace(/\s+/g, " ").trim(), start: match.indices![1]![0], end: match.index + match[0].length };
}

function readAnniversary(sentence: string): ReadValue | undefined {
  const found = anniversaryIn(sentence);
  if (!found) return undefined;
  const { years, from, start, end } = found;
  return { value: `${years} year${years === 1 ? "" : "s"}`, amount: years, unit: "years", from, focus: { start, end } };
}

/** A value in words, quoted from `start` for `length` characters of its sentence when given. */
function wordsValue(value: string, start?: number, length = 0): ReadValue {
  return { value, amount: null, unit: null, from: null, ...(start === undefined ? {} : { focus: { start, end: start + length } }) };
}

/** Where a sentence says a statute or regulation sets the period: "as required by Minnesota Statutes § 62Q.75", "pursuant to 42 CFR 447.46"; not another clause of the contract. */
const statuteReference =
  /\b(?:as (?:specified|provided|required|set forth|set out|defined|described) (?:in|at|by|under)|pursuant to|in accordance with|required by|under)\s+(?!(?:Section|Article|Attachment|Exhibit|Schedule|Appendix|Paragraph|Clause)\b)((?:\d{1,2}\s+(?:C\.?F\.?R\.?|U\.?S\.?C\.?)|[A-Z][A-Za-z.]{1,10}(?:\s+(?:&|[A-Z][A-Za-z.]{1,12})){0,4})\s*(?:(?:§+|[Ss]ection)\s*\d[\w.\-–]*|\d+(?:[.\-–]\d+)+[a-z]?)(?:\([\w]+\))*)/;
/** What makes a citation a law's, not one of the contract's own documents ("Provider Manual 4.2", "Plan Policy 3.2"). */
const legalCitation = /§|\bC\.?F\.?R\b|\bU\.?S\.?C\b|\b(?:Statutes?|Code|Act|RCW|WAC|Regulations?|Rules?|Laws?|TCA|T\.C\.A)\b/;
/** Changes the law requires apply without an amendment being signed. */
const automaticAmendment = /\b(?:automatically|deemed) (?:be )?(?:amended|modified)\b|\b(?:amended|modified) automatically\b/i;

/** What a sentence about a length-of-time field says when it gives no length: a statute sets it, or changes apply automatically. */
function readWithoutLength(rule: FactRule, sentence: string): ReadValue | undefined {
  const statute = rule.otherwise?.includes("statute") ? statuteReference.exec(sentence) : null;
  if (statute && legalCitation.test(statute[1]!)) {
    const start = statute.index + statute[0].indexOf(statute[1]!);
    const citation = statute[1]!.replace(/[.,;]+$/, "");
    return wordsValue(`Not stated in days: as set by ${citation}`, start, citation.length);
  }
  const automatic = rule.otherwise?.includes("automatic-amendment") ? automaticAmendment.exec(sentence) : null;
  if (automatic && /\b(?:law|laws|regulat\w*|statut\w*|requirements?)\b/i.test(sentence))
    return wordsValue("Changed automatically when the law or regulations require it", automatic.index, automatic[0].length);
  return undefined;
}

/** Words just before a date that make it when something starts ("effective as of", "commencing on"), or when it ends ("until", "expires on"). */
const startWord = /\b(?:effective|commenc\w*|begin\w*|starts?|from|dated|made|entered into)\b/gi;
const endWord = /\b(?:until|through|expir\w*|terminat\w*|end(?:s|ing)?|conclud\w*)\b/gi;
/** How far before a date such words make it the start or the end, within one phrase. */
const DATE_WORD_REACH = 20;

/** Whether a date starts or ends something, by the nearest such word before it: "effective until 28 February" ends. */
function dateSide(sentence: string, date: { start: number }): "start" | "end" | undefined {
  // Far enough back for a word that ends within reach to start in it.
  const before = sentence.slice(Math.max(0, date.start - 2 * DATE_WORD_REACH), date.start);
  const phrase = before.slice(Math.max(before.lastIndexOf("."), before.lastIndexOf(","), before.lastIndexOf(";")) + 1);
  const last = (pattern: RegExp) => Math.max(-1, ...[...phrase.matchAll(pattern)].map((match) => match.index + match[0].length));
  const [startAt, endAt] = [last(startWord), last(endWord)];
  const nearest = Math.max(startAt, endAt);
  if (nearest < 0 || phrase.length - nearest > DATE_WORD_REACH) return undefined;
  return endAt > startAt ? "end" : "start";
}
/** A field's date is never one these words put at the other end of the term ("effective 1 May 2025 and continuing until 30 April 2027"). */
const otherEndOf: Partial<Record<FactFieldKey, "start" | "end">> = { expiration_date: "start", effective_date: "end" };

function readDate(rule: FactRule, sentence: string, at: number): ReadValue | undefined {
  const otherEnd = otherEndOf[rule.field];
  const dates = findFacts(sentence, "date").filter((fact) => !otherEnd || dateSide(sentence, fact) !== otherEnd);
  const date = dates.find((fact) => fact.start >= at && fact.start - at <= 60) ?? dates.find((fact) => fact.start >= at - 40) ?? dates[0];
  if (date) return { value: date.plain, amount: null, unit: null, from: null, focus: date };
  const open = rule.field === "expiration_date" && /\bindefinitely\b|\buntil terminated\b/i.exec(sentence);
  if (open)
    return {
      value: "No end date: it continues until terminated",
      amount: null,
      unit: null,
      from: null,
      focus: { start: open.index, end: open.index + open[0].length },
    };
  // A date defined by words, not written: "effective as of the date set forth above the signatures".
  const defined =
    /\b(?:effective (?:as of|on)|take(?:s)? effect (?:on|as of)|effective date["”]?\)? (?:shall )?means?) (the (?:later|earlier|last|date)[^()";]{4,90}?)(?=[,;(".]|\s+(?:and|or) (?:shall|will)\b|\s+unless\b|$)/i.exec(
      sentence,
    );
  if (!defined) return undefined;
  const start = defined.index + defined[0].indexOf(defined[1]!);
  return { value: defined[1]!.trim(), amount: null, unit: null, from: null, focus: { start, end: start + defined[1]!.length } };
}

/**
 * Where the agreement says the term does not apply: "shall not renew automatically", "is not subject
 * to the lesser of", "will not renew unless both parties sign". A condition on the No ("will not renew
 * if…") is not a plain No.
 */
const statedNo: Partial<Record<FactFieldKey, RegExp>> = {
  auto_renewal:
    /\b(?:shall|will|does|is) not (?:be )?(?:automatically )?(?:renew|extend)\w*|\bnot (?:be )?subject to (?:automatic|auto-?) ?renewal\b|\bno (?:automatic|auto-?) ?renewal\b/i,
  lesser_of: /\b(?:not|never) (?:be )?(?:subject to|limited to|based on|paid at) (?:the )?lesser of\b|\bwithout regard to (?:the )?lesser of\b/i,
};
const isConditional = /\bif\b|\bin the event\b|\bprovided that\b/i;

function readYes(rule: FactRule, sentence: string): ReadValue {
  const no = statedNo[rule.field]?.exec(sentence);
  if (no && !isConditional.test(sentence)) return wordsValue("No", no.index, no[0].length);
  if (rule.field !== "auto_renewal") return { value: "Yes", amount: null, unit: null, from: null };
  // Renewal that needs no one to act is automatic; one a party must choose ("may be renewed", "right to renew") is not.
  const isChosen = /\bmay be renewed\b|\brenewable\b|\b(?:option|right|elect\w*) to (?:renew|extend)\b|\bat the option\b/i.test(sentence);
  const isAutomatic = /\bautomatic|\brenews? automatically\b|\bcontinue\b|\bunless\b/i.test(sentence) || !isChosen;
  const answer = isAutomatic ? "Yes" : "Only if a party chooses to renew";
  const term = findFacts(sentence, "duration")
    .map((fact) => ({ fact, quantity: quantityOf(fact) }))
    .find(
      (entry) =>
        entry.quantity &&
        /\b(?:successive|consecutive|additional|subsequent|further|renewal)\b/i.test(sentence.slice(Math.max(0, entry.fact.start - 40), entry.fact.end + 30)),
    );
  if (!term) return { value: answer, amount: null, unit: null, from: null };
  return { value: `${answer}, for ${term.fact.plain} terms`, amount: term.quantity!.amount, unit: term.quantity!.unit, from: null, focus: term.fact };
}

/** Where a place's name is given: "the State of Oregon", "the Province of Ontario", "the laws of England and Wales". */
const jurisdictionPatterns: readonly RegExp[] = [
  /\b(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic|[Tt]erritory) of ((?:the )?[A-Z][A-Za-z]+(?: [A-Z][a-z]+)?)/,
  /\blaws? of (?:the )?([A-Z][a-z]+(?: [A-Z][a-z]+)?(?: and [A-Z][a-z]+)?)\b/,
  /\b(?:governed by|in accordance with|subject to) (?:the )?(?:substantive )?((?:[A-Z][a-z]+ )?[A-Z][a-z]+) law\b/,
  // A country named by its initials: "the laws of the PRC", "PRC law".
  /\blaws? of (?:the )?([A-Z]{2,5})\b/,
  /\b([A-Z]{2,5}) [Ll]aws?\b/,
];
/** Words kept lower-case when a sentence in capitals is read as ordinary text. */
const smallWords = new Set(
  "of the and by in with to for or a an under its any as is are be shall will that which such other without applicable excluding except including giving regard".split(
    " ",
  ),
);

/** A sentence set in capitals, as ordinary text ("THE LAWS OF THE STATE OF NEW YORK" → "the laws of the State of New York"), the same length so places in it hold. */
function ordinaryCase(sentence: string): string {
  const letters = sentence.replace(/[^A-Za-z]/g, "");
  if (letters.length === 0 || letters.replace(/[^A-Z]/g, "").length / letters.length < 0.8) return sentence;
  return sentence.replace(/[A-Za-z]+/g, (word) => (smallWords.has(word.toLowerCase()) ? word.toLowerCase() : `${word[0]}${word.slice(1).toLowerCase()}`));
}

function readName(written: string): ReadValue | undefined {
  const sentence = ordinaryCase(written);
  const lawsAt = Math.max(0, sentence.search(/\b(?:governed|construed|accordance|laws?)\b/i));
  for (const pattern of jurisdictionPatterns) {
    const match = pattern.exec(sentence.slice(lawsAt));
    if (!match || /^(?:The|This|Such|Federal|Applicable|Governing)$/.test(match[1]!)) continue;
    const start = lawsAt + match.index + match[0].indexOf(match[1]!);
    return { value: match[1]!, amount: null, unit: null, from: null, focus: { start, end: start + match[1]!.length } };
  }
  const federal = /\bfederal law(?: of the United States)?/i.exec(sentence.slice(lawsAt));
  if (federal) {
    const start = lawsAt + federal.index;
    return wordsValue("Federal law (United States)", start, federal[0].length);
  }
  const described = /\b(?:laws? of|governed by) (the (?:state|jurisdiction) (?:in )?wh(?:ere|ich)[^,;.]{5,100})/i.exec(sentence);
  if (!described) return undefined;
  const start = described.index + described[0].indexOf(described[1]!);
  return { value: described[1]!.trim(), amount: null, unit: null, from: null, focus: { start, end: start + described[1]!.length } };
}

const disputeMeans: readonly [string, RegExp][] = [
  ["Negotiation", /\bnegotiat|\bmeet and confer\b|\binformal (?:dispute )?resolution\b|\bmeet (?:in person|to discuss)\b/i],
  ["Mediation", /\bmediat/i],
  ["Arbitration", /\barbitrat/i],
  ["Court", /\bcourts? of\b|\bexclusive (?:jurisdiction|venue)\b|\blitigation\b/i],
];

/** "Between the parties", "between them", "between the Supply Agreement and…": words that follow "between" without naming who signs. */
const namesNoParty = /^(?:the parties|them|each other|itself|themselves|the date)\b|^the (?:[A-Z][\w-]* )*(?:Agreement|Contract)\b/;

/** Parties written out longer than this carry their addresses and descriptions: only their names are shown. */
const MAX_PARTIES_CHARS = 240;
/** A preamble names at most this many parties by their short forms. */
const MAX_NAMED_PARTIES = 4;
/** A name's defined short form after it: (“Accuray”), ("the Company"), (hereinafter referred to as "Licensee"). */
const definedName = /\((?:[^()"“”]{0,40}?)["“]([^"”]{1,40})["”][^()]{0,60}\)/g;
/** Where a name's description starts: a comma (not the one before "Inc." or "LLC"), "whose…", "located at…", "with offices…", "a Delaware corporation", an address. */
const descriptionStart =
  /,\s(?!(?:Inc|LLC|L\.L\.C|Ltd|Limited|L\.P|LP|LLP|N\.A|Corp|Co|P\.C|PC|PLLC|P\.A|S\.A|AG|GmbH|PLC|plc|B\.V|N\.V)\b)|\s+(?:whose|which|located|having|together|with (?:its|an?|offices?|principal)|of \d|on the one hand|an? (?:\w+\s+){1,4}(?:corporation|company|partnership))\b/i;
/** What a party's name is: it starts with a capital or a figure, and is at most this long. */
const partyName = /^(?:the\s+)?[A-Z0-9][^;:()]{1,100}$/;

/**
 * "…between Evergreen Health Plan, Inc. ("Plan") and Lakeside Pediatrics ("Provider"), effective…" →
 * the parties as written; "by and among" three or more. Written out with their addresses, only their names.
 */
function readParties(sentence: string): ReadValue | undefined {
  const between = /\b(?:between|among)\s+/i.exec(sentence);
  if (!between) return undefined;
  const start = between.index + between[0].length;
  const rest = sentence.slice(start);
  const end =
    /,?\s+(?:effective|dated|as of|whereby|for the purpose|pursuant|under which)\b|[;]|\.\s+(?=[A-Z][a-z]+\s+[a-z])|\.$/.exec(rest)?.index ?? rest.length;
  const parties = rest.slice(0, end).trim();
  if (!/\band\b/i.test(parties) || parties.length < 8 || namesNoParty.test(parties)) return undefined;
  if (parties.length <= MAX_PARTIES_CHARS) return { value: parties, amount: null, unit: null, from: null, focus: { start, end: start + parties.length } };
  const named = definedPartyNames(rest);
  if (!named) return undefined;
  const { names, end: namesEnd } = named;
  return { value: `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`, amount: null, unit: null, from: null, focus: { start, end: start + namesEnd } };
}

/**
 * The parties' names when they are written out with descriptions and addresses: each name is what
 * comes before its description starts, in the stretch before its defined short form ("ACME CORP., a
 * Delaware corporation with offices at …, ("Acme"), and …"); and where the last of them ends. Two
 * to four names, or none.
 */
function definedPartyNames(rest: string): { names: string[]; end: number } | undefined {
  const names: string[] = [];
  let end = 0;
  for (const match of rest.matchAll(definedName)) {
    const stretch = rest.slice(end, match.index).replace(/^[\s,]*(?:and\s+)?/i, "");
    const name = stretch.split(descriptionStart)[0]!.trim();
    if (!partyName.test(name) || /\.\s+[A-Z]/.test(stretch)) break;
    names.push(name);
    end = match.index + match[0].length;
    const after = rest.slice(end);
    if (names.length === MAX_NAMED_PARTIES || !/^\s*,?\s*(?:and\s+)?\S/i.test(after) || /^\s*[.;]/.test(after)) break;
  }
  return names.length >= 2 ? { names, end } : undefined;
}

const barredAssignment =
  /\b(?:may|shall|will|can) not (?:\w+ )?(?:be )?(?:assign|transfer)|\bnot (?:be )?assignable\b|\b(?:neither|no) party (?:may|shall|will)\b/i;
const assignsWithoutConsent =
  /\bwithout (?:the )?(?:need for |requiring )?(?:any )?(?:prior )?(?:written )?(?:[\w-]+(?:'s|’s|s’|s') )?(?:prior )?(?:written )?(?:consent|approval|permission)\b/i;

function readWording(rule: FactRule, sentence: string, at: number): ReadValue | undefined {
  switch (rule.field) {
    case "parties":
      return readParties(sentence);
    case "dispute_resolution": {
      const means = disputeMeans.filter(([, pattern]) => pattern.test(sentence)).map(([name]) => name);
      const body = /\b(?:JAMS|American Arbitration Association|AAA)\b/.exec(sentence)?.[0];
      return means.length ? { value: `${means.join(", ")}${body ? ` (${body})` : ""}`, amount: null, unit: null, from: null } : undefined;
    }
    case "assignment": {
      const plain = (value: string) => wordsValue(value);
      const isBarred = barredAssignment.test(sentence);
      // "Either party may assign … without the other's consent" lets it; "may not assign without consent" asks for it.
      if (assignsWithoutConsent.test(sentence) && !isBarred) return plain("Assignable without consent, as the clause says");
      if (/\b(?:consent|approval|permission)\b/i.test(sentence)) return plain("Consent required");
      if (isBarred || /\bnull and void\b|\bvoid\b/i.test(sentence)) return plain("Not assignable, except as the clause says");
      return /\b(?:may|entitled to|right to) assign\b|\bassignable\b/i.test(sentence) ? plain("Assignable, as the clause says") : undefined;
    }
    case "reimbursement_basis": {
      // A percentage of a schedule, written or left as a template's blank ("[XX%] of the … Fee Schedule").
      const basis =
        /(?:\b\d{1,3}(?:\.\d+)?\s?%|\[\(?[^\]\n]{0,10}%\)?\])\s+of\s+(?:the\s+)?[^,;.]{3,90}/.exec(sentence) ??
        /\bpercent(?:age)? of\s+(?:the\s+)?[^,;.]{3,90}/.exec(sentence);
      if (basis)
        return {
          value: basis[0].replace(/\s+/g, " ").trim(),
          amount: null,
          unit: null,
          from: null,
          focus: { start: basis.index, end: basis.index + basis[0].length },
        };
      const elsewhere = /\bshall be\s+(as (?:set forth|set out|shown|listed|stated|described) (?:below|above|in [^,;.]{3,60}))/i.exec(sentence);
      if (elsewhere) {
        const start = elsewhere.index + elsewhere[0].indexOf(elsewhere[1]!);
        return wordsValue(`The amounts ${elsewhere[1]!.trim()}`, start, elsewhere[1]!.length);
      }
      const method = /\b(?:calculated|determined) ((?:based on|by|using)\s+(?:\S+\s+){0,14}\S+)/i.exec(sentence);
      if (method) {
        const start = method.index + method[0].indexOf(method[1]!);
        const words = method[1]!.replace(/[.,;]+$/, "");
        return wordsValue(`${words[0]!.toUpperCase()}${words.slice(1)}`, start, words.length);
      }
      const words = sentence.slice(at).split(/\s+/).slice(0, 18).join(" ");
      return { value: words, amount: null, unit: null, from: null, focus: { start: at, end: at + words.length } };
    }
    default:
      return undefined;
  }
}

/** The part of a sentence, between semicolons, that holds a position: a proviso after "; provided" is another part. */
function partHolding(text: string, at: number): string {
  const end = text.indexOf(";", at);
  return text.slice(text.lastIndexOf(";", at) + 1, end < 0 ? text.length : end);
}

function readSentence(rule: FactRule, sentence: PassageSentence, passage: FactPassage): Reading | undefined {
  const text = lower(sentence.text);
  const headings = lower([...passage.headingPath, sentence.clause?.heading ?? ""].join(" "));
  if (rule.firstPages !== undefined && passage.pageStart > rule.firstPages) return undefined;
  const directAt = aboutAt(rule, text);
  if (rule.notAbout?.test(directAt === undefined ? text : partHolding(text, directAt))) return undefined;
  const viaHeading =
    directAt === undefined && (rule.heading?.test(headings) || (rule.headingHint?.test(headings) && aboutAt(rule, `${headings} ${text}`) !== undefined));
  if (directAt === undefined && !viaHeading) return undefined;
  const at = directAt ?? 0;
  const read =
    rule.kind === "duration"
      ? (readDuration(rule, sentence.text, at) ??
        (rule.field === "initial_term" ? readAnniversary(sentence.text) : undefined) ??
        (directAt !== undefined ? readWithoutLength(rule, sentence.text) : undefined))
      : rule.kind === "date"
        ? readDate(rule, sentence.text, at)
        : rule.kind === "yes"
          ? readYes(rule, sentence.text)
          : rule.kind === "name"
            ? readName(sentence.text)
            : readWording(rule, sentence.text, at);
  if (!read) return undefined;
  const score =
    (directAt !== undefined ? 2 : 1) +
    (rule.headingHint?.test(headings) ? 1 : 0) -
    (passage.kind === "definitions" ? 1.5 : 0) -
    (passage.kind === "title" ? 0.5 : 0);
  return { rule, ...read, score, isDirect: directAt !== undefined, sentence, passage };
}

/** "Unless otherwise required by law, …", "except in the case of fraud, …": an exception the sentence makes, not what it is about. */
const exceptionPhrase =
  /\b(?:unless|except as) (?:otherwise )?(?:expressly |specifically )?(?:required|provided|permitted|allowed|set forth)\b[^,;:]*[,;]?|\bexcept (?:in the case of|for)\b[^,;:]*(?:,\s*or\b[^,;:]*)?[,;]?/g;
/** A sentence that names what it applies to only by pointing back: "notice of any such event", "the foregoing changes". */
const pointsBack = /\bsuch (?:event|change|transaction|occurrence)s?\b|\b(?:the )?foregoing\b|\bany of the above\b/;
const MAX_SUBJECTS = 3;
/** How far past a sentence ending in a colon its list is read. */
const LIST_CHARS = 400;

/** Words just before a subject's that negate it: "not required by", "a purpose other than compliance with". */
const negatedBefore = /(?:\bnot (?:\w+ )?(?:by|for|to|with|of|under)\b|\bother than\b|\bnon-)[^,;.]{0,40}$/;

/** The labels of the subjects `text` names, in the order it names them. */
function subjectsNamed(subjects: readonly FactSubject[], text: string): string[] {
  const plain = lower(text).replace(exceptionPhrase, " ");
  const named: { label: string; at: number }[] = [];
  for (const [label, pattern, negatedLabel] of subjects) {
    const at = pattern.exec(plain)?.index;
    if (at === undefined) continue;
    const isNegated = negatedBefore.test(plain.slice(Math.max(0, at - 45), at));
    if (!isNegated) named.push({ label, at });
    else if (negatedLabel) named.push({ label: negatedLabel, at });
  }
  return named.sort((a, b) => a.at - b.at).map((found) => found.label);
}

/** Whether `inner` is `outer` or one of its numbered sub-clauses ("9.3.3.1" of "9.3.3"). */
const isWithin = (inner: PassageClause | undefined, outer: PassageClause | undefined) =>
  inner === outer || (!!outer?.number && !!inner?.number && inner.number.startsWith(`${outer.number}.`));

/**
 * What a value applies to: the subjects its sentence names; for a sentence ending in a colon, the
 * list that follows it; for one that points back ("any such event"), the sentence before it; else
 * its clause's heading. "30 days — roster changes and address or location changes".
 */
function subjectOf(subjects: readonly FactSubject[], sentences: readonly PassageSentence[], index: number, passage: FactPassage): string | undefined {
  const sentence = sentences[index]!;
  const following = sentences.slice(index + 1).filter((next) => isWithin(next.clause, sentence.clause));
  const windows = [
    sentence.text,
    /:\s*$/.test(sentence.text)
      ? following
          .map((next) => next.text)
          .join(" ")
          .slice(0, LIST_CHARS)
      : "",
    pointsBack.test(lower(sentence.text)) ? (sentences[index - 1]?.text ?? "") : "",
    [...passage.headingPath, sentence.clause?.heading ?? ""].join(" "),
  ];
  for (const window of windows) {
    const named = subjectsNamed(subjects, window).slice(0, MAX_SUBJECTS);
    if (named.length) return named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  }
  return undefined;
}

/** Whether the value's number is in the quote, in figures, in words or as an anniversary: a value is read from its quote, not beside it. */
export function isValueInQuote(value: Pick<FactValue, "amount" | "unit">, quote: string): boolean {
  if (value.amount === null) return true;
  if (value.unit === "years" && anniversaryIn(quote)?.years === value.amount) return true;
  return findFacts(quote, "duration").some((fact) => {
    const quantity = quantityOf(fact);
    return quantity !== undefined && quantity.amount === value.amount && quantity.unit === value.unit;
  });
}

function verified(reading: Reading, pages: PageTexts, parts: readonly ContractPart[]): FactValue | undefined {
  const quote = quoteOf(reading.sentence.text, reading.focus);
  const citation = citeQuote(reading.passage, quote, pages);
  if (!citation || !isValueInQuote(reading, citation.quote)) return undefined;
  return {
    value: reading.value,
    amount: reading.amount,
    unit: reading.unit,
    from: reading.from,
    ...(reading.appliesTo ? { appliesTo: reading.appliesTo } : {}),
    productLine: productLineAt(parts, citation.page, citation.startOffset, reading.sentence.text),
    source: citation,
  };
}

/** The same value from the same clause: a clause that states two values ("120 days, or 365 for school services") shows both. */
const isRepeat = (a: FactValue, b: FactValue) =>
  a.source.page === b.source.page &&
  a.source.clauseNumber === b.source.clauseNumber &&
  a.value === b.value &&
  a.productLine === b.productLine &&
  a.appliesTo === b.appliesTo;

/**
 * A yes-or-no field's struck clauses, read as a stated No for each product line no clause in
 * force speaks for (a clause struck and written again unstruck reads as the new one). A struck
 * "shall not renew" is no No either: it is dropped with the rest of what is struck.
 */
function struckClauseNos(struck: readonly FactValue[], values: readonly FactValue[], room: number): FactValue[] {
  const nos: FactValue[] = [];
  for (const value of struck) {
    if (nos.length >= room) break;
    if ([...values, ...nos].some((other) => other.productLine === value.productLine)) continue;
    nos.push({ ...value, value: STRUCK_CLAUSE_NO, amount: null, unit: null, from: null });
  }
  return nos;
}

/**
 * The values a field shows: the best-read one for each product line, and for the same product
 * line another clause only when it reads as strongly (an agreement's notice for amendments and
 * its notice for changes to the provider manual are both the payer's amendment notice). A value
 * whose quote is struck through on its page is not in force: never shown as a value, and for a
 * yes-or-no field a stated No where nothing in force says otherwise.
 */
function chooseValues(readings: Reading[], pages: PageTexts, parts: readonly ContractPart[], struck: StruckPages): { values: FactValue[]; unverified: number } {
  const ordered = [...readings].sort((a, b) => b.score - a.score || a.passage.number - b.passage.number);
  const values: FactValue[] = [];
  const struckYes: FactValue[] = [];
  const shownFor = new Map<string, { best: number; count: number }>();
  let unverified = 0;
  for (const reading of ordered) {
    if (values.length >= (reading.rule.maxValues ?? MAX_VALUES_PER_FIELD)) break;
    const value = verified(reading, pages, parts);
    if (!value) {
      // Counted when it would have led the field: a weaker reading left out is not a value lost.
      if (reading.score >= ordered[0]!.score) unverified++;
      continue;
    }
    if (isStruck(value.source, struck)) {
      if (reading.rule.kind === "yes" && reading.value !== "No") struckYes.push(value);
      continue;
    }
    const shown = shownFor.get(value.productLine);
    if (values.some((other) => isRepeat(other, value))) continue;
    const isForSomethingElse =
      value.appliesTo !== undefined && !values.some((other) => other.productLine === value.productLine && other.appliesTo === value.appliesTo);
    // Another clause for the same product line shows when its own sentence states the field, it reads as strongly as the best, or it is for something else.
    if (shown && (shown.count >= MAX_VALUES_PER_PRODUCT_LINE || (reading.score < shown.best && !reading.isDirect && !isForSomethingElse))) continue;
    shownFor.set(value.productLine, { best: shown?.best ?? reading.score, count: (shown?.count ?? 0) + 1 });
    values.push(value);
  }
  const room = (ordered[0]?.rule.maxValues ?? MAX_VALUES_PER_FIELD) - values.length;
  return { values: [...values, ...struckClauseNos(struckYes, values, room)], unverified };
}

/** The programs the contract's parts are for ("MEDICAID PARTICIPATION ATTACHMENT"), each cited to its title; not a part whose title is struck through. */
function productLineValues(parts: readonly ContractPart[], passages: readonly FactPassage[], pages: PageTexts, struck: StruckPages): FactValue[] {
  const values: FactValue[] = [];
  for (const part of parts) {
    if (part.productLine === "all" || part.isInferred || values.some((value) => value.productLine === part.productLine)) continue;
    const found = locateQuote(part.title, pages, part.page, part.page);
    const passage = passages.find((candidate) => candidate.pageStart <= part.page && part.page <= candidate.pageEnd);
    if (!found || !passage || isStruck(found, struck)) continue;
    const source = { chunkId: passage.chunkId, clauseNumber: null, heading: part.title, ...found };
    values.push({ value: productLineLabels[part.productLine], amount: null, unit: null, from: null, productLine: part.productLine, source });
  }
  return values;
}

/**
 * The fact sheet of a processed document, read from its passages: for each field, the sentences
 * that are about it and state its value, each value quoted from its page (a value whose quote or
 * number is not found there is refused and counted, never shown), none from words struck through
 * on the page (`struck`; nothing for documents read before strikes were kept). A field with no
 * value is "Not stated".
 */
export function readFactSheet(passages: readonly FactPassage[], pages: PageTexts, struck: StruckPages = nothingStruck): ReadFactSheet {
  const parts = contractParts(pages);
  const readings = new Map<FactFieldKey, Reading[]>();
  for (const passage of passages) {
    if (passage.kind === "contents") continue;
    const sentences = sentencesOf(passage.text, passage.clauses);
    sentences.forEach((sentence, index) => {
      for (const rule of factRules) {
        const reading = readSentence(rule, sentence, passage);
        if (!reading) continue;
        const appliesTo = rule.subjects && subjectOf(rule.subjects, sentences, index, passage);
        readings.set(rule.field, [...(readings.get(rule.field) ?? []), appliesTo ? { ...reading, appliesTo } : reading]);
      }
    });
  }
  let unverifiedCount = 0;
  const fields = factFieldKeys.map((key): FactField => {
    if (key === "product_lines") return { key, values: productLineValues(parts, passages, pages, struck) };
    const { values, unverified } = chooseValues(readings.get(key) ?? [], pages, parts, struck);
    unverifiedCount += unverified;
    return { key, values };
  });
  return { fields, unverifiedCount };
}
