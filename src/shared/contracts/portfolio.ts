import { z } from "zod";
import { productLineLabels, type ProductLine } from "../fact-sheet";
import { factValueReviewKinds } from "./fact-sheet";
import { exportFormatQuery } from "./fields";

/**
 * /api/portfolio: the organization's contracts, one row per agreement with its key terms from the
 * fact sheet (each cell with the page it is cited on); /api/documents/contract-details the same
 * terms for one's own library; /api/documents/:id/contract-details the payer a person corrected.
 */

const productLines = Object.keys(productLineLabels) as [ProductLine, ...ProductLine[]];

/** One value of a term, with where the contract says it. */
export const termCellSchema = z.object({
  value: z.string(),
  productLine: z.enum(productLines),
  page: z.number().int(),
  quote: z.string(),
  /** Whether a person confirmed the value as read or corrected it (ADR 032); null: as read, unchecked. */
  review: z.enum(factValueReviewKinds).nullable(),
});
export type TermCell = z.infer<typeof termCellSchema>;

const isoDate = z.iso.date().nullable();

export const contractTermsSchema = z.object({
  payer: termCellSchema.nullable(),
  agreementType: termCellSchema.nullable(),
  productLines: z.array(termCellSchema),
  productLineNames: z.array(z.string()),
  effectiveDate: isoDate,
  effective: termCellSchema.nullable(),
  /** The last day of the current term. */
  termEnds: isoDate,
  /** The next renewal on or after today; null when the agreement does not renew automatically (or its term is not stated). */
  renewalDate: isoDate,
  /** The clause the term and renewal are read from. */
  renewal: termCellSchema.nullable(),
  /** The last day to send notice not to renew: renewal date − the non-renewal notice, the next still ahead. */
  noticeByDate: isoDate,
  /** The renewal that notice-by date is for. */
  noticeForRenewal: isoDate,
  nonRenewalNotice: z.array(termCellSchema),
  terminationWithoutCause: z.array(termCellSchema),
  timelyFiling: z.array(termCellSchema),
  /** The shortest timely-filing window in days (a month counts 30). */
  timelyFilingDays: z.number().int().nullable(),
  appealWindow: z.array(termCellSchema),
  lesserOf: z.array(termCellSchema),
  hasLesserOf: z.boolean(),
  reimbursementBasis: z.array(termCellSchema),
  governingLaw: z.array(termCellSchema),
});
export type ContractTerms = z.infer<typeof contractTermsSchema>;

export const contractRowSchema = z.object({
  documentId: z.uuid(),
  documentName: z.string(),
  /** Whose document it is, for an admin's view of everyone's. */
  ownerName: z.string(),
  isOwn: z.boolean(),
  /** The payer a person typed over the one read from the parties; null: as read. */
  payerCorrection: z.string().nullable(),
  terms: contractTermsSchema,
  nextDeadline: z.object({ label: z.string(), date: z.iso.date() }).nullable(),
});
export type ContractRow = z.infer<typeof contractRowSchema>;

/** The payer shown: the person's correction, else the one read from the parties. */
export function payerNameOf(row: Pick<ContractRow, "payerCorrection" | "terms">): string | null {
  return row.payerCorrection ?? row.terms.payer?.value ?? null;
}

export const portfolioFilters = ["renews-90-days", "timely-filing-under-120", "lesser-of", "all-values-confirmed", "has-unconfirmed-values"] as const;
export type PortfolioFilter = (typeof portfolioFilters)[number];

export const portfolioFilterLabels: Record<PortfolioFilter, string> = {
  "renews-90-days": "Renews in the next 90 days",
  "timely-filing-under-120": "Timely filing under 120 days",
  "lesser-of": "Has a lesser-of clause",
  "all-values-confirmed": "All values confirmed",
  "has-unconfirmed-values": "Has unconfirmed values",
};

/** Filters no agreement can pass together: choosing one sets its pair aside. */
export const exclusiveFilters: Partial<Record<PortfolioFilter, PortfolioFilter>> = {
  "all-values-confirmed": "has-unconfirmed-values",
  "has-unconfirmed-values": "all-values-confirmed",
};

export const portfolioSorts = ["payer", "name", "effective", "renewal", "notice-by", "timely-filing"] as const;
export type PortfolioSort = (typeof portfolioSorts)[number];

export const portfolioSortLabels: Record<PortfolioSort, string> = {
  payer: "Payer",
  name: "Document name",
  effective: "Effective date",
  renewal: "Renewal date",
  "notice-by": "Notice-by date",
  "timely-filing": "Timely filing",
};

export const PORTFOLIO_PAGE_SIZE = 50;

