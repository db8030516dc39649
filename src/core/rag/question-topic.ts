import { contractVocabulary } from "./contract-vocabulary";
import { answerKindOf, type FactKind } from "./facts";
import { isStopword, stem, tokenize } from "./text";

/** One way a contract may write a word or phrase: its text (for PostgreSQL) and its stems (for matching here). */
export interface Phrase {
  text: string;
  stems: string[];
}

/**
 * One thing a question is about and the ways a contract may say it. It is covered when one of
 * its options is: an option is a run of question words ("first refusal"), each of which must
 * appear as itself or as one of its contract synonyms.
 */
export interface TopicSlot {
  /** The question's own words for it. */
  asked: string;
  options: TopicOption[];
  /** Given as an example or a detail ("e.g. just by giving notice", "(merger, acquisition…)"): it counts half. */
  isDetail: boolean;
}

/** Question words that must all appear (each as itself or a synonym); a phrase's close together, as in "termination fee". */
export interface TopicOption {
  words: Phrase[][];
  isPhrase: boolean;
}

/** What a question is about: one or more alternative sets of slots ("a cap on liability, or a time limit for bringing claims"). */
export interface QuestionTopic {
  alternatives: TopicSlot[][];
  /** What the answer must state: "How long…", "How much notice…" ask for a duration. */
  answerKind?: FactKind;
  /** The question asks whether something is restricted ("Is a party restricted from…", "non-compete"): only a sentence that restricts answers it. */
  asksRestriction: boolean;
}

/** How a question asks about a restriction: "restricted from", "prohibited", "required not to", "non-compete", "covenant not to sue". */
const restrictionQuestion = /\brestrict\w*|\bprohibit\w*|\bforbid\w*|\bnot to\b|\bnon-\w+|\bno-\w+|\bban\b/;

/**
 * Words that say how a question is asked or name the parties and the document, not what it is
 * about: "Can a party…", "Is there any…", "this contract", "required to", "for example".
 */
const questionWords = new Set(
  (
    "third party parties agreement contract document provision provisions clause section right rights other another certain one either " +
    "require required requirement requirements apply applies applicable ability able allowed permitted happen happens undergo " +
    "example just such like kind type whether long much many last lasts commitment initial limit limits percentage percent period deadline window restrict restricted restriction restrictions prohibit prohibited key main important overview summary summarize summarise point points detail details general someone something anything thing things mean means giving give gives become becomes " +
    "exist exists provide provides contain contains include includes including say says term terms"
  ).split(" "),
);

function phraseOf(text: string): Phrase {
  return { text, stems: tokenize(text).map(stem) };
}

/** Synonyms by stem: words of one stem ("license", "licensed") share theirs. */
const synonymPhrases = new Map<string, Phrase[]>();
for (const { words, sameAs = [] } of contractVocabulary)
  for (const word of words) synonymPhrases.set(stem(word), [...(synonymPhrases.get(stem(word)) ?? []), ...sameAs.map(phraseOf)]);

function isTopicWord(word: string): boolean {
  return word.length > 1 && !isStopword(word) && !questionWords.has(word) && !questionWords.has(stem(word));
}

/** A question word as the phrases that may stand for it: itself and its synonyms. */
function wordPhrases(word: string): Phrase[] {
  return [phraseOf(word), ...(synonymPhrases.get(stem(word)) ?? [])];
}

/** Prefixes that negate a compound ("non-compete", "no-solicit"): the clause is found by what it restricts. */
const negatingPrefixes = new Set(["non", "no", "anti"]);

/** Short parts that only shape a compound ("unlimited-use", "enterprise-wide", "sell-off"): the other part carries it. */
const MAX_SHAPING_PART = 4;

/**
 * "no-solicit-of-customers" → solicit, customers: every part of a compound must be there. A short
 * compound joined by a small word ("lesser-of", "sell-off") is a phrase as written.
 */
function itemWords(token: string): Phrase[][] {
  const allParts = token.split("-");
  const parts = allParts.filter((part) => isTopicWord(part) && !negatingPrefixes.has(part));
  const carrying = parts.filter((part) => part.length > MAX_SHAPING_PART);
  const words = carrying.length > 0 ? carrying : parts;
  const isPhraseAsWritten = allParts.length === 2 && words.length === 1 && allParts.some((part) => isStopword(part));
  if (isPhraseAsWritten) return [[phraseOf(allParts.join(" ")), ...wordPhrases(words[0]!).slice(1)]];
  return words.map(wordPhrases);
}

