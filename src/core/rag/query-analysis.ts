import { followUpTopic, questionTopic, synonymsOf, type QuestionTopic } from "./question-topic";
import { containsStems } from "./relevance";
import { adjectiveRoot, contentWords, stem, tokenize } from "./text";

/** One search term: a word or phrase, weighted by where it came from. */
export interface QueryTerm {
  text: string;
  weight: number;
  source: "question" | "expansion" | "context";
  /** The form the matched text must have: see wordFormPattern. */
  wordForm?: RegExp;
}

export interface AnalyzedQuery {
  /** The question with case, quotes and dashes unified and spaces collapsed. */
  normalized: string;
  terms: QueryTerm[];
  /** The question leans on the conversation ("what about for Medicaid?"). */
  isFollowUp: boolean;
  /** The question is about the document itself — its name, parties or date — which contracts state at the very start. */
  isAboutOpening: boolean;
  /** The question asks when, or for a date: its answer is written as a date. */
  asksForDate: boolean;
  /** What the question is about, to judge whether a passage answers it. */
  topic: QuestionTopic;
}

export const EXPANSION_WEIGHT = 0.25;
export const CONTEXT_WEIGHT = 0.45;

/**
 * Contract vocabulary: a question that uses one of a group's triggers also searches for the
 * rest of the group, because contracts say the same thing many ways. Triggers are compared as
 * stems, so "terminate", "terminated" and "termination" all fire the first group.
 */
