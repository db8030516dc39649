import { monthNames } from "../../shared/calendar-dates";
import type { FactFieldKey } from "../../shared/fact-sheet";

/**
 * How each fact-sheet field is recognised in a sentence, in general contract wording (never one
 * contract's): the words that say a sentence is about the field, words that say it is about
 * something else, and what kind of value answers it. A sentence is read with its clause's
 * headings, so "Timely Filing. Claims must be submitted within 90 days" counts as about filing.
 */
export type FactValueKind =
  /** A length of time: notice, filing windows, cure periods. */
  | "duration"
  /** A calendar date, or failing one the words that define it. */
  | "date"
  /** Yes, with the words that make it so. */
  | "yes"
  /** A name read from the sentence: a state's law, an arbitration body. */
  | "name"
  /** The sentence's own words, shortened: what the rates are based on, how disputes are settled. */
  | "wording";

export interface FactRule {
  field: FactFieldKey;
  kind: FactValueKind;
  /** A sentence (with its headings) is about the field when it matches one of these. */
  about: RegExp[];
  /** …and none of these. */
  notAbout?: RegExp;
  /** Heading words that make a sentence likelier to be the field's (a bonus, not a condition). */
  headingHint?: RegExp;
  /** A clause heading that names the field itself ("Timely Filing", "Change in Status"): its sentences are about the field without saying so. */
  heading?: RegExp;
  /** For durations: the words the length of time must follow or precede closely, so "within 30 days" of another duty is not taken. */
  near?: RegExp;
  /** Units a duration of this field may have; others are someone else's (a 10-year retention is not a notice period). */
  units?: readonly ("day" | "week" | "month" | "year")[];
  /**
   * For durations, what a sentence about the field may say instead of a length of time: that a
   * statute sets it ("within the time frames specified in <statute>"), or that changes the law
   * requires apply automatically.
   */
  otherwise?: readonly ("statute" | "automatic-amendment")[];
  /** Read only from the document's first pages (who signs is said at the top). */
  firstPages?: number;
  /** At most this many values (the parties are named once). */
  maxValues?: number;
  /**
   * The different things one field's values apply to, each with the words that name it: a notice
   * of changes may be owed for a change of ownership and, with another length, for a roster change.
   */
  subjects?: readonly FactSubject[];
}

/**
 * What a value applies to, as the sheet says it, and the words in or around its sentence that name
 * it; and what to say instead when the words are negated ("for a purpose other than compliance with
 * a regulation"): a negated subject without that label names nothing.
 */
export type FactSubject = readonly [label: string, pattern: RegExp, negatedLabel?: string];

/** Claims another payer paid first are often given their own, longer windows. */
const coordinationOfBenefits: FactSubject = [
  "claims where another payer is primary",
  /\bcoordination of benefits\b|\bsecondary (?:claims?|payer|payor)\b|\bprimary (?:payer|payor|carrier|insurer)\b|\bother (?:payer|payor|carrier|insurer)'?s? (?:explanation|payment|remittance)\b/,
];

const notice = /\bnotice\b|\bnotif(?:y|ication)\b/;
/** A month's name, as a sentence read in lower case writes it. */
const monthName = `(?:${monthNames.join("|").toLowerCase()})`;

/** Ordinal words, in order from one: "the third anniversary" is three years on. */
export const ordinalWords = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
/** "will end on the third anniversary of ", "terminating on the 5th (5th) anniversary of ": the ordinal is the first group. */
export const endsOnAnniversary = String.raw`\b(?:end|expir|terminat|conclud)\w*\b(?: on| upon)? the (${ordinalWords.join("|")}|\d{1,2}(?:st|nd|rd|th))\b(?:\s*\(\d{1,2}(?:st|nd|rd|th)\))? anniversary of `;

