import { z } from "zod";
import { factFieldKeys, productLineLabels, type ProductLine } from "../fact-sheet";
import { exportFormatQuery, typedText, wholeNumber } from "./fields";

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
