// The contract fact sheet: the terms a practice tracks in every payer contract, in the order the
// sheet shows them. Both sides read the labels and groups from here; the server reads the values.

export const factFieldKeys = [
  "parties",
  "product_lines",
  "effective_date",
  "initial_term",
  "expiration_date",
  "auto_renewal",
  "non_renewal_notice",
  "termination_without_cause",
  "termination_for_cause",
  "timely_filing",
  "corrected_claim",
  "provider_appeal",
  "clean_claim_payment",
  "payer_amendment_notice",
  "overpayment_refund",
  "recoupment_lookback",
  "lesser_of",
  "reimbursement_basis",
  "fee_schedule_update",
  "governing_law",
  "dispute_resolution",
  "assignment",
  "records_retention",
  "change_of_status_notice",
] as const;
export type FactFieldKey = (typeof factFieldKeys)[number];

export type FactFieldGroup = "parties" | "term" | "claims" | "payment" | "legal";

export const factFieldGroupLabels: Record<FactFieldGroup, string> = {
  parties: "Parties",
  term: "Term, renewal and termination",
  claims: "Claims and appeals",
  payment: "Payment and rates",
  legal: "Legal and administrative",
};

export interface FactFieldDefinition {
  key: FactFieldKey;
  label: string;
  group: FactFieldGroup;
  /** One line under the label: what the field is, in a billing office's words. */
  description: string;
}

export const factFields: readonly FactFieldDefinition[] = [
  { key: "parties", label: "Parties", group: "parties", description: "Who signed the agreement." },
  {
    key: "product_lines",
    label: "Product lines",
    group: "parties",
    description: "Commercial, Medicaid, Medicare Advantage and other programs the contract covers.",
  },
  { key: "effective_date", label: "Effective date", group: "term", description: "When the agreement starts." },
  { key: "initial_term", label: "Initial term", group: "term", description: "How long the first term runs." },
  { key: "expiration_date", label: "Expiration date", group: "term", description: "When the agreement ends, if a date is written." },
  { key: "auto_renewal", label: "Automatic renewal", group: "term", description: "Whether the agreement renews on its own, and for how long." },
  { key: "non_renewal_notice", label: "Notice to stop renewal", group: "term", description: "How far ahead a party must say it will not renew." },
  {
    key: "termination_without_cause",
    label: "Termination without cause",
    group: "term",
    description: "Notice either party must give to end the agreement for no reason.",
  },
  { key: "termination_for_cause", label: "Termination for cause", group: "term", description: "Time allowed to cure a breach before termination." },
  { key: "timely_filing", label: "Timely filing", group: "claims", description: "How long after the date of service a claim may be filed." },
  {
    key: "corrected_claim",
    label: "Corrected claim or reconsideration",
    group: "claims",
    description: "Window to send a corrected claim or ask for reconsideration.",
  },
  { key: "provider_appeal", label: "Provider appeal or payment dispute", group: "claims", description: "Window to appeal a denial or dispute a payment." },
  { key: "clean_claim_payment", label: "Clean-claim payment", group: "payment", description: "How soon the payer pays a clean claim, and any interest." },
  {
    key: "payer_amendment_notice",
    label: "Payer amendment notice",
    group: "payment",
    description: "Notice the payer gives before changing terms, and the right to object.",
  },
  { key: "overpayment_refund", label: "Overpayment refund", group: "payment", description: "Time to refund or contest an overpayment." },
  { key: "recoupment_lookback", label: "Recoupment look-back", group: "payment", description: "How far back the payer may recover payments." },
  { key: "lesser_of", label: "Lesser-of clause", group: "payment", description: "Whether payment is the lesser of billed charges and the rate." },
  {
    key: "reimbursement_basis",
    label: "Reimbursement basis",
    group: "payment",
    description: "What rates are based on, such as a percentage of the Medicare fee schedule.",
  },
  { key: "fee_schedule_update", label: "Fee schedule updates", group: "payment", description: "How soon fee schedule updates take effect." },
  { key: "governing_law", label: "Governing law", group: "legal", description: "Which state's law governs the agreement." },
  { key: "dispute_resolution", label: "Dispute resolution", group: "legal", description: "Negotiation, mediation, arbitration or court, and where." },
  { key: "assignment", label: "Assignment", group: "legal", description: "Whether a party needs consent to assign the agreement." },
  { key: "records_retention", label: "Records retention", group: "legal", description: "How long records must be kept." },
  { key: "change_of_status_notice", label: "Notice of changes", group: "legal", description: "Notice owed for changes of ownership, location or tax ID." },
];

