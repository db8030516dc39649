import { describe, expect, it } from "vitest";
import type { FactValue } from "../../shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../shared/fact-sheet";
import { chunkClauses } from "../documents/chunking";
import { structureDocument } from "../documents/structure";
import { locateQuote } from "../rag/citations";
import { isValueInQuote, readFactSheet, type FactPassage } from "./read-facts";
import { cascadeAgreement, evergreenAgreement as evergreen, harborContract as harbor } from "./synthetic-contracts.fixture";

/** Pages of a synthetic contract, read the way processing reads them: structured, then cut into passages. */
function sheetOf(pageTexts: string[]) {
  const pages = pageTexts.map((text, index) => ({ pageNumber: index + 1, text }));
  const passages: FactPassage[] = chunkClauses(structureDocument(pages)).map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `c${index}` }));
  const pageMap = new Map(pages.map((page) => [page.pageNumber, page.text]));
  const sheet = readFactSheet(passages, pageMap);
  const valuesOf = (key: FactFieldKey) => sheet.fields.find((field) => field.key === key)!.values;
  return { sheet, pageMap, valuesOf };
}

const shown = (values: FactValue[]) => values.map((value) => [value.value, value.productLine, value.source.page]);

describe("readFactSheet: values read from their clauses, each with its page", () => {
  const { valuesOf } = sheetOf(evergreen);

  it.each<[FactFieldKey, (string | number)[][]]>([
    ["parties", [['Evergreen Health Plan, Inc. ("Plan") and Lakeside Pediatrics, P.C. ("Provider")', "all", 1]]],
    ["product_lines", [["Medicaid", "medicaid", 4]]],
    ["effective_date", [["March 1, 2025", "all", 1]]],
    ["initial_term", [["3 years", "all", 1]]],
    ["auto_renewal", [["Yes, for 1 year terms", "all", 1]]],
    ["non_renewal_notice", [["90 days", "all", 1]]],
    ["termination_for_cause", [["30 days", "all", 1]]],
    [
      "timely_filing",
      [
        ["180 calendar days", "all", 2],
        ["365 days", "medicaid", 4],
      ],
    ],
    ["corrected_claim", [["60 days", "all", 2]]],
    ["clean_claim_payment", [["30 days", "all", 2]]],
    ["provider_appeal", [["90 days", "all", 2]]],
    ["overpayment_refund", [["45 days", "all", 2]]],
    ["lesser_of", [["Yes", "all", 2]]],
    ["payer_amendment_notice", [["60 days", "all", 3]]],
    ["governing_law", [["Oregon", "all", 3]]],
    ["assignment", [["Consent required", "all", 3]]],
    ["records_retention", [["7 years", "all", 3]]],
    ["change_of_status_notice", [["30 days", "all", 3]]],
    ["dispute_resolution", [["Negotiation, Arbitration (American Arbitration Association)", "all", 3]]],
  ])("%s", (key, expected) => {
    expect(shown(valuesOf(key))).toEqual(expected);
  });

  it("shows where the agreement and an attachment disagree, each with its own source", () => {
    expect(shown(valuesOf("termination_without_cause"))).toEqual([
      ["120 days", "all", 1],
      ["90 days", "medicaid", 4],
    ]);
  });

  it("keeps the number the deadline is computed from, with its unit and what the clock starts from", () => {
    expect(valuesOf("timely_filing")[0]).toMatchObject({ amount: 180, unit: "days", from: "the date of service" });
    expect(valuesOf("records_retention")[0]).toMatchObject({ amount: 7, unit: "years" });
  });

  it("quotes every value word for word from its page, with the number in the quote", () => {
    const { sheet, pageMap } = sheetOf(evergreen);
    const values = sheet.fields.flatMap((field) => field.values);
    expect(values.length).toBeGreaterThan(15);
    for (const value of values) {
      expect(locateQuote(value.source.quote, pageMap, value.source.page, value.source.page)?.quote).toBe(value.source.quote);
      expect(isValueInQuote(value, value.source.quote)).toBe(true);
    }
  });
});