export const contractVocabulary: { triggers: string[]; terms: string[] }[] = [
  {
    triggers: ["terminate", "termination", "cancel", "cancellation", "end", "exit", "convenience", "without cause"],
    terms: [
      "terminate",
      "termination",
      "cancel",
      "without cause",
      "for convenience",
      "for any reason",
      "at any time",
      "sole discretion",
      "absolute discretion",
      "notice of termination",
      "expiration",
      "breach",
    ],
  },
  {
    triggers: [
      "after termination",
      "after expiration",
      "post-termination",
      "survive",
      "survival",
      "wind-down",
      "wind down",
      "transition",
      "sell-off",
      "sell off",
    ],
    terms: [
      "upon termination",
      "upon expiration",
      "following termination",
      "termination or expiration",
      "agreement is terminated",
      "survive",
      "return",
      "transition",
      "wind down",
      "sell off",
      "remaining inventory",
    ],
  },
  {
    triggers: ["first refusal", "first offer", "first negotiation", "right of first"],
    terms: ["right of first refusal", "first refusal", "first offer", "first negotiation", "option", "exclusive negotiation", "offer"],
  },
  {
    triggers: ["reimburse", "reimbursement", "pay", "payment", "paid", "compensation", "fee", "fees", "rate", "rates", "price", "pricing", "money", "cost"],
    terms: ["reimbursement", "payment", "compensation", "fee schedule", "rates", "fees", "invoice", "price", "allowed amount", "capitation"],
  },
  {
    triggers: ["timely filing", "filing", "claim", "claims", "submission", "submit", "deadline"],
    terms: ["timely filing", "claims submission", "submit claims", "claim", "days", "date of service", "deadline"],
  },
  {
    triggers: ["appeal", "dispute", "reconsideration", "grievance", "disagree", "arbitration", "mediation"],
    terms: ["appeal", "dispute", "reconsideration", "grievance", "arbitration", "mediation", "dispute resolution"],
  },
  {
    triggers: ["renewal", "renew", "evergreen", "extend", "extension", "term", "expire", "expiration", "duration", "how long"],
    terms: [
      "renewal",
      "renew",
      "automatically renew",
      "evergreen",
      "initial term",
      "successive",
      "term",
      "expire",
      "extension",
      "continue",
      "shall terminate",
      "period of",
    ],
  },
  {
    triggers: ["obligation", "obligations", "responsibility", "responsibilities", "duty", "duties", "required", "requirement", "must", "shall"],
    terms: ["shall", "must", "obligations", "responsible", "required", "agrees to", "duties"],
  },
  {
    triggers: ["compliance", "comply", "regulation", "regulations", "law", "laws", "hipaa", "accreditation", "credentialing"],
    terms: ["comply", "compliance", "applicable laws", "regulations", "HIPAA", "credentialing", "accreditation", "licensure", "standards"],
  },
  {
    triggers: ["key terms", "summary", "summarize", "overview", "main points", "important"],
    terms: ["term", "effective date", "compensation", "termination", "obligations", "payment", "governing law"],
  },
  {
    triggers: ["governing law", "governed", "jurisdiction", "venue", "state law", "which law"],
    terms: ["governed by", "governing law", "laws of the state", "jurisdiction", "venue", "construed"],
  },
  {
    triggers: ["assign", "assignment", "assigned", "transfer", "change of control", "merger", "acquisition", "acquire"],
    terms: ["assign", "assignment", "transfer", "prior written consent", "successors", "change of control", "merger"],
  },
  {
    triggers: ["confidential", "confidentiality", "privacy", "phi", "protected health information", "disclose", "disclosure"],
    terms: ["confidential", "confidentiality", "protected health information", "HIPAA", "disclose", "privacy"],
  },
  {
    triggers: ["indemnify", "indemnification", "indemnity", "hold harmless"],
    terms: ["indemnify", "indemnification", "hold harmless", "defend", "losses", "claims"],
  },
  {
    triggers: ["liability", "liable", "damages", "cap", "limit of liability", "limitation"],
    terms: ["liability", "liable", "damages", "limitation of liability", "consequential damages", "in no event", "exceed"],
  },
  {
    triggers: ["insurance", "insured", "coverage", "malpractice"],
    terms: ["insurance", "coverage", "insured", "professional liability", "malpractice", "policy", "certificate of insurance"],
  },
  {
    triggers: ["audit", "records", "books", "inspect", "inspection"],
    terms: ["audit", "records", "books", "inspect", "examine", "access to records", "retain"],
  },
  {
    triggers: ["compete", "competition", "competing", "non-compete", "noncompete", "exclusive", "exclusivity", "solicit", "solicitation", "hire"],
    terms: [
      "compete",
      "competitive",
      "competitor",
      "exclusive",
      "exclusivity",
      "solicit",
      "non-solicitation",
      "restricted",
      "restrictive covenant",
      "directly or indirectly",
    ],
  },
  {
    triggers: ["sue", "contest", "challenge", "covenant not to sue", "claims against", "validity"],
    terms: ["contest", "challenge", "validity", "bring any claim", "covenant not to sue", "dispute"],
  },
  {
    triggers: ["price", "prices", "raise", "increase", "decrease", "adjust"],
    terms: ["price", "prices", "increase", "adjust", "not exceed", "price change"],
  },
  {
    triggers: ["effective", "start", "begin", "commence", "commencement", "dated", "date"],
    terms: ["effective date", "effective as of", "take effect", "commence", "commencement", "dated", "entered into"],
  },
  {
    // Phrases, not "party" alone: "can a party terminate…" asks about termination, not who signed.
    triggers: ["who are the parties", "parties to", "who signed", "signed by", "signatory", "between whom", "contract between", "agreement between"],
    terms: ["by and between", "parties", "entered into", "hereinafter", "provider", "company"],
  },
  {
    triggers: ["license", "licence", "intellectual property", "ip", "ownership", "own", "owns", "proprietary"],
    terms: [
      "license",
      "grant",
      "right to use",
      "non-exclusive",
      "royalty-free",
      "sublicense",
      "intellectual property",
      "ownership",
      "proprietary",
      "rights",
      "title",
    ],
  },
  {
    triggers: ["notice", "notify", "notification"],
    terms: ["notice", "written notice", "notify", "days prior", "in writing"],
  },
  {
    triggers: ["warranty", "warranties", "warrant", "guarantee", "defect", "defects"],
    terms: ["warranty", "warrants", "warranted", "defects", "guarantee", "warranty period", "months", "from the date of"],
  },
  {
    triggers: ["medicare", "medicaid", "cms", "government", "federal"],
    terms: ["Medicare", "Medicaid", "CMS", "federal health care program", "government program", "state agency"],
  },
  {
    triggers: ["prior authorization", "preauthorization", "authorization", "utilization", "medical necessity", "medically necessary", "referral"],
    terms: ["prior authorization", "preauthorization", "utilization management", "medically necessary", "medical necessity", "referral"],
  },
  {
    triggers: ["copay", "copayment", "coinsurance", "deductible", "balance bill", "balance billing", "member", "patient", "enrollee"],
    terms: ["copayment", "coinsurance", "deductible", "balance bill", "hold harmless", "member", "covered services"],
  },
];