/** An aside that names examples of what was just asked about: "change of control (merger, acquisition, …)", "…, such as exclusive dealing". */
const elaborationOpening = /^(?:for example|for instance|such as|including|\()$/;

interface Item {
  /** Per question word (token): the words it stands for ("no-solicit-of-customers" stands for two). */
  words: Phrase[][][];
  asked: string[];
  /** Joined inside by "of" ("change of control"): a phrase. */
  hasOf: boolean;
  /** How it joins the item before it: "or" (any of them), a comma (a list), or otherwise. */
  joinedBy: "or" | "comma" | "other";
  isDetail: boolean;
  /** Named as an example of what came before it: another way to say it. */
  isElaboration: boolean;
}

/** Runs of topic words ("minimum volume commitment"), each with how it joins the run before it. */
function itemsOf(part: string, isDetail: boolean): Item[] {
  const tokens = part.match(/for example|for instance|such as|[a-z0-9]+(?:-[a-z0-9]+)*|[,()]/g) ?? [];
  const items: Item[] = [];
  let current: Item | undefined;
  let between: string[] = [];
  let inElaboration = false;
  for (const token of tokens) {
    const opensElaboration = elaborationOpening.test(token);
    if (opensElaboration) inElaboration = true;
    if (token === ")") inElaboration = false;
    const words = opensElaboration || !/^[a-z0-9]/.test(token) ? [] : itemWords(token);
    if (token === "of" && current) {
      current.hasOf = true;
      continue;
    }
    if (words.length === 0) {
      current = undefined;
      if (!isStopword(token) || token === "or") between.push(token);
      continue;
    }
    if (!current) {
      // "competing with the other party or from operating": the "or" is the last thing before this run.
      const joinedBy = between.at(-1) === "or" ? "or" : between.length > 0 && between.every((separator) => separator === ",") ? "comma" : "other";
      current = { words: [], asked: [], hasOf: false, joinedBy, isDetail, isElaboration: inElaboration };
      items.push(current);
      between = [];
    }
    current.words.push(words);
    current.asked.push(token);
  }
  return items;
}

/** Items joined by "or", and comma lists that end in "or" or list examples: each group is one disjunction. */
function disjunctionsOf(items: Item[]): Item[][] {
  const groups: Item[][] = [];
  items.forEach((item, index) => {
    const listEndsInOr = () => {
      for (let next = index + 1; next < items.length && items[next]!.joinedBy !== "other"; next++) if (items[next]!.joinedBy === "or") return true;
      return false;
    };
    const previous = groups.at(-1);
    const isSameAside = previous !== undefined && previous[0]!.isElaboration === item.isElaboration;
    const joinsPrevious = isSameAside && (item.isElaboration || item.joinedBy === "or" || (item.joinedBy === "comma" && listEndsInOr()));
    if (joinsPrevious) previous.push(item);
    else groups.push([item]);
  });
  return groups;
}

/** Words that make one term with the word after them: "without cause", "first refusal". */
const bindingWords = new Set(["without", "first"]);

function option(words: Phrase[][][]): TopicOption {
  // A compound ("no-solicit-of-customers") or a run of several words is a phrase.
  return { words: words.flat(), isPhrase: words.length > 1 || words.some((parts) => parts.length > 1) };
}

/** Words `from` to `to` of a run as one slot; several words make a phrase only when `asPhrase`. */
function wordSlot(item: Item, from: number, to: number, asPhrase = false): TopicSlot {
  const words = item.words.slice(from, to);
  const isPhrase = asPhrase || (to - from === 1 && option(words).isPhrase);
  return { asked: item.asked.slice(from, to).join(" "), options: [{ ...option(words), isPhrase }], isDetail: item.isDetail };
}

/** Two-word terms contracts use as one ("intellectual property", "source code"): the synonym list's own phrases. */
const compoundTerms = new Set(contractVocabulary.flatMap(({ sameAs = [] }) => sameAs.filter((phrase) => /^[a-z]+ [a-z]+$/.test(phrase))));

/** A run outside any "or": one slot per word, but "change of control", "without cause" and "intellectual property" are one phrase each. */
function runSlots(item: Item): TopicSlot[] {
  if (item.words.length === 2 && item.hasOf) return [wordSlot(item, 0, 2, true)];
  const slots: TopicSlot[] = [];
  for (let index = 0; index < item.words.length; index++) {
    const pair = item.asked.slice(index, index + 2).join(" ");
    const isBound = index + 1 < item.words.length && (bindingWords.has(item.asked[index]!) || compoundTerms.has(pair));
    slots.push(wordSlot(item, index, isBound ? index + 2 : index + 1, isBound));
    if (isBound) index++;
  }
  return slots;
}

/**
 * A run outside any "or" is one slot per word. A disjunction is one slot whose options are its
 * runs, lined up at the "or": "state or country law" is (state | country) and law;
 * "license granted irrevocable or perpetual" is license, granted and (irrevocable | perpetual).
 */
function slotsOf(items: Item[]): TopicSlot[] {
  const slots: TopicSlot[] = [];
  for (const group of disjunctionsOf(items)) {
    const elaborated = slots.at(-1);
    if (group[0]!.isElaboration && elaborated) {
      // Examples of what was just asked about are other ways to say it.
      elaborated.options.push(...group.map((item) => option(item.words)));
      elaborated.asked += ` (${group.map((item) => item.asked.join(" ")).join(", ")})`;
    } else slots.push(...disjunctionSlots(group));
  }
  return slots;
}

/** A group of runs joined by "or": the words lined up at the "or" are one slot; the rest of the first and last runs are slots of their own. */
function disjunctionSlots(group: Item[]): TopicSlot[] {
  if (group.length === 1) return runSlots(group[0]!);
  const width = Math.min(...group.map((item) => item.words.length));
  const first = group[0]!;
  const last = group.at(-1)!;
  const before = first.words.length - width;
  const options = group.map((item, index) => option(index === 0 ? item.words.slice(before) : item.words.slice(0, width)));
  const asked = group.map((item, index) => (index === 0 ? item.asked.slice(before) : item.asked.slice(0, width)).join(" ")).join(" or ");
  return [
    ...first.words.slice(0, before).map((_, index) => wordSlot(first, index, index + 1)),
    { asked, options, isDetail: first.isDetail },
    ...last.words.slice(width).map((_, index) => wordSlot(last, width + index, width + index + 1)),
  ];
}

/**
 * Where a question of two halves splits: at ", or" not followed by another comma (an aside:
 * "property of, or a grant by, the licensor"), or at "or" repeating a word that opened the first
 * half ("restricted from contesting its IP or from bringing claims").
 */
function halvesOf(asked: string): { at: number; rest: number } | undefined {
  const comma = /,\s*or\b(?![^,]*,)/.exec(asked);
  if (comma) return { at: comma.index, rest: comma.index + comma[0].length };
  for (const repeated of asked.matchAll(/\s+or\s+(from|to|by|with|for)\s+/g)) {
    if (new RegExp(`\\b${repeated[1]}\\b`).test(asked.slice(0, repeated.index))) return { at: repeated.index, rest: repeated.index + repeated[0].length };
  }
  return undefined;
}

/**
 * What a question is about, as slots: runs of its topic words with the ways contracts say them.
 * Words joined by "or" ("first refusal, first offer or first negotiation", "raise or reduce")
 * are one slot: any of them covers it. A question of two halves joined by ", or" has two
 * alternatives; examples and any further question sentences are details, which count half.
 */
export function questionTopic(question: string): QuestionTopic {
  const lower = question.toLowerCase().replace(/[’]/g, "'");
  // "Which state or country's law…": the kind of answer wanted, not words the answer uses.
  const answerKind = /^which ([a-z ,-]+?)'s\b/.exec(lower);
  const text = (answerKind ? `which ${lower.slice(answerKind[0].length)}? ${answerKind[1]}` : lower).replace(/'s\b/g, "").replace(/'/g, "");
  const [main = "", ...details] = text.split(/\?/).filter((sentence) => sentence.trim());
  // "…, e.g. just by giving notice", "a beneficiary who can enforce rights": details of the answer, not what is asked about.
  const detailAt = main.search(/\be\.g\b|\s(?:who|whom|whose|that|which)\s/);
  const [asked, example] =
    detailAt < 0 ? [main, ""] : [main.slice(0, detailAt), main.slice(detailAt).replace(/^\s*(?:e\.g\.?|who|whom|whose|that|which)\b/, "")];
  const detailSlots = [example, ...details].flatMap((sentence) => slotsOf(itemsOf(sentence, true)));
  // "…a cap or limit on liability, or a time limit for bringing claims": two questions in one.
  // ", or" followed by a further comma is an aside ("property of, or a grant by, the licensor").
  const asideAt = asked.search(/\(|\bsuch as\b|\bfor example\b|\bfor instance\b|\bincluding\b/);
  const split = halvesOf(asideAt < 0 ? asked : asked.slice(0, asideAt));
  const parts = split ? [asked.slice(0, split.at), asked.slice(split.rest)] : [asked];
  const alternatives = parts.map((part) => withoutRepeats([...slotsOf(itemsOf(part, false)), ...detailSlots]));
  return { alternatives: alternatives.filter((slots) => slots.length > 0), answerKind: answerKindOf(text), asksRestriction: restrictionQuestion.test(asked) };
}

/** A word asked about twice ("intellectual property … the property of", "licensee … license") counts once. */
function withoutRepeats(slots: TopicSlot[]): TopicSlot[] {
  const seen = new Set<string>();
  return slots.filter((slot) => {
    const ownWords = slot.options.flatMap((option) => option.words.map((word) => word[0]!.stems.join(" ")));
    const isRepeat = slot.options.length === 1 && ownWords.length === 1 && seen.has(ownWords[0]!);
    for (const word of ownWords) seen.add(word);
    return !isRepeat;
  });
}

/**
 * A follow-up ("what about for Medicaid?") is about its own words and, as details, what the
 * question before it was about: "Medicaid" must be there; the timely filing limit counts half.
 */
export function followUpTopic(topic: QuestionTopic, previous: QuestionTopic): QuestionTopic {
  const earlier = (previous.alternatives[0] ?? []).map((slot) => ({ ...slot, isDetail: true }));
  const alternatives = topic.alternatives.length > 0 ? topic.alternatives.map((slots) => [...slots, ...earlier]) : previous.alternatives;
  return { alternatives, answerKind: topic.answerKind ?? previous.answerKind, asksRestriction: topic.asksRestriction || previous.asksRestriction };
}

/** Yes-or-no openings and what follows them, read as the thing asked about. */
const topicPatterns: [RegExp, (match: RegExpMatchArray) => string][] = [
  [/^(?:is|are) there (.+)$/, ([, rest]) => rest!],
  [/^(?:does|do) (?:any|either|each|a|the) (?:party|parties|side|one) have (.+)$/, ([, rest]) => rest!],
  [/^(?:does|do) (?:the|this) (?:contract|agreement|document) (?:provide for|include|contain|have|require|set|say|state|mention) (.+)$/, ([, rest]) => rest!],
  [/^how long (?:does|do|will) (.+) (last|run|continue)$/, ([, what, verb]) => `how long ${what} ${verb}s`],
  [
    /^(?:is|are) (an?|any|either|the|each) ((?:party|parties|provider|payer|plan|licensee|licensor)(?:'s)?) ((?:required|restricted|obligated|prohibited|permitted|allowed|entitled) .+)$/,
    ([, article, who, rest]) => `whether ${article} ${who} is ${rest}`,
  ],
  [
    /^(can|may|must|could|should|will|shall) (we|you|i|(?:an?|any|either|the|this|each) [\w'-]+) (.+)$/,
    ([, modal, who, rest]) => `whether ${who === "i" ? "we" : who} ${modal} ${rest}`,
  ],
  [/^what (?:is|are) (the .+)$/, ([, rest]) => rest!],
  [/^how (long|much|many) (.+)$/, ([, how, rest]) => `how ${how} ${rest}`],
];

/**
 * The sentence that says a contract does not address a question: "This contract does not
 * appear to address a right of first refusal, first offer or first negotiation." The question's
 * own words, from the thing it asks about; the question itself, quoted, when its form is unusual.
 */
export function notAddressedStatement(question: string): string {
  const text = question
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[?!.]+$/, "");
  const [main = text] = text.split(/\?/);
  const lower = main.charAt(0).toLowerCase() + main.slice(1);
  // Asides and second questions are left out: "(for convenience), e.g. just by giving notice", ", and is consent required".
  const asked = lower.replace(/\s*\([^)]*\)/g, "").replace(/,? (?:e\.g\.|for example|such as|and is|and are|and can|and does)(?=\W|$).*$/, "");
  for (const [pattern, topicOf] of topicPatterns) {
    const match = asked.match(pattern);
    if (match) return `This contract does not appear to address ${topicOf(match)}.`;
  }
  return `This contract does not appear to address this question: “${text}?”`;
}

/** The contract synonyms of a topic's words, as text: what else retrieval may search for. */
export function synonymsOf(topic: QuestionTopic): string[] {
  const phrases = topic.alternatives
    .flat()
    .flatMap((slot) => slot.options.flatMap((option) => option.words.flatMap((word) => word.slice(1).map((phrase) => phrase.text))));
  return [...new Set(phrases)];
}