const filterList = z
  .string()
  .optional()
  .transform((text, context) => {
    const names = (text ?? "").split(",").filter(Boolean);
    const unknown = names.find((name) => !(portfolioFilters as readonly string[]).includes(name));
    if (unknown !== undefined) {
      context.addIssue({ code: "custom", message: `There is no filter named “${unknown}”.` });
      return z.NEVER;
    }
    const filters = [...new Set(names)] as PortfolioFilter[];
    for (const filter of filters) {
      const partner = exclusiveFilters[filter];
      if (partner === undefined || !filters.includes(partner)) continue;
      context.addIssue({
        code: "custom",
        message: `Choose “${portfolioFilterLabels[filter]}” or “${portfolioFilterLabels[partner]}”, not both: no agreement can be both.`,
      });
      return z.NEVER;
    }
    return filters;
  });

/** The list's view: which filters, which order. */
export const portfolioViewSchema = z.object({
  filters: filterList,
  sort: z.enum(portfolioSorts, { message: "Choose a column to sort by." }).default("renewal"),
  order: z.enum(["asc", "desc"], { message: "Sort ascending or descending." }).default("asc"),
});
export type PortfolioView = z.infer<typeof portfolioViewSchema>;

/** GET /api/portfolio?filters=a,b&sort=&order=&page= */
export const portfolioQuerySchema = portfolioViewSchema.extend({
  page: z.coerce.number({ message: "Choose a page from 1." }).int({ message: "Choose a page from 1." }).min(1, { message: "Choose a page from 1." }).default(1),
});
export type PortfolioQuery = z.infer<typeof portfolioQuerySchema>;

export const portfolioResponseSchema = z.object({
  rows: z.array(contractRowSchema),
  /** Agreements that pass the filters, on every page. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Whether the list is the whole organization's (an admin) or one's own (a member). */
  scope: z.enum(["organization", "own"]),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

export const calendarEventKinds = ["notice-by", "renewal"] as const;
export type CalendarEventKind = (typeof calendarEventKinds)[number];

export const calendarEventSchema = z.object({
  date: z.iso.date(),
  kind: z.enum(calendarEventKinds),
  documentId: z.uuid(),
  documentName: z.string(),
  payer: z.string().nullable(),
  /** The page of the clause the date comes from. */
  page: z.number().int().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

/** GET /api/portfolio/calendar: the next 12 months' notice-by and renewal dates, soonest first. */
export const portfolioCalendarResponseSchema = z.object({ from: z.iso.date(), to: z.iso.date(), events: z.array(calendarEventSchema) });
export type PortfolioCalendarResponse = z.infer<typeof portfolioCalendarResponseSchema>;

export const portfolioExportFormats = ["csv", "xlsx"] as const;
export type PortfolioExportFormat = (typeof portfolioExportFormats)[number];

/** GET /api/portfolio/export?format=csv|xlsx&filters=&sort=&order=: every agreement the view shows, with citations. */
export const portfolioExportQuerySchema = portfolioViewSchema.extend(
  exportFormatQuery(portfolioExportFormats, "Choose CSV or Excel to download the portfolio.").shape,
);
export type PortfolioExportQuery = z.infer<typeof portfolioExportQuerySchema>;

/** GET /api/documents/contract-details: one's own completed documents' terms, for the library. */
export const contractDetailsListResponseSchema = z.object({ contracts: z.array(contractRowSchema) });
export type ContractDetailsListResponse = z.infer<typeof contractDetailsListResponseSchema>;

export const PAYER_MAX_CHARS = 120;

/** PUT /api/documents/:id/contract-details: the payer as a person names it; null goes back to the one read from the parties. */
export const updateContractDetailsRequestSchema = z.object({
  payer: z
    .string({ message: "Enter the payer's name." })
    .trim()
    .max(PAYER_MAX_CHARS, { message: `Keep the payer's name under ${PAYER_MAX_CHARS} characters.` })
    .nullable()
    .transform((payer) => (payer ? payer : null)),
});
export type UpdateContractDetailsRequest = z.infer<typeof updateContractDetailsRequestSchema>;

export const contractDetailsResponseSchema = z.object({ contract: contractRowSchema });
export type ContractDetailsResponse = z.infer<typeof contractDetailsResponseSchema>;

/** GET/PUT /api/portfolio/settings: the organization's weekly digest of notice-by dates (admins). */
export const portfolioSettingsSchema = z.object({ weeklyDigest: z.boolean({ message: "Choose whether to send the weekly digest." }) });
export type PortfolioSettings = z.infer<typeof portfolioSettingsSchema>;
export const portfolioSettingsResponseSchema = z.object({ settings: portfolioSettingsSchema });
export type PortfolioSettingsResponse = z.infer<typeof portfolioSettingsResponseSchema>;
