/**
 * Whether a sentence says that what a yes-or-no question asks about holds. Contracts often state
 * the opposite in the words of the thing itself — "shall not be deemed to be exclusive", "free to
 * render services to others", "non-exclusive" — so a sentence that names the topic is read for its
 * polarity before it may answer "Yes"; when it cannot be told, the answer has no Yes or No at all.
 */

/** Words that say a commitment or restriction does not exist, or that a party remains free. */
const denials: readonly RegExp[] = [
  /\bnon-?exclusive(?:ly)?\b/i,
  /\b(?:not|never|neither) (?:be )?(?:deemed |construed |considered |interpreted )?(?:to (?:be|create|constitute|grant|imply) )?(?:an? )?(?:exclusive|exclusivity)\b/i,
  /\bnothing (?:in|herein|contained|set forth)\b[^.;]{0,120}?\b(?:shall|will|is intended to|may)\b[^.;]{0,60}?\b(?:restrict|prevent|prohibit|limit|preclude|obligate|require|create|be construed)\w*/i,
  /\b(?:shall|will|is|are) (?:be )?free to\b|\bremain(?:s)? free to\b|\bat liberty to\b/i,
  /\bwithout (?:any )?restriction\b|\bwithout limitation on (?:its|their) (?:right|ability)\b/i,
  /\b(?:is|are|shall be|will be) (?:not|under no) (?:required|obligated|obliged|restricted|prohibited|bound|committed)\b/i,
  /\b(?:no|not any) (?:obligation|commitment|requirement|restriction)s? (?:to|on|upon|regarding)\b/i,
  /\bunder no obligation\b/i,
  /\bmay (?:freely|also) (?:compete|engage|sell|provide|contract|deal|work|render)\b/i,
];

/** A sentence that grants a permission: "may assign", "has the right to". */
const grant = /\b(?:may|can|is entitled to|are entitled to|has the right to|have the right to|is permitted to|are permitted to|shall have the right)\b/i;
/** A sentence that forbids: "may not", "shall not", "neither party may". */
const prohibition = /\b(?:may not|shall not|will not|must not|cannot|can not|neither party (?:may|shall)|no party (?:may|shall))\b/i;
/** A prohibition with a way around it ("may not assign without consent") is neither yes nor no. */
const exception = /\b(?:without|unless|except|other than|provided that|subject to|only)\b/i;
const negation = /\b(?:not|no|neither|nor|never|cannot)\b|n't\b/i;

export type Polarity = "yes" | "no";

/** Whether the sentence denies the thing asked about ("not exclusive", "free to", "nothing herein shall restrict"). */
export function isDenial(sentence: string): boolean {
  return denials.some((pattern) => pattern.test(sentence));
}

/** Words that confine what a party may do: a limit, a sole way, an exclusive one. */
export const confining =
  /\b(?:not (?:more|less|exceed|to exceed)|no (?:more|less|later|earlier|sooner) than|only|solely|restrict\w*|prohibit\w*|limit\w*|refrain\w*|forbid\w*|at most|in no event|exclusive\w*)\b/i;

/** Whether a sentence restricts: it forbids, or confines. A right granted outright ("reserves the right to change its prices") restricts nothing. */
function restricts(sentence: string): boolean {
  return prohibition.test(sentence) || confining.test(sentence);
}

/**
 * For "Is there…", "Does a party have…", "Is a party restricted…": yes when the sentence states it
 * and does not deny it; no when it denies it; nothing when a negation it holds could go either way.
 * `isAboutRestriction`: the thing asked about is itself a restriction, written with "not"; a
 * sentence answers yes to it only when it restricts.
 */
export function existencePolarity(sentence: string, isAboutRestriction: boolean): Polarity | undefined {
  if (isDenial(sentence)) return "no";
  if (isAboutRestriction) return restricts(sentence) ? "yes" : undefined;
  return negation.test(sentence) ? undefined : "yes";
}

/** A sentence that leaves a party free to act: a permission, not a denial, when the question asks "Can we…". */
const freedom = /\bfree to\b|\bfreely\b|\bwithout (?:any )?restriction\b|\bat liberty to\b/i;

/** For "Can we…", "May a party…": yes when the sentence grants it, no when it forbids it outright, nothing when a way around is given. */
export function permissionPolarity(sentence: string): Polarity | undefined {
  if (freedom.test(sentence)) return "yes";
  if (isDenial(sentence)) return undefined;
  if (grant.test(sentence) && !negation.test(sentence)) return "yes";
  if (prohibition.test(sentence) && !exception.test(sentence)) return "no";
  return undefined;
}
