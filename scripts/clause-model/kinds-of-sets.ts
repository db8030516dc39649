// Which question kind (src/core/rag/question-kinds.ts) each bench set's questions ask about:
// CUAD's categories, and the payer-dev key's fields. The router learns from, and the bench scores
// by, these.
import { questionKinds } from "../../src/core/rag/question-kinds";

export const kindOfCategory: ReadonlyMap<string, string> = new Map<string, string>([
  ["Document Name", "document-name"],
  ["Parties", "parties"],
  ["Agreement Date", "agreement-date"],
  ...questionKinds.flatMap((kind) => (kind.modelKind ? [[kind.modelKind, kind.id] as [string, string]] : [])),
]);

export const kindOfPayerField: Readonly<Record<string, string>> = {
  effective_date: "effective-date",
  initial_term: "expiration",
  auto_renewal: "renewal-term",
  non_renewal_notice_days: "non-renewal-notice",
  termination_without_cause_notice_days: "termination-without-cause",
  termination_for_cause_cure_days: "termination-for-cause",
  timely_filing_days: "timely-filing",
  corrected_claim_or_reconsideration_days: "corrected-claim",
  provider_appeal_or_dispute_days: "provider-appeal",
  clean_claim_payment_days: "clean-claim-payment",
  payer_amendment_notice_days: "payer-amendment-notice",
  overpayment_refund_days: "overpayment-refund",
  lesser_of_clause: "lesser-of",
  reimbursement_basis: "reimbursement-basis",
  fee_schedule_update_days: "fee-schedule-update",
  governing_law: "governing-law",
  dispute_resolution: "dispute-resolution",
  assignment: "assignment",
  records_retention_years: "records-retention",
  change_of_status_notice_days: "change-of-status-notice",
};

/** The kind a set's questions under `name` are about; a set naming what `kinds` does not know is refused, with what it knows. */
function kindOrRefused(kinds: ReadonlyMap<string, string>, name: string, file: string, what: string): string {
  const kind = kinds.get(name);
  if (!kind) throw new Error(`${file}: "${name}" is not a ${what} (${[...kinds.keys()].join(", ")})`);
  return kind;
}

/** The kind a CUAD category's questions are about; a set naming a category no kind reads is refused. */
export const kindOfCuadCategory = (category: string, file: string) => kindOrRefused(kindOfCategory, category, file, "CUAD category a question kind reads");

const kindOfPayerFieldMap: ReadonlyMap<string, string> = new Map(Object.entries(kindOfPayerField));

/** The kind a payer key field's questions are about; a set naming a field the key does not have is refused. */
export const kindOfField = (field: string, file: string) => kindOrRefused(kindOfPayerFieldMap, field, file, "payer key field");