describe("readFactSheet: other wording, and fields the contract does not state", () => {
  const { valuesOf } = sheetOf(harbor);

  it.each<[FactFieldKey, (string | number)[][]]>([
    ["timely_filing", [["95 days", "all", 1]]],
    ["provider_appeal", [["10 business days", "all", 1]]],
    ["termination_without_cause", [["60 days", "all", 1]]],
    ["governing_law", [["Massachusetts", "all", 1]]],
  ])("%s", (key, expected) => {
    expect(shown(valuesOf(key))).toEqual(expected);
  });

  it("reads business days as business days", () => {
    expect(valuesOf("provider_appeal")[0]).toMatchObject({ amount: 10, unit: "business-days" });
  });

  it.each<FactFieldKey>(["auto_renewal", "lesser_of", "dispute_resolution", "records_retention", "clean_claim_payment", "effective_date"])(
    "%s is not stated",
    (key) => {
      expect(valuesOf(key)).toEqual([]);
    },
  );
});

describe("isValueInQuote: a number in the value must be in its quote", () => {
  it.each<[number | null, FactValue["unit"], string, boolean]>([
    [90, "days", "within ninety (90) days of the date of service", true],
    [90, "days", "within ninety days of the date of service", true],
    [90, "days", "within 90 days", true],
    [90, "days", "within sixty (60) days", false],
    [10, "business-days", "within ten (10) business days", true],
    [10, "business-days", "within ten (10) days", false],
    [2, "years", "for two (2) years", true],
    [null, null, "governed by the laws of the State of Oregon", true],
  ])("%s %s in %j → %s", (amount, unit, quote, expected) => {
    expect(isValueInQuote({ amount, unit }, quote)).toBe(expected);
  });
});