export const productLineLabels = {
  all: "All products",
  commercial: "Commercial",
  medicaid: "Medicaid",
  medicare_advantage: "Medicare Advantage",
  medicare: "Medicare",
  chip: "CHIP",
  marketplace: "Marketplace",
} as const;
export type ProductLine = keyof typeof productLineLabels;

export const NOT_STATED = "Not stated";

/** Fields read once for the whole document: no part of it is silent about them while another speaks. */
const wholeDocumentFields: readonly FactFieldKey[] = ["parties", "product_lines"];

/** The product lines a sheet's parts are for (its attachments), from its "Product lines" field. */
export function productLinesCovered(fields: readonly { key: FactFieldKey; values: readonly { productLine: ProductLine }[] }[]): ProductLine[] {
  const values = fields.find((field) => field.key === "product_lines")?.values ?? [];
  return [...new Set(values.map((value) => value.productLine).filter((line) => line !== "all"))];
}

/**
 * The parts of the agreement silent on a field that other parts state: the base agreement ("all")
 * when only attachments give a value, and each covered product line without a value of its own.
 * None when the base agreement states it (it governs every line without its own) or no part does
 * (the whole field is then "Not stated").
 */
export function productLinesNotStated(
  field: { key: FactFieldKey; values: readonly { productLine: ProductLine }[] },
  covered: readonly ProductLine[],
): ProductLine[] {
  if (wholeDocumentFields.includes(field.key) || field.values.length === 0) return [];
  const stated = new Set(field.values.map((value) => value.productLine));
  if (stated.has("all")) return [];
  return ["all", ...covered.filter((line) => !stated.has(line))];
}

/** "Not stated in the base agreement", "Not stated for Medicaid". */
/** The part of an agreement a product line's terms are stated in: the base agreement for "all", else the line's attachment. */
export const agreementPartLabels: Record<ProductLine, string> = { ...productLineLabels, all: "Base agreement" };

export const notStatedFor = (line: ProductLine) =>
  line === "all" ? `${NOT_STATED} in the ${agreementPartLabels.all.toLowerCase()}` : `${NOT_STATED} for ${agreementPartLabels[line]}`;

/** The fact sheet is informational: said on the page and in every export. */
export const FACT_SHEET_DISCLAIMER =
  "This fact sheet is informational and is not legal advice. Each value is read from the contract and quoted with its clause and page; check the contract before acting on it.";

/** A value as two sheets are compared by: what it says, for which product line. */
export interface ComparableValue {
  value: string;
  productLine: string;
}

export interface FactComparisonRow<Value extends ComparableValue> {
  key: FactFieldKey;
  left: Value[];
  right: Value[];
  /** The two contracts say different things here (one silent where the other states a value counts). */
  differs: boolean;
}

const comparedAs = (values: readonly ComparableValue[]) =>
  [...new Set(values.map((value) => `${value.productLine}:${value.value.toLowerCase().replace(/\s+/g, " ").trim()}`))].sort().join("|");

/** Two fact sheets field by field, in the sheet's order, each row saying whether they differ. */
export function compareFactSheets<Value extends ComparableValue>(
  left: readonly { key: FactFieldKey; values: Value[] }[],
  right: readonly { key: FactFieldKey; values: Value[] }[],
): FactComparisonRow<Value>[] {
  const valuesIn = (fields: typeof left, key: FactFieldKey) => fields.find((field) => field.key === key)?.values ?? [];
  return factFieldKeys.map((key) => {
    const leftValues = valuesIn(left, key);
    const rightValues = valuesIn(right, key);
    return { key, left: leftValues, right: rightValues, differs: comparedAs(leftValues) !== comparedAs(rightValues) };
  });
}