export const factRules: readonly FactRule[] = [
  {
    field: "parties",
    kind: "wording",
    // "made … by and between A and B", "This Agreement, dated …, between A and B", "is entered into by and among A, B and C".
    about: [/\b(?:made|entered into|executed|dated|agreement|contract)\b.{0,120}\b(?:between|among)\b.{3,250}?\band\b/],
    notAbout: /\bdisputes?\b|\bconflict\b|\binconsisten|\bmeans\b/,
    firstPages: 2,
    maxValues: 1,
  },
  {
    field: "effective_date",
    kind: "date",
    about: [
      /\beffective date\b/,
      /\beffective (?:as of|on|this)\b/,
      /\b(?:shall )?(?:become effective|commence|take effect|takes effect)s? (?:on|as of)\b/,
      /\beffective as from\b|\b(?:commencement|start) date (?:of|for) (?:this|the) (?:agreement|contract)\b/,
      new RegExp(String.raw`\b(?:made|entered into|dated)\b.{0,60}\b(?:as of|this|on)\b.{0,20}\b(?:day|19\d\d|20\d\d|${monthName})\b`),
      // The agreement's own date straight after the words: "this Agreement … to be effective January 1, 2027", "the term shall commence 1 March 2026".
      new RegExp(
        String.raw`(?<=\b(?:agreement|contract|term)\b[^.]{0,80})\b(?:effective|commence|begin)s? (?:upon |from )?(?:\d{1,2}(?:st|nd|rd|th)? )?${monthName}\b`,
      ),
    ],
    notAbout:
      /\bamendment\b|\btermination\b|\bof (?:the|such) (?:change|termination|amendment)\b|\bnotices?\b[^.]{0,40}\b(?:shall|will|is) be (?:deemed )?effective\b/,
    headingHint: /\bterm\b|\beffective\b/,
  },
  {
    field: "initial_term",
    kind: "duration",
    about: [
      /\b(?:initial|original) term\b/,
      /\bfor (?:a|an initial) (?:term|period) of\b/,
      // The term as the sentence's subject ("The term of this Agreement shall be…"), not "during the term of this Agreement".
      /\bterm of (?:this|the) agreement\b(?:\s*\([^)]*\))?,?\s*(?:shall|will|is|be)\b/,
      /\bshall (?:continue|remain) in (?:full force and )?effect for\b/,
      /\b(?:have|has) (?:a|an initial) (?:term|duration) of\b|\bremain (?:valid|in (?:full )?(?:force|effect))\b[^.]{0,40}\bfor\b/,
      // Its end counted from its start: "will expire ten (10) years from the Effective Date", "ending two years thereafter".
      /\b(?:shall|will) (?:end|expire|terminate)\b[^.]{0,40}\b(?:years?|months?)\b[^.]{0,6}\b(?:from|after|following|therefrom)\b|\bending\b[^.]{0,30}\b(?:years?|months?)\b[^.]{0,6}\bthereafter\b/,
      /\b(?:commence|begin)\w*\b.{0,80}\b(?:continue|remain)\w*\b.{0,80}\b(?:until|for)\b/,
      // Its end as an anniversary of its start: "will end on the third anniversary of the Effective Date".
      new RegExp(String.raw`(?<=\b(?:agreement|term)\b[^.;]{0,100})${endsOnAnniversary}(?:the|this)\b`),
    ],
    notAbout: new RegExp(
      [
        String.raw`\bwithout cause\b|\bcure\b|\bnotice\b(?!.*\bterm of)`,
        // A period that runs past the term ("during the term and for two years thereafter", "survives for…", "for a year after termination").
        String.raw`\bsurviv|\b(?:during|throughout) the (?:term|currency|life)\b[^.]{0,80}?\band (?:for|thereafter)\b|\b(?:after|following) (?:the )?(?:such )?(?:termination|expiration|expiry)\b`,
        // Another clause's own period: records kept, a warranty, insurance, confidentiality.
        String.raw`\b(?:keep|kept|maintain|retain)\w*\b[^.]{0,60}\brecords\b|\bwarrant(?!y period\b)|\binsurance\b|\bconfidential`,
      ].join("|"),
    ),
    near: /\bterm\b|\bperiod\b|\bfor\b|\banniversary\b|\bfrom\b|\bthereafter\b|\btherefrom\b/,
    units: ["month", "year"],
    headingHint: /\bterm\b/,
    heading: /\b(?:initial )?term of (?:this |the )?agreement\b/,
  },
  {
    field: "expiration_date",
    kind: "date",
    about: [
      /\b(?:expire|expires|expiration|shall end|ends|terminate|conclude)s? on\b/,
      // "The term … commencing on the Effective Date and ending on 31 May 2026": the agreement's or its term's end, not another period's.
      /(?<=\b(?:agreement|term)\b[^.;]{0,100})\b(?:expir|terminat|end|conclud)ing on\b/,
      /\bexpiration date\b/,
      /\b(?:until|through|up to and including)\b[^.]{0,40}\b(?:19|20)\d{2}\b/,
      /\b(?:shall|will) (?:expire|terminate|end)\b[^.]{0,25}\b(?:19|20)\d{2}\b/,
      /\b(?:continue|remain in (?:full )?(?:force|effect))\b[^.]{0,30}\bindefinitely\b/,
      /\bcontinue\w*\b[^.]{0,80}\buntil terminated\b/,
    ],
    // The date the agreement starts is read only as a start (see readDate), so "from the Effective Date until 31 December" is the term's end.
    notAbout: /\bsigned\b/,
    headingHint: /\bterm\b/,
  },
  {
    field: "auto_renewal",
    kind: "yes",
    about: [
      /\b(?:automatically|auto-?)\s*(?:renew|extend)/,
      /\b(?:agreement|contract|term)\b(?:\s*\([^)]*\))?,?\s+(?:shall|will) (?:\w+ )?automatically be (?:renewed|extended)\b/,
      /\bautomatic (?:\w+ )?(?:renewal|extension)s?\b/,
      // A party's choice to renew ("has the option to extend the Term"), read as renewal only if a party chooses.
      /\b(?:option|right) to (?:\w+ )?(?:renew|extend) (?:this|the)\b/,
      // Carrying on after the term: "continue on a year-to-year basis", "renewed for another year".
      /\bcontinue\w*\b[^.]{0,60}\b(?:year[- ]to[- ]year|month[- ]to[- ]month)\b/,
      /\b(?:agreement|contract|term)\b[^.]{0,40}\b(?:renewed|extended)\b[^.]{0,20}\bfor (?:an? |one )?(?:additional|further|another)\b/,
      /\brenewable\b[^.]{0,60}\b(?:terms?|periods?|basis)\b/,
      /\bunless\b.{0,250}\b(?:will|shall) (?:be )?(?:renewed|extended)\b/,
      /\brenew(?:s|ed)? automatically\b/,
      /\bcontinue (?:automatically|in effect)[^.]{0,60}\b(?:successive|consecutive|additional|renewal)\b/,
      /\b(?:successive|consecutive|additional|subsequent|further) (?:\w+[- ])?(?:\(\d+\)[- ])?(?:year|month)\w* (?:renewal )?(?:terms?|periods?)\b/,
      /\brenew\w*\b[^.]{0,30}\b(?:for|by)\b[^.]{0,10}\b(?:successive|consecutive|additional|subsequent|further) (?:renewal )?(?:terms?|periods?|years?)\b/,
      /\bextended by (?:one|an?|\w+ \(\d+\)) (?:further|additional)\b/,
      /\b(?:shall|will|does|is) not (?:be )?(?:automatically )?(?:renew|extend)\w*/,
    ],
    headingHint: /\bterm\b|\brenewal\b/,
  },
  {
    field: "non_renewal_notice",
    kind: "duration",
    about: [
      /\b(?:non-?renewal|not to (?:renew|extend)|decline to renew)\b/,
      /\bprior to the (?:end|expiration) of the (?:(?:then[- ])?(?:current|applicable) |initial |renewal )?term\b/,
      /\b(?:renew|extend)\w*\b.{0,150}\bunless\b.{0,100}\bnoti(?:ce|f)/,
      /\b(?:following|after) (?:the )?(?:expiration of the )?(?:initial|original) term\b[^.]{0,80}\bterminat/,
      /\bterminat\w*\b[^.]{0,60}\bautomatic (?:renewal|extension)\b[^.]{0,150}\bnotice\b/,
    ],
    notAbout: /\binsurance\b|\bpolic(?:y|ies)\b|\bcoverage\b|\blicens/,
    // The notice, however it is worded ("notifies the other"), or how long before the term ends a party may end it ("terminated … six months prior to the expiration").
    near: /\bnotice\b|\bnotif\w*|\bterminat\w*\b[^.]{0,60}\b(?:prior to|before) (?:the )?(?:end|expiration|expiry|anniversary)\b/,
    units: ["day", "month"],
  },
  {
    field: "termination_without_cause",
    kind: "duration",
    about: [
      /\bwithout cause\b/,
      /\bfor any reason or no reason\b/,
      /\bfor convenience\b/,
      /^(?!.*\b(?:breach|cause|cure|default|insolven|bankrupt|immediately|expir|renew)).*\bterminated\b[^.]{0,30}\b(?:on|upon|with)\b[^.]{0,60}\bnotice\b[^.]{0,10}\bby either\b/,
    ],
    near: notice,
    units: ["day", "month"],
    headingHint: /\btermination\b/,
  },
  {
    field: "termination_for_cause",
    kind: "duration",
    about: [/\bcur(?:e|ed|es|ing)\b/, /\bremed(?:y|ied)\b[^.]{0,60}\bbreach\b/, /\bbreach\b[^.]{0,80}\bremed(?:y|ied)\b/],
    notAbout: /\bwithout cause\b/,
    near: /\bcur(?:e|ed|es|ing)\b|\bremed|\bwithin\b|\bnotice\b/,
    units: ["day"],
    headingHint: /\btermination\b|\bbreach\b|\bcause\b/,
  },
  {
    field: "timely_filing",
    kind: "duration",
    about: [
      /\btimely filing\b/,
      /\bclaims?\b[^.]{0,80}\b(?:submitted|filed|received|submit|file)\b[^.]{0,100}\b(?:within|no later than|not later than)\b/,
      /\b(?:submit|file)\b[^.]{0,40}\bclaims?\b[^.]{0,100}\bwithin\b/,
      /\bfiling (?:limit|deadline)\b/,
      /\b(?:have|has|allowed)\b[^.]{0,80}\bdays?\b[^.]{0,120}\bto (?:file|submit)\b[^.]{0,20}\bclaims?\b/,
    ],
    notAbout:
      /\bcorrected\b|\breconsideration\b|\bappeal\b|\bresubmi|\bprompt pay|\bdispute\b|\boverpayment\b|\brefund\b|\bpay(?:ment)? (?:of|for)\b[^.]{0,20}\bclean\b|\bpay\b[^.]{0,40}\bclean claims?\b|\bclean claims?\b[^.]{0,40}\bpaid\b/,
    near: /\bwithin\b|\bafter\b|\bfrom\b|\bof\b|\bfollowing\b|\blater than\b/,
    units: ["day", "month", "year"],
    headingHint: /\bclaims?\b|\bfiling\b|\bsubmission\b|\bbilling\b/,
    heading: /\btimely filing\b/,
    otherwise: ["statute"],
    subjects: [coordinationOfBenefits],
  },
  {
    field: "corrected_claim",
    kind: "duration",
    about: [/\bcorrected claims?\b/, /\breconsideration\b/, /\bresubmi(?:t|ssion)\b/, /\bclaims? (?:adjustment|correction)s?\b/],
    notAbout: /\bappeal\b(?![^.]*\breconsideration\b)/,
    near: /\bwithin\b|\bafter\b|\bfrom\b/,
    units: ["day", "month"],
  },
  {
    field: "provider_appeal",
    kind: "duration",
    about: [
      /\bappeal\b/,
      /\brequest (?:additional|further) payment\b/,
      /\b(?:payment|claims?) disputes?\b/,
      /\bdisput\w*\b[^.]{0,60}\b(?:claim|payment|denial|adjudicat)/,
      /\brequest (?:a |an )?(?:review|redetermination)\b/,
      /\brequest (?:for )?(?:a )?reconsideration\b/,
      /\b(?:initiate|commence|file|submit|bring|raise)\w*\b[^.]{0,40}\b(?:disputes?|complaints?)\b(?! of members?| by members?)/,
    ],
    notAbout: /\bmember(?:'s|s')? appeal|\benrollee(?:'s|s')? appeal|\bgrievance\b(?![^.]*\bprovider\b)/,
    near: /\bwithin\b|\bafter\b|\bfrom\b|\bof\b/,
    units: ["day", "month"],
    headingHint: /\bappeal|\bdispute|\breconsideration/,
    otherwise: ["statute"],
    subjects: [coordinationOfBenefits],
  },
  {
    field: "clean_claim_payment",
    kind: "duration",
    about: [/\bclean claims?\b/, /\bprompt pay(?:ment)?\b/],
    notAbout: /\bdefinition\b|\bmeans\b/,
    near: /\bwithin\b|\bafter\b|\bfrom\b|\bof\b/,
    units: ["day"],
    headingHint: /\bpayment\b|\bclaims?\b/,
    otherwise: ["statute"],
  },
  {
    field: "payer_amendment_notice",
    kind: "duration",
    about: [
      /\bamend(?:ment|ments|ed|s)?\b/,
      /\bmodif(?:y|ied|ication|ications)\b[^.]{0,60}\b(?:agreement|attachment|fee schedules?|compensation)\b/,
      /\b(?:modif\w*|revis\w*|chang\w*|updat\w*)\b[^.]{0,60}\b(?:provider manuals?|manuals?|polic(?:y|ies))\b/,
      /\bnotif\w*\b[^.]{0,80}\bchanges? (?:to|in) (?:the |its |any )?[^.]{0,40}\b(?:fee schedules?|provider manuals?|polic(?:y|ies)|compensation)\b/,
    ],
    notAbout: /\bwithout cause\b|\bmember\b|\binsurance\b/,
    near: notice,
    units: ["day"],
    headingHint: /\bamendment|\bmodification/,
    otherwise: ["automatic-amendment"],
    subjects: [
      [
        "changes required by law or regulation",
        /\bregulat\w*|\b(?:laws?|statut\w*|government\w*) (?:requires?|requirements?|mandates?|changes?)\b|\brequired by (?:law|statute)\b/,
        "other amendments (not required by law or regulation)",
      ],
      ["the provider's time to object", /\bobject(?:s|ed|ing|ion)?\b/],
      ["provider manual or policy changes", /\b(?:provider )?manuals?\b|\bpolic(?:y|ies)\b|\bguidelines\b|\bprotocols?\b/],
      ["fee schedule or rate changes", /\bfee schedules?\b|\brates?\b|\bcompensation\b|\breimbursement\b/],
      ["amendments both parties sign", /\bmutual(?:ly)?\b|\bsigned by (?:both|each of the|all) part|\bexecuted by (?:both|each of the) part/],
    ],
  },
  {
    field: "overpayment_refund",
    kind: "duration",
    about: [/\boverpayments?\b/, /\brefund\b/],
    notAbout: /\bmember\b|\bcopay|\bpremium\b/,
    near: /\bwithin\b|\bafter\b|\bfrom\b|\bof\b/,
    units: ["day"],
    headingHint: /\boverpayment|\brefund|\brecover/,
    subjects: [coordinationOfBenefits],
  },
  {
    field: "recoupment_lookback",
    kind: "duration",
    about: [
      /\brecoup(?:ment|ed|s)?\b/,
      /\brequest (?:a )?refund\b[^.]{0,80}\bpayments? previously made\b/,
      /\b(?:recover|recovery of)\b[^.]{0,60}\b(?:payment|overpayment)s?\b/,
      /\boffset\b[^.]{0,60}\bpayments?\b/,
    ],
    near: /\bafter\b|\bfrom\b|\bof\b|\bwithin\b|\bmore than\b|\bprior\b/,
    units: ["month", "year"],
    subjects: [coordinationOfBenefits],
  },
  {
    field: "lesser_of",
    kind: "yes",
    about: [/\blesser of\b/, /\blower of\b[^.]{0,80}\b(?:billed|charges?|rate|fee schedule)\b/],
  },
  {
    field: "reimbursement_basis",
    kind: "wording",
    about: [
      /\b\d{1,3}(?:\.\d+)?\s?%[^.]{0,40}\bof\b[^.]{0,60}\b(?:fee schedule|medicare|medicaid|allowable|rate)/,
      /\bpercent(?:age)? of\b[^.]{0,60}\b(?:fee schedule|medicare|medicaid|allowable)/,
      /\breimburse(?:ment|d)?\b[^.]{0,80}\bfee schedule\b/,
      /\bcompensat(?:ion|ed)\b[^.]{0,80}\bfee schedule\b/,
      /\b(?:reimbursement|compensation|payment) amount\b[^.]{0,200}\bshall be\b/,
      /\brate\b[^.]{0,60}\b(?:calculated|determined) (?:based on|by|using)\b/,
    ],
    notAbout: /\bupdate|\bnotice\b/,
    headingHint: /\bcompensation\b|\breimbursement\b|\bpayment\b|\brates?\b|\bfee schedule\b/,
  },
  {
    field: "fee_schedule_update",
    kind: "duration",
    about: [
      /\bfee schedules?\b[^.]{0,120}\b(?:update|updated|updates|change|changes|revis\w*|implement\w*)\b/,
      /\b(?:update|updated|updates|change|changes|revis\w*|implement\w*)\b[^.]{0,120}\bfee schedules?\b/,
    ],
    near: /\bwithin\b|\bafter\b|\bfrom\b|\bof\b|\bfollowing\b/,
    units: ["day"],
  },
  {
    field: "governing_law",
    kind: "name",
    about: [
      /\bgoverned (?:by|and construed)\b/,
      /\bconstrued (?:and enforced )?in accordance with\b/,
      /\bgoverning law\b/,
      /\blaws of the (?:state|commonwealth|province) of\b/,
      /\bin accordance with the (?:substantive )?laws?\b/,
      /\bin accordance with federal law\b/,
      // "The laws of California shall govern…", "the law of Germany applies", "controlled by the laws of…".
      /\blaws? of\b[^.]{0,60}\b(?:shall|will) (?:govern|apply)\b|\blaws? of\b[^.]{0,60}\b(?:governs|applies)\b|\b(?:controlled|governed)\b[^.]{0,60}\bby the (?:\w+ )?laws?\b/,
      /\b(?:construed|interpreted)\b[^.]{0,60}\baccording to the (?:\w+ )?laws?\b/,
    ],
    notAbout: /\b(?:organized|organised|incorporated|existing|formed|licensed)\b[^.]{0,30}\bunder the laws\b/,
    heading: /\bgoverning law\b|\bchoice of law\b/,
  },
  {
    field: "dispute_resolution",
    kind: "wording",
    about: [/\barbitrat(?:ion|or|ed)\b/, /\bmediat(?:ion|or)\b/, /\bdispute resolution\b/, /\bexclusive (?:jurisdiction|venue)\b/],
    notAbout: /\bmember\b|\benrollee\b/,
    headingHint: /\bdispute|\barbitration|\bmediation/,
  },
  {
    // How long a party has to bring a legal action under the agreement: a contractual period of
    // limitations, often shorter than the state's. Billing claims are not actions ("claims must be filed within").
    field: "dispute_resolution",
    kind: "duration",
    about: [
      /\b(?:period of limitations?|limitations? period)\b/,
      /\b(?:action|suit|proceeding|litigation|arbitration|claim)s?\b[^.]{0,160}\b(?:brought|commenced|instituted)\b[^.]{0,60}\b(?:more than|later than|after|within)\b/,
      /\bbring\w*\b[^.]{0,60}\b(?:action|suit|proceeding|claim)s?\b[^.]{0,160}\b(?:more than|later than|after|within)\b/,
    ],
    notAbout: /\bmember\b|\benrollee\b/,
    near: /\bmore than\b|\blater than\b|\bwithin\b|\bafter\b|\bof\b/,
    units: ["month", "year"],
    subjects: [["time limit to bring a legal action", /\blimitation|\bbr(?:ing|ought)\b|\bcommenced\b|\binstituted\b/]],
  },
  {
    field: "assignment",
    kind: "wording",
    about: [
      /\bassign(?:ed|s|ment)?\b[^.]{0,120}\b(?:consent|approval|permission)\b/,
      /\b(?:consent|approval|permission)\b[^.]{0,120}\bassign(?:ed|s|ment)?\b/,
      /\b(?:may|shall|will) not (?:be )?assign/,
      /\b(?:may|entitled to|right to) assign\b/,
      /\b(?:agreement|contract)\b[^.]{0,40}\b(?:shall|will|is) (?:be )?(?:freely )?assignable\b/,
      /\bassign\w*\b[^.]{0,100}\b(?:null and void|void)\b/,
    ],
    notAbout: /\bassigned to (?:a |the )?(?:member|patient)|\bassignment of benefits\b|\bassignment for the benefit of\b/,
    headingHint: /\bassignment\b/,
  },
  {
    field: "records_retention",
    kind: "duration",
    about: [
      /\b(?:retain|maintain|keep|preserve)\w*\b[^.]{0,100}\brecords?\b/,
      /\brecords?\b[^.]{0,100}\b(?:retain|maintain|kept|preserve)\w*\b/,
      /\bretention\b/,
      /\b(?:audit|inspect)\w*\b[^.]{0,200}\brecords?\b[^.]{0,300}\byears?\b/,
    ],
    near: /\bfor\b|\bof\b|\bleast\b|\bafter\b|\bperiod\b|\bthrough\b/,
    units: ["year"],
    headingHint: /\brecords?\b/,
    heading: /\b(?:records? retention|retention of records)\b/,
  },
  {
    field: "change_of_status_notice",
    kind: "duration",
    about: [
      /\bchange[sd]?\b[^.]{0,60}\b(?:ownership|control|location|address|tax identification|tin\b|federal tax)/,
      /\b(?:ownership|location|address|tax identification number|tin)\b[^.]{0,40}\bchange/,
      /\b(?:merger|acquisition|sale of (?:all|substantially))\b/,
      /\bclos(?:e|es|ing)\b[^.]{0,30}\b(?:practice|panel)\b|\bceas(?:e|es|ing)\b[^.]{0,40}\bpractice\b/,
      /\bnotif\w*\b[^.]{0,60}\bof any changes? (?:to|in)\b(?![^.]{0,40}\b(?:fee schedules?|manuals?|polic(?:y|ies)|members?|compensation|rates?|agreement)\b)/,
    ],
    near: /\bnotice\b|\bnotif(?:y|ication)\b|\bwithin\b/,
    units: ["day"],
    heading: /\bchange (?:in|of) (?:status|ownership|control|provider information)\b|\bnotice of changes?\b/,
    subjects: [
      [
        "change of ownership or control",
        /\bownership\b|\bcontrol\b|\bmerger\b|\bacquisition\b|\bsale of (?:all|substantially)\b|\bcorporate (?:form|structure|status)\b|\breorgani[sz]\w*/,
      ],
      ["closing the practice or its panel", /\bclos\w*\b[^.]{0,40}\b(?:practice|panel)\b|\bceas\w*\b[^.]{0,40}\bpractice\b|\bnew patients\b/],
      [
        "roster changes",
        /\broster\b|\b(?:addition|add|adding|removal|remove|removing|departure)\w*\b[^.]{0,40}\b(?:practitioners?|physicians?|clinicians?|providers?)\b/,
      ],
      ["address or location changes", /\baddress(?:es)?\b|\blocations?\b|\brelocat\w*/],
      ["tax ID changes", /\btax identification\b|\btin\b|\bfederal tax\b/],
      ["licence, accreditation or sanctions", /\blicen[cs]\w*|\baccredit\w*|\bsanction\w*|\bdebar\w*|\bexclu(?:ded|sion)\b/],
      ["required disclosures", /\bdisclosures?\b/],
    ],
  },
];
