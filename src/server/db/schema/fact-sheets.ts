import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { FactField, FactSheetStatus } from "../../../shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../../shared/fact-sheet";
import { users } from "./auth";
import { documents } from "./documents";

/**
 * A processed document's fact sheet: its key terms as the reader found them, each value with its
 * verified quote. Rebuilt by a `fact-sheet.build` job whenever the document is (re)processed, and on
 * first open when it was read by an older reader.
 */
export const factSheets = pgTable("fact_sheets", {
  documentId: uuid()
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  status: text().$type<FactSheetStatus>().notNull(),
  fields: jsonb().$type<FactField[]>().notNull().default([]),
  /** Values read but refused because their quote or number was not on the cited page. */
  unverifiedCount: integer().notNull().default(0),
  /** The reader that built the values (FACT_READER_VERSION): an older sheet is rebuilt when opened. */
  readerVersion: integer().notNull().default(0),
  builtAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * An email to send before a deadline the fact sheet implies (a notice to stop renewal). Its job
 * finds the row when it runs; deleting the document deletes the row, which cancels the email.
 */
export const factSheetReminders = pgTable(
  "fact_sheet_reminders",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    field: text().$type<FactFieldKey>().notNull(),
    /** What the deadline is, as the reminder says it: "Last day to send a notice of non-renewal". */
    label: text().notNull(),
    deadline: date({ mode: "string" }).notNull(),
    remindOn: date({ mode: "string" }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.documentId), index().on(table.userId, table.deadline)],
);