describe("readFactSheet: one clause at a time, in the many ways contracts say it", () => {
  it.each<[FactFieldKey, string, string]>([
    ["governing_law", "Each term of this Agreement is construed in accordance with English law.", "English"],
    [
      "governing_law",
      "This Agreement is governed by, and will be interpreted under, the laws, leaving aside their choice of law rules, of the state of Florida.",
      "Florida",
    ],
    ["governing_law", "The laws of the Province of Ontario govern this Agreement.", "Ontario"],
    [
      "parties",
      "This Lab Services Agreement, dated May 1, 2026, is between Harbor Family Medicine and Coastline Labs LLC.",
      "Harbor Family Medicine and Coastline Labs LLC",
    ],
    [
      "parties",
      "This Agreement is entered into by and among Northside Pediatrics PLLC, Lakeview Health Plan and Quick Labs LLC.",
      "Northside Pediatrics PLLC, Lakeview Health Plan and Quick Labs LLC",
    ],
    // Parties written out with their descriptions and addresses: only their names are shown.
    [
      "parties",
      "This Billing Services Agreement is made by and between NORTHWIND BILLING SERVICES, INC., a Delaware corporation with its principal offices at 400 Harbor Road, Suite 12, Portland, Oregon 97201 (“Northwind”), and Lakeside Pediatrics, P.C., a professional corporation organized under the laws of Maine with offices at 18 Elm Street, Bangor, Maine 04401 (the “Practice”).",
      "NORTHWIND BILLING SERVICES, INC. and Lakeside Pediatrics, P.C.",
    ],
    [
      "parties",
      "This Lab Agreement is entered into by and among Harbor Family Medicine, PLLC, whose offices are at 9 Pier Street, Rockland, Maine (“Clinic”), Coastline Labs LLC, a Maine limited liability company located at 2 Mill Road, Camden, Maine (“Lab”), and Quick Couriers, Inc. (“Courier”), for the collection of specimens.",
      "Harbor Family Medicine, PLLC, Coastline Labs LLC and Quick Couriers, Inc.",
    ],
    ["governing_law", "QUESTIONS ABOUT THIS CONTRACT ARE DECIDED UNDER THE LAWS OF THE STATE OF NEW MEXICO.", "New Mexico"],
    ["governing_law", "The laws of Oregon shall govern the construction and enforcement of this Agreement.", "Oregon"],
    ["governing_law", "The laws of the Netherlands will govern every question under this contract.", "Netherlands"],
    ["governing_law", "The validity and performance of this contract are governed by PRC law.", "PRC"],
    [
      "non_renewal_notice",
      "Unless a party gives written notice at least sixty days before the term ends that it chooses not to extend the term, the term is extended for one more year.",
      "60 days",
    ],
    [
      "non_renewal_notice",
      "The term renews by itself for further one (1) year periods unless a party sends the other written notice at least forty-five (45) days prior to the expiration of the term.",
      "45 days",
    ],
    [
      "non_renewal_notice",
      "This Agreement renews each year unless either party notifies the other at least forty-five (45) days before the end of the current term.",
      "45 days",
    ],
    [
      "non_renewal_notice",
      "The agreement renews for further one-year terms unless either side terminates it, with ninety (90) days to spare prior to the expiration of the current term.",
      "90 days",
    ],
    ["auto_renewal", "At the end of each term, this Agreement renews automatically for subsequent one (1) year periods.", "Yes, for 1 year terms"],
    ["auto_renewal", "Each year the contract shall automatically be renewed for one more year on the same terms.", "Yes"],
    ["auto_renewal", "After the first year this contract will continue on a month-to-month basis until either party ends it.", "Yes"],
    ["auto_renewal", "The Practice has the option to extend the term for one additional year by written notice.", "Only if a party chooses to renew"],
    [
      "auto_renewal",
      "At the option of the Provider, the contract may be renewed for additional one (1) year periods.",
      "Only if a party chooses to renew, for 1 year terms",
    ],
    ["expiration_date", "This Agreement will remain in full force indefinitely, until a party ends it.", "No end date: it continues until terminated"],
    ["expiration_date", "The first term runs up to and including 30 September 2027.", "30 September 2027"],
    ["effective_date", "Executed and effective this 4th day of June, 2024.", "4th day of June, 2024"],
    ["effective_date", "The parties signed this Agreement in Tulsa on March 3, 2026, to be effective April 1, 2026.", "April 1, 2026"],
    ["effective_date", "This Agreement shall take effect on the date on which the last party signs it.", "the date on which the last party signs it"],
    ["assignment", "The Agency may not assign this contract unless the Company first gives its written permission.", "Consent required"],
    ["assignment", "An assignment made in breach of this Section is null and void.", "Not assignable, except as the clause says"],
    // Consent named only to say it is not needed lets the party assign.
    ["assignment", "The Plan may assign this Agreement to any affiliate without the Provider's consent.", "Assignable without consent, as the clause says"],
    ["assignment", "Neither party may assign its rights here without the written consent of the other.", "Consent required"],
    ["assignment", "The clinic may not assign this contract without the vendor's approval.", "Consent required"],
    ["timely_filing", "All claims shall be filed no later than 95 days following the date services were rendered.", "95 days"],
    ["initial_term", "The initial term starts on the Effective Date and lasts until the three-year anniversary of that date.", "3 years"],
    [
      "termination_for_cause",
      "A party may terminate this Agreement when the other one fails to cure a material breach within fifteen (15) days after notice.",
      "15 days",
    ],
    ["clean_claim_payment", "Payer shall pay or deny each clean claim within thirty (30) calendar days after receipt.", "30 calendar days"],
    ["records_retention", "Provider shall retain all medical and financial records for ten (10) years following termination.", "10 years"],
    ["records_retention", "The state agency may audit and inspect the practice's records through six (6) years from the end of the contract.", "6 years"],
    ["timely_filing", "A participating clinic has ninety (90) days after the visit to file a claim for payment.", "90 days"],
    ["clean_claim_payment", "The Plan will use its best efforts to pay most clean claims within forty (40) days.", "40 days"],
    [
      "clean_claim_payment",
      "Clean claims will be paid as required by Minnesota Statutes § 62Q.75.",
      "Not stated in days: as set by Minnesota Statutes § 62Q.75",
    ],
    ["provider_appeal", "A provider who disagrees with a payment decision may send a request for reconsideration within 45 days of the remittance.", "45 days"],
    ["provider_appeal", "Providers may initiate a billing dispute no later than sixty (60) days after the adverse determination.", "60 days"],
    [
      "provider_appeal",
      "A provider may seek external review of disputed claims in accordance with Texas Insurance Code § 1301.103.",
      "Not stated in days: as set by Texas Insurance Code § 1301.103",
    ],
    ["payer_amendment_notice", "The Payer may revise the provider manual upon forty-five (45) days prior notice to Provider.", "45 days"],
    ["payer_amendment_notice", "The Plan will notify Provider in writing at least 30 days before any change to the fee schedule takes effect.", "30 days"],
    [
      "payer_amendment_notice",
      "This Agreement shall be deemed amended to conform with any change in applicable law or regulation.",
      "Changed automatically when the law or regulations require it",
    ],
    ["change_of_status_notice", "The physician group will give the Plan sixty (60) days' written notice before closing its panel to new patients.", "60 days"],
    [
      "change_of_status_notice",
      "Clinic must notify the Plan within ten (10) days of any change to the information in its credentialing application.",
      "10 days",
    ],
    ["assignment", "This contract is freely assignable by the payer to an affiliate.", "Assignable, as the clause says"],
    ["assignment", "Either company is entitled to assign this contract to a successor on written notice.", "Assignable, as the clause says"],
    ["governing_law", "This addendum shall be governed by federal law.", "Federal law (United States)"],
    ["governing_law", "This contract is governed by the law of Scotland.", "Scotland"],
    ["termination_without_cause", "This program may be terminated upon forty-five (45) days' written notice by either party.", "45 days"],
    ["dispute_resolution", "Either side must bring any claim arising under this contract within one (1) year after it accrues.", "1 year"],
    ["auto_renewal", "The term is subject to automatic extension for further one-year periods.", "Yes, for 1 year terms"],
    ["auto_renewal", "Unless the provider objects in writing, the contract will be extended for another twelve months.", "Yes"],
    ["auto_renewal", "The contract is renewable for two-year terms by mutual agreement.", "Only if a party chooses to renew"],
    ["non_renewal_notice", "After the initial term, either party may terminate this contract by giving two (2) months' written notice.", "2 months"],
    ["non_renewal_notice", "Either party may terminate at the end of any automatic renewal period by giving forty-five (45) days' written notice.", "45 days"],
    ["initial_term", "This Agreement has an initial term of [***], counted from the launch date.", "Redacted in this copy"],
    [
      "termination_without_cause",
      "Without cause, either party may terminate on at least [***] prior written notice, though not during the first twelve (12) months.",
      "Redacted in this copy",
    ],
    [
      "non_renewal_notice",
      "The contract renews for further periods of [***] unless either side sends notice of non-renewal not less than [***] before the term ends.",
      "Redacted in this copy",
    ],
    ["expiration_date", "The engagement continues from the start date until terminated by either side.", "No end date: it continues until terminated"],
    // The start date in the same sentence is not the end.
    ["expiration_date", "This Agreement is effective as of March 1, 2026 and shall continue until terminated.", "No end date: it continues until terminated"],
    ["expiration_date", "The term begins on the Effective Date and continues through June 30, 2028.", "June 30, 2028"],
    ["expiration_date", "Commencing on 1 July 2026, this contract will expire 30 June 2029 unless extended in writing.", "30 June 2029"],
    ["initial_term", "The term of this contract begins on the signing date and will expire five (5) years from that date.", "5 years"],
    ["initial_term", "This Agreement shall have a term of two (2) years, renewable by mutual consent.", "2 years"],
    ["initial_term", "The clinic's engagement shall remain in effect for eighteen (18) months after signing.", "18 months"],
    // An end on an anniversary of the start is that many years; a proviso after a semicolon is another part of the sentence.
    ["initial_term", "The term of this lease begins on the signing date and will end on the second anniversary of the signing date.", "2 years"],
    ["initial_term", "This Agreement starts on the Effective Date and terminates on the 5th anniversary of the Effective Date.", "5 years"],
    [
      "initial_term",
      "The clinic engages the vendor for a term of two (2) years; provided, however, that either clinic may end the engagement on ninety (90) days' notice.",
      "2 years",
    ],
    ["effective_date", "This contract is effective as from 1 February 2027 and replaces the earlier letter.", "1 February 2027"],
    ["effective_date", "The start date of this agreement is April 15, 2027.", "April 15, 2027"],
    // "Effective until" a date ends the term there; "ending on" a date ends the agreement's term.
    ["expiration_date", "The services shall be effective until June 30, 2027 unless extended in writing.", "June 30, 2027"],
    [
      "expiration_date",
      "The term of this Agreement, commencing on the Effective Date and ending on March 31, 2029, may be extended by mutual consent.",
      "March 31, 2029",
    ],
    [
      "effective_date",
      "“Effective Date” means the date on which the last party signs this Agreement.",
      "the date on which the last party signs this Agreement",
    ],
    [
      "effective_date",
      "This contract shall take effect on the date both parties have signed it and shall end when the work is complete.",
      "the date both parties have signed it",
    ],
    [
      "reimbursement_basis",
      "The payment amount for each covered service shall be [XX%] of the Plan's standard fee schedule.",
      "[XX%] of the Plan's standard fee schedule",
    ],
    [
      "reimbursement_basis",
      "The compensation amount for services under this exhibit shall be as shown in the table below.",
      "The amounts as shown in the table below",
    ],
    [
      "reimbursement_basis",
      "The Plan Rate is determined using the state's published Medicaid fee schedule multiplied by the percentage in Table 1.",
      "Using the state's published Medicaid fee schedule multiplied by the percentage in Table 1",
    ],
  ])("%s: %s", (key, sentence, expected) => {
    const { valuesOf } = sheetOf([["SERVICES AGREEMENT", `1. Terms. ${sentence}`].join("\n")]);
    expect(valuesOf(key).map((value) => value.value)).toEqual([expected]);
  });

  it.each<[FactFieldKey, string]>([
    ["timely_filing", "The Plan will use its best efforts to pay most clean claims within forty (40) days."],
    ["change_of_status_notice", "The Plan will notify Provider within thirty (30) days of any changes to the fee schedule."],
    ["governing_law", "The Provider, a medical practice organized under the laws of the State of Delaware, signs below."],
    ["termination_without_cause", "This Agreement may be terminated upon thirty (30) days' notice by either party if the other party breaches it."],
    ["effective_date", "A notice sent by courier will be effective on the date of delivery."],
    ["records_retention", "Provider shall keep records as required by 42 CFR 438.3."],
    ["payer_amendment_notice", "Provider shall tell the Plan within ten (10) days of any change to its malpractice insurance policy."],
    ["change_of_status_notice", "Provider shall give notice to [***] of any change in its ownership."],
    ["clean_claim_payment", "Clean claims shall be paid in accordance with Section 3.4 of this Agreement."],
    ["clean_claim_payment", "Clean claims will be paid in accordance with Provider Manual 4.2."],
    ["clean_claim_payment", "Clean claims are paid pursuant to Plan Policy 3.2."],
    ["timely_filing", "The Plan will make prompt payment of each claim submitted to it, within thirty (30) days of receipt."],
    ["records_retention", "A telehealth provider must have had access to the patient's health records for the past three years."],
    ["assignment", "Either party may terminate without the other's consent if the other makes an assignment for the benefit of its creditors."],
    ["dispute_resolution", "All claims must be filed with the Plan within twelve (12) months of the date of service."],
    ["dispute_resolution", "A member may bring an action against the Plan within three (3) years after the denial."],
    // A period that runs past the term, or another clause's own period, is not the term.
    ["effective_date", "The term shall commence on the date of signature and shall continue through December 31, 2027."],
    ["non_renewal_notice", "Starting six (6) months prior to the end of the initial term, the practice and the plan will meet to discuss new rates."],
    ["effective_date", "The rates in Table 2 are effective January 1, 2027."],
    ["parties", "This Agreement is the entire agreement between the parties and replaces any earlier understanding."],
    ["auto_renewal", "If an arbitration delays a step this Agreement requires, the time for that step shall automatically be extended by ten (10) days."],
    ["initial_term", "During the term of this Agreement, plus two (2) years thereafter, neither clinic shall hire the other's staff."],
    ["initial_term", "The obligations of this Section survive for three (3) years after this Agreement ends."],
    ["initial_term", "The vendor shall maintain its billing records for six (6) years after the termination of this Agreement."],
    ["initial_term", "Each clinic shall carry liability insurance throughout the term of this Agreement, plus one (1) year more."],
    // Another period's end, not the agreement's.
    ["initial_term", "In the window ending on the third anniversary of the closing, the seller files its annual reports."],
    ["expiration_date", "During the pilot period beginning on the signing date and ending on May 1, 2027, the vendor shall report each week."],
  ])("%s is not stated in: %s", (key, sentence) => {
    const { valuesOf } = sheetOf([["SERVICES AGREEMENT", `1. Terms. ${sentence}`].join("\n")]);
    expect(valuesOf(key)).toEqual([]);
  });

  it("shows each value a clause states, not only the first", () => {
    const clause =
      "1. Claims. Claims must be filed within one hundred twenty (120) days of service. Claims for school-based services may be filed within 365 days of service.";
    const { valuesOf } = sheetOf([["SERVICES AGREEMENT", clause].join("\n")]);
    expect(valuesOf("timely_filing").map((value) => value.value)).toEqual(["120 days", "365 days"]);
  });
});

