// Payer contracts written for the fact sheet's tests, one string per page: different numbering,
// spelled and written numbers, "calendar" and "business" days, a value only in an attachment,
// fields absent. The bench's real contracts never enter the repository (shared/bench/payer-dev).

// Numbered clauses, spelled numbers with figures, a Medicaid attachment that says otherwise.
export const evergreenAgreement = [
  [
    "PROVIDER SERVICES AGREEMENT",
    'This Provider Services Agreement is made between Evergreen Health Plan, Inc. ("Plan") and Lakeside Pediatrics, P.C. ("Provider"), effective as of March 1, 2025 (the "Effective Date").',
    "1. TERM AND TERMINATION",
    "1.1 Term. This Agreement starts on the Effective Date and runs for an initial term of three (3) years. After that it shall renew automatically for successive one (1) year terms.",
    "1.2 Non-Renewal. Either party may elect not to renew this Agreement; it must then give the other written notice no less than ninety (90) days before the then-current term ends.",
    "1.3 Termination Without Cause. Either party may end this Agreement without cause by giving the other one hundred twenty (120) days' prior written notice.",
    "1.4 Termination for Breach. If a party materially breaches this Agreement and does not cure it within thirty (30) days of receiving written notice, the other party may terminate this Agreement.",
  ].join("\n"),
  [
    "2. CLAIMS AND PAYMENT",
    "2.1 Timely Filing. Provider shall submit all claims within one hundred eighty (180) calendar days starting from the date of service.",
    "2.2 Corrected Claims. Corrected claims must be submitted within sixty (60) days of the date of the original remittance advice.",
    "2.3 Prompt Payment. Plan shall pay clean claims within thirty (30) days of receipt.",
    "2.4 Appeals. Provider may appeal a claim denial within ninety (90) days of the date of the denial notice.",
    "2.5 Overpayments. Provider shall refund any overpayment within forty-five (45) days of written notice from Plan.",
    "2.6 Reimbursement. Plan shall reimburse Covered Services at the lesser of billed charges or 110% of the Medicare Physician Fee Schedule.",
  ].join("\n"),
  [
    "3. GENERAL PROVISIONS",
    "3.1 Amendment. Plan may amend this Agreement by giving Provider written notice sixty (60) days before the change takes effect.",
    "3.2 Governing Law. The laws of the State of Oregon govern this Agreement.",
    "3.3 Assignment. A party may assign this Agreement only with the other party's prior written consent.",
    "3.4 Records. Provider shall maintain medical records for at least seven (7) years after the date of service.",
    "3.5 Change in Ownership. Provider shall give Plan written notice at least thirty (30) days before any change in ownership, location or tax identification number.",
    "3.6 Disputes. Any dispute that the parties cannot resolve by negotiation shall be settled by binding arbitration under the rules of the American Arbitration Association.",
  ].join("\n"),
  [
    "MEDICAID PARTICIPATION ATTACHMENT",
    "1. Medicaid Claims. Claims for Medicaid covered services must be submitted to Plan within 365 days after the date of service.",
    "2. Termination of this Attachment. Without cause, and on ninety (90) days' written notice, either party may end this Attachment while the rest of the Agreement continues.",
  ].join("\n"),
];

// Other wording: "Section" numbering, figures only, business days; no renewal, lesser-of or arbitration clause.
export const harborContract = [
  [
    "PARTICIPATING PHYSICIAN CONTRACT",
    "Section 1. Parties. Harbor Care Network and the physician group signing below enter into this contract.",
    "Section 2. Claims Submission. All claims shall be filed no later than 95 days following the date services were rendered.",
    "Section 3. Provider Disputes. The provider must request a review of a payment decision in writing within 10 business days after the remittance date.",
    "Section 4. Ending this Contract. This contract may be ended by either party for any reason or no reason with 60 days notice.",
    "Section 5. Law. The laws of the Commonwealth of Massachusetts govern this contract.",
  ].join("\n"),
];

// An attachment for one program that does not name it in its title (it speaks only of Medicaid),
// and one shared by every line of business that names several programs.
export const cascadeAgreement = [
  [
    "PRACTITIONER PARTICIPATION AGREEMENT",
    "Article 4. Ending the Agreement. 4.2 Either party may end this Agreement without cause by written notice given ninety (90) days in advance.",
  ].join("\n"),
  [
    "HOME AND COMMUNITY SUPPORTS ATTACHMENT",
    "A. Scope. This Attachment covers supports the Plan arranges for Medicaid enrollees under the state Medicaid program.",
    "B. Eligibility. Only persons the state Medicaid agency finds eligible may receive these supports, as Medicaid rules require.",
    "C. Ending this Attachment. Either party may end this Attachment without cause on sixty (60) days' written notice.",
  ].join("\n"),
  [
    "NETWORKS ATTACHMENT",
    "A. Networks. Practitioner takes part in the Plan's Medicaid network and its Medicare Advantage network.",
    "B. Changes. Practitioner shall give the Plan thirty (30) days' written notice before any change of practice location.",
  ].join("\n"),
];
