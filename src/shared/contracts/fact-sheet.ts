import { z } from "zod";
import { factFieldKeys, productLineLabels, type ProductLine } from "../fact-sheet";
import { exportFormatQuery, typedText, wholeNumber } from "./fields";
import { checkCorrectedValue, CORRECTED_WORDING_MAX_CHARS, correctionMessages, REVIEW_NOTE_MAX_CHARS } from "../fact-value-reviews";

/** /api/documents/:id/fact-sheet: the contract's key terms, each read from a verified quote; its exports; deadlines from them. */

const productLines = Object.keys(productLineLabels) as [ProductLine, ...ProductLine[]];

/** Where a value was read: the clause, the page and the page's own words, with their place in the page's text. */
export const factSourceSchema = z.object({
  chunkId: z.string(),
  clauseNumber: z.string().nullable(),
  heading: z.string(),
  page: z.number().int(),
  quote: z.string(),
  startOffset: z.number().int(),
  endOffset: z.number().int(),
});
export type FactSource = z.infer<typeof factSourceSchema>;

export const factUnits = ["days", "business-days", "months", "years", "percent", "dollars"] as const;
export type FactUnit = (typeof factUnits)[number];

export const factValueReviewKinds = ["confirmed", "corrected"] as const;
export type FactValueReviewKind = (typeof factValueReviewKinds)[number];

/** What the reading said before a person corrected it: kept beside the correction. */
export const factReadingSchema = z.object({ value: z.string(), productLine: z.enum(productLines), page: z.number().int() });

/** A person's confirmation or correction of a value (ADR 032); a corrected value's page is where the person found it. */
export const factValueReviewSchema = z.object({
  id: z.uuid(),
  kind: z.enum(factValueReviewKinds),
  /** The reviewer's name as the sheet shows it. */
  by: z.string(),
  at: z.iso.datetime(),
  note: z.string().nullable(),
  page: z.number().int(),
  read: factReadingSchema,
});
export type FactValueReview = z.infer<typeof factValueReviewSchema>;

/** One value of a field, as one passage of the contract states it (a field may have one per product line or attachment). */
export const factValueSchema = z.object({
  /** As the sheet shows it: "180 days", "Yes", "Washington", "September 1, 2021", or the clause's own words. */
  value: z.string(),
  /** The number a deadline is computed from (180), with its unit; null when the value is not a quantity. */
  amount: z.number().nullable(),
  unit: z.enum(factUnits).nullable(),
  /** What the clock starts from, when the quote says: "the date of service". */
  from: z.string().nullable(),
  /** What this value applies to when the field has values for different things: "change of ownership or control", "roster changes". */
  appliesTo: z.string().optional(),
  productLine: z.enum(productLines),
  source: factSourceSchema,
  /** Set when a person confirmed or corrected the value: a corrected value's value, amount, unit and product line are the person's. */
  review: factValueReviewSchema.optional(),
});
export type FactValue = z.infer<typeof factValueSchema>;

/** A field with every value the contract states; none means "Not stated". */
export const factFieldSchema = z.object({
  key: z.enum(factFieldKeys),
  values: z.array(factValueSchema),
});
export type FactField = z.infer<typeof factFieldSchema>;

export const factSheetStatuses = ["building", "ready", "failed"] as const;
export type FactSheetStatus = (typeof factSheetStatuses)[number];

export const factSheetSchema = z.object({
  documentId: z.uuid(),
  documentName: z.string(),
  status: z.enum(factSheetStatuses),
  /** When the values were read (null while the first reading runs). */
  builtAt: z.iso.datetime().nullable(),
  /** Values read but refused because their quote or number could not be found on the cited page: never shown. */
  unverifiedCount: z.number().int().nonnegative(),
  fields: z.array(factFieldSchema),
  /**
   * Reviews of values the contract's latest reading no longer states as they were reviewed (it was
   * processed again and the passage changed): not applied until a person looks again.
   */
  reviewsToCheck: z.array(factValueReviewSchema.extend({ field: z.enum(factFieldKeys), quote: z.string(), value: z.string() })),
});
export type FactSheet = z.infer<typeof factSheetSchema>;

/** GET /api/documents/:id/fact-sheet */
export const factSheetResponseSchema = z.object({ factSheet: factSheetSchema });
export type FactSheetResponse = z.infer<typeof factSheetResponseSchema>;