describe("readFactSheet: an attachment whose title names no program", () => {
  const { valuesOf } = sheetOf(cascadeAgreement);

  it("belongs to the one program its text speaks of, and a shared one to every line", () => {
    expect(shown(valuesOf("termination_without_cause"))).toEqual([
      ["90 days", "all", 1],
      ["60 days", "medicaid", 2],
    ]);
    expect(shown(valuesOf("change_of_status_notice"))).toEqual([["30 days", "all", 3]]);
  });

  it("is not listed as a product line, its title not naming one", () => {
    expect(valuesOf("product_lines")).toEqual([]);
  });
});

describe("readFactSheet: every value a field has, each with what it applies to", () => {
  const appliedTo = (values: FactValue[]) => values.map((value) => [value.value, value.appliesTo ?? null]);

  it.each<[string, FactFieldKey, string[], (string | null)[][]]>([
    [
      "notice of changes: a list after a colon, and an event named in the sentence before",
      "change_of_status_notice",
      [
        "7. Change in Status.",
        "7.1 Provider may not move its services to a new corporate structure without the Plan's review. Unless otherwise required by law, Provider shall give at least sixty (60) days' prior written notice of any such event.",
        "7.2 Provider shall give the Plan twenty (20) days' prior written notice of:",
        "7.2.1 the addition or departure of a physician on its roster; and",
        "7.2.2 a new billing address.",
        "7.3 Provider shall give ninety (90) days' notice before it closes its practice to new patients.",
      ],
      [
        ["90 days", "closing the practice or its panel"],
        ["60 days", "change of ownership or control"],
        ["20 days", "roster changes and address or location changes"],
      ],
    ],
    [
      "payer amendments: by law, not by law (negated), and the time to object",
      "payer_amendment_notice",
      [
        "9. Amendments.",
        "9.1 The Plan may amend this Agreement on fifteen (15) days' written notice where a change in regulations requires it.",
        "9.2 For an amendment made for a reason other than compliance with regulations, the Plan shall give forty-five (45) days' written notice.",
        "9.3 Provider may object to such an amendment by written notice within twenty-one (21) days of receiving it.",
      ],
      [
        ["15 days", "changes required by law or regulation"],
        ["45 days", "other amendments (not required by law or regulation)"],
        ["21 days", "the provider's time to object"],
      ],
    ],
    [
      "appeals: a longer window where another payer paid first, an exception not taken for a subject",
      "provider_appeal",
      [
        "4. Payment Disputes.",
        "4.1 Except for fraud, or coordination of benefits under 4.2, Provider may appeal any denied claim within twelve (12) months after the denial.",
        "4.2 Where coordination of benefits applies, Provider may appeal a denied claim within eighteen (18) months of the denial.",
      ],
      [
        ["12 months", null],
        ["18 months", "claims where another payer is primary"],
      ],
    ],
    [
      "dispute resolution: how disputes are settled, and the time limit to bring an action",
      "dispute_resolution",
      [
        "12. Disputes.",
        "12.1 The parties shall first try to settle any dispute by negotiation, and then by binding arbitration.",
        "12.2 Any suit or proceeding under this Agreement must be brought within two (2) years of the date the dispute first arose.",
      ],
      [
        ["Negotiation, Arbitration", null],
        ["2 years", "time limit to bring a legal action"],
      ],
    ],
  ])("%s", (_name, key, lines, expected) => {
    const { valuesOf } = sheetOf([["PARTICIPATION AGREEMENT", ...lines].join("\n")]);
    expect(appliedTo(valuesOf(key))).toEqual(expected);
  });

  it.each<[FactFieldKey, string, string]>([
    ["auto_renewal", "This Agreement shall not renew automatically; a new agreement must be signed for any further term.", "No"],
    ["auto_renewal", "This Agreement is not subject to automatic renewal.", "No"],
    ["auto_renewal", "This Agreement will not renew unless both parties sign a written extension.", "No"],
    ["lesser_of", "Payment for covered services shall not be subject to the lesser of billed charges and the fee schedule.", "No"],
    ["lesser_of", "Payment shall be the lesser of billed charges or the fee schedule amount.", "Yes"],
  ])("%s reads a stated No apart from a Yes or silence: %s", (key, sentence, expected) => {
    const { valuesOf } = sheetOf([["SERVICES AGREEMENT", `1. Terms. ${sentence}`].join("\n")]);
    expect(valuesOf(key).map((value) => value.value)).toEqual([expected]);
  });
});
