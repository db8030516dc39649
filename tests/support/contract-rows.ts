import type { ContractTerms } from "../../src/shared/contracts/portfolio";

/** A contract row's terms when the fact sheet states none of them; spread and override what a test needs. */
export const unstatedContractTerms: ContractTerms = {
  payer: null,
  agreementType: null,
  productLines: [],
  productLineNames: [],
  effectiveDate: null,
  effective: null,
  termEnds: null,
  renewalDate: null,
  renewal: null,
  noticeByDate: null,
  noticeForRenewal: null,
  nonRenewalNotice: [],
  terminationWithoutCause: [],
  timelyFiling: [],
  timelyFilingDays: null,
  appealWindow: [],
  lesserOf: [],
  hasLesserOf: false,
  reimbursementBasis: [],
  governingLaw: [],
};