/** An ISO calendar date, yyyy-mm-dd, that exists. */
const calendarDate = (message: string) =>
  z.iso.date({ message }).refine(
    (value) => {
      // Checks run even after the format failed: a value that is no date at all is simply not one.
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { message },
  );

export const REMINDER_LABEL_MAX_CHARS = 120;
export const REMINDER_MAX_DAYS_BEFORE = 365;

/** POST /api/documents/:id/fact-sheet/reminders: an email `daysBefore` days ahead of a deadline the sheet implies. */
export const createReminderRequestSchema = z.object({
  field: z.enum(factFieldKeys),
  label: typedText(REMINDER_LABEL_MAX_CHARS, { blank: "Say what the deadline is.", tooLong: `Keep it under ${REMINDER_LABEL_MAX_CHARS} characters.` }),
  deadline: calendarDate("Enter the deadline as a date."),
  daysBefore: wholeNumber(0, REMINDER_MAX_DAYS_BEFORE, `Choose from 0 to ${REMINDER_MAX_DAYS_BEFORE} days before.`),
});
export type CreateReminderRequest = z.infer<typeof createReminderRequestSchema>;

export const reminderSchema = z.object({
  id: z.uuid(),
  documentId: z.uuid(),
  field: z.enum(factFieldKeys),
  label: z.string(),
  deadline: z.iso.date(),
  remindOn: z.iso.date(),
  sentAt: z.iso.datetime().nullable(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** POST …/reminders (201) */
export const reminderResponseSchema = z.object({ reminder: reminderSchema });
export type ReminderResponse = z.infer<typeof reminderResponseSchema>;

/** GET …/reminders: the document's reminders, soonest first. */
export const reminderListResponseSchema = z.object({ reminders: z.array(reminderSchema) });
export type ReminderListResponse = z.infer<typeof reminderListResponseSchema>;

export const factSheetExportFormats = ["csv", "pdf"] as const;
export type FactSheetExportFormat = (typeof factSheetExportFormats)[number];

/** GET /api/documents/:id/fact-sheet/export?format=csv|pdf: the sheet as a file. */
export const factSheetExportQuerySchema = exportFormatQuery(factSheetExportFormats, "Choose CSV or PDF to download the fact sheet.");
export type FactSheetExportQuery = z.infer<typeof factSheetExportQuerySchema>;

/** Which value of the sheet a person reviews: as it was read (its words and where its quote starts), so a correction never retargets. */
export const reviewedValueSchema = z.object({
  field: z.enum(factFieldKeys),
  readValue: z.string().max(2_000),
  chunkId: z.string().max(100),
  startOffset: z.number().int().nonnegative(),
});

const reviewNote = z
  .string()
  .trim()
  .max(REVIEW_NOTE_MAX_CHARS, { message: correctionMessages.noteTooLong })
  .transform((note) => note || null);

/** POST /api/documents/:id/fact-sheet/reviews: confirm a value as read, or correct it (value, product line, page) with a note. */
export const reviewFactValueRequestSchema = z
  .discriminatedUnion("kind", [
    reviewedValueSchema.extend({ kind: z.literal("confirmed"), note: reviewNote.optional() }),
    reviewedValueSchema.extend({
      kind: z.literal("corrected"),
      value: z.string({ error: correctionMessages.blank }).max(CORRECTED_WORDING_MAX_CHARS * 2, { message: correctionMessages.wording }),
      productLine: z.enum(productLines, { message: correctionMessages.productLine }),
      page: z
        .number({ error: "Enter the page the value is on." })
        .int({ message: "Enter the page the value is on." })
        .min(1, { message: "Enter the page the value is on." }),
      note: typedText(REVIEW_NOTE_MAX_CHARS, { blank: correctionMessages.noteBlank, tooLong: correctionMessages.noteTooLong }),
    }),
  ])
  .superRefine((input, context) => {
    if (input.kind !== "corrected") return;
    const checked = checkCorrectedValue(input.field, input.value);
    if (!checked.ok) context.addIssue({ code: "custom", path: ["value"], message: checked.message });
  });
export type ReviewFactValueRequest = z.infer<typeof reviewFactValueRequestSchema>;
/** What the web sends: a confirmation's note may be left out. */
export type ReviewFactValueInput = z.input<typeof reviewFactValueRequestSchema>;

/** POST …/reviews (201): the review as the sheet now shows it. */
export const factValueReviewResponseSchema = z.object({ review: factValueReviewSchema });
export type FactValueReviewResponse = z.infer<typeof factValueReviewResponseSchema>;
