import { bigint, boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { documents } from "./documents";
import { organizations } from "./organizations";

/**
 * What a person corrected about a contract beside its fact sheet: the payer, when the one read from
 * the parties is wrong or missing. Deleting the document deletes it.
 */
export const contractDetails = pgTable("contract_details", {
  documentId: uuid()
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  payer: text(),
  updatedBy: text().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** An organization's portfolio settings; an organization without a row has the defaults (the weekly digest on). */
export const portfolioSettings = pgTable("portfolio_settings", {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  weeklyDigest: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many times what a person's library and portfolio show has changed: counted at commit by
 * triggers on every table they read (their documents and their processing jobs; a document's fact
 * sheet, the reviews of its values and its corrected payer; the person's name), so a process asks
 * one short row whether a list it keeps is still current (ADR 033). A person with no row is at 0;
 * a trigger deletes the row with the person.
 */
export const libraryVersions = pgTable("library_versions", {
  // No foreign key: adding a person's row would take a key-share lock on their `users` row at commit,
  // which an upload holding that row for update waits on while it waits for this row — a deadlock.
  userId: text().primaryKey(),
  version: bigint({ mode: "number" }).notNull().default(0),
});
