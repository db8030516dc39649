import { sql } from "drizzle-orm";
import { check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { FactField, FactSheetStatus, FactUnit, FactValueReviewKind } from "../../../shared/contracts/fact-sheet";
import type { FactFieldKey, ProductLine } from "../../../shared/fact-sheet";
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

/**
 * A person's confirmation or correction of one value of a document's fact sheet (ADR 032). It
 * names the value as it was read (field, words, quote: `targetKey`), so it still applies after
 * the document is processed again while the reading states the same thing, and waits to be
 * checked once it no longer does. One review per value: a new one replaces it.
 */
export const factValueReviews = pgTable(
  "fact_value_reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    field: text().$type<FactFieldKey>().notNull(),
    targetKey: text().notNull(),
    /** confirmed | corrected */
    kind: text().$type<FactValueReviewKind>().notNull(),
    readValue: text().notNull(),
    readProductLine: text().$type<ProductLine>().notNull(),
    readPage: integer().notNull(),
    readQuote: text().notNull(),
    /** The corrected value, its quantity and where the person found it; null for a confirmation. */
    value: text(),
    amount: doublePrecision(),
    unit: text().$type<FactUnit>(),
    productLine: text().$type<ProductLine>(),
    page: integer(),
    note: text(),
    /** Who reviewed it; null once their account is gone (the audit log keeps who it was). */
    userId: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex().on(table.documentId, table.targetKey),
    check("fact_value_reviews_kind_valid", sql`${table.kind} in ('confirmed', 'corrected')`),
    check("fact_value_reviews_correction_complete", sql`(${table.kind} = 'corrected') = (${table.value} is not null and ${table.page} is not null)`),
  ],
);