const openingQuestion =
  /\b(?:(?:name|title|called)\b.*\b(?:contract|agreement|document)|(?:contract|agreement|document)\b.*\b(?:name|title|called)|who\b.*\bpart(?:y|ies)|part(?:y|ies)\b.*\b(?:to|of|signed)\b.*\b(?:contract|agreement)|(?:date|dated|signed|effective)\b.*\b(?:contract|agreement)|(?:contract|agreement)\b.*\b(?:date|dated|signed|effective))\b/;

const dateQuestion = /\b(?:when|date|dated)\b/;

const followUpOpeners = /^(?:and|but|also|what about|how about|what if|same for|and for|or|then)\b/;
const pronounReference = /\b(?:it|that|this|those|these|they|them|there|same)\b/;

export function normalizeQuestion(question: string): string {
  return question
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u201a\u201b`\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Words in "-ive" and in "-ion" from one root mean different things — exclusive dealing and an
 * exclusion from liability, an extensive review and an extension of the term — yet stemmers make
 * them one word. A single word of either form matches only text that has that form.
 */
export function wordFormPattern(word: string): RegExp | undefined {
  const adjective = adjectiveRoot(word);
  if (adjective) return new RegExp(`\\b${adjective}`, "i");
  const root = stem(word);
  if (/ions?$/.test(word) && root !== word) return new RegExp(`\\b${root}(?!iv)`, "i");
  return undefined;
}

function addTerm(terms: QueryTerm[], term: QueryTerm): void {
  if (!term.text.includes(" ")) {
    const wordForm = wordFormPattern(term.text);
    if (wordForm) term = { ...term, wordForm };
  }
  const key = term.text.split(" ").map(stem).join(" ");
  const existing = terms.find((candidate) => candidate.text.split(" ").map(stem).join(" ") === key);
  if (!existing) terms.push(term);
  else if (existing.weight < term.weight) Object.assign(existing, term);
}

/** The vocabulary's triggers as stems, made once: every question is checked against all of them. */
let triggerStems: { terms: string[]; triggers: string[][] }[] | undefined;

function expansionsOf(text: string): string[] {
  const stems = tokenize(text).map(stem);
  triggerStems ??= contractVocabulary.map((group) => ({ terms: group.terms, triggers: group.triggers.map((trigger) => trigger.split(" ").map(stem)) }));
  return triggerStems.filter((group) => group.triggers.some((trigger) => containsStems(stems, trigger))).flatMap((group) => group.terms);
}

/** A question is a follow-up when it opens like one, or is short and points back ("what about for Medicaid?"). */
export function isFollowUpQuestion(normalized: string, contentWordCount: number): boolean {
  if (followUpOpeners.test(normalized)) return true;
  return contentWordCount <= 3 && pronounReference.test(normalized);
}

/**
 * The search terms for a question: its own content words, the contract vocabulary they imply,
 * and — for a follow-up — the earlier questions' words, weighted lower.
 */
export function analyzeQuery(question: string, previousQuestions: readonly string[] = []): AnalyzedQuery {
  const normalized = normalizeQuestion(question);
  const words = contentWords(normalized);
  const ownTopic = questionTopic(question);
  const terms: QueryTerm[] = [];
  for (const word of words) addTerm(terms, { text: word, weight: 1, source: "question" });
  for (const expansion of expansionsOf(normalized)) addTerm(terms, { text: expansion.toLowerCase(), weight: EXPANSION_WEIGHT, source: "expansion" });
  // The ways a contract says the question's topic words are searched for too.
  for (const phrase of synonymsOf(ownTopic)) addTerm(terms, { text: phrase.toLowerCase(), weight: EXPANSION_WEIGHT, source: "expansion" });

  const isFollowUp = previousQuestions.length > 0 && isFollowUpQuestion(normalized, words.length);
  if (isFollowUp) {
    const previous = previousQuestions.slice(-2).map(normalizeQuestion).join(" ");
    for (const word of contentWords(previous)) addTerm(terms, { text: word, weight: CONTEXT_WEIGHT, source: "context" });
    for (const expansion of expansionsOf(previous))
      addTerm(terms, { text: expansion.toLowerCase(), weight: CONTEXT_WEIGHT * EXPANSION_WEIGHT, source: "context" });
  }
  const topic = isFollowUp ? followUpTopic(ownTopic, questionTopic(previousQuestions.at(-1)!)) : ownTopic;
  return { normalized, terms, isFollowUp, isAboutOpening: openingQuestion.test(normalized), asksForDate: dateQuestion.test(normalized), topic };
}
