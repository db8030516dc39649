import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, real, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import type { OcrWordBox, OutlineEntry } from "../../../shared/contracts/documents";
import type { PassageKind, PassageClause } from "../../../core/documents/chunking";
import type { StoredKindFindings } from "../../../core/rag/kind-evidence";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
/** pgvector without a fixed dimension: the embeddings model (and so its size) is configuration. */
const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => "vector",
  toDriver: (value) => `[${value.join(",")}]`,
  fromDriver: (value) => JSON.parse(value) as number[],
});

export const documents = pgTable(
  "documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    filename: text().notNull(),
    kind: text().notNull(),
    mimeType: text().notNull(),
    fileSize: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    /** uploaded | queued | processing | completed | failed | awaiting_credit */
    status: text().notNull().default("uploaded"),
    failureReason: text(),
    pageCount: integer(),
    pageNumbersEstimated: boolean().notNull().default(false),
    unreadablePages: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The embeddings model that made this document's chunk vectors; null when it has none. */
    embeddingModel: text(),
    /** The clause outline found while processing; null for documents processed before it was kept. */
    outline: jsonb().$type<OutlineEntry[]>(),
    /** The sample agreement a newcomer tries the product with: processed free of credit, marked as a sample. */
    isSample: boolean().notNull().default(false),
    /**
     * Counts the writes of this document's pages and passages: the database adds one in the
     * transaction that writes them, so every process keys what it keeps of them by this, never by a clock.
     */
    passagesVersion: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex().on(table.userId, table.sha256),
    index().on(table.userId, table.createdAt),
    // The platform console's newest-first lists and Recent Activity across everyone's documents.
    index("documents_created_at").on(table.createdAt.desc()),
  ],
);

export const documentPages = pgTable(
  "document_pages",
  {
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    pageNumber: integer().notNull(),
    text: text().notNull(),
    method: text().notNull(),
    ocrConfidence: real(),
    isUnreadable: boolean().notNull().default(false),
    /** OCR pages: each word's place in `text` and its box on the page picture; null for text pages and pages read before boxes were kept. */
    wordBoxes: jsonb().$type<OcrWordBox[]>(),
    /** Text pages: ranges [start, end) of `text` struck through on the page (ADR 044); null when nothing is, and for pages read before strikes were kept. */
    struckRanges: jsonb().$type<[number, number][]>(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.pageNumber] })],
);

export const documentChunks = pgTable(
  "document_chunks",
  {
    id: uuid().primaryKey().defaultRandom(),
    documentId: uuid()
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    ordinal: integer().notNull(),
    clauseNumber: text(),
    clauseNumbers: text().array().notNull(),
    heading: text().notNull(),
    headingPath: text().array().notNull(),
    /** The heading path as one string, for the search column (array functions are not immutable). */
    headingText: text().notNull(),
    pageStart: integer().notNull(),
    pageEnd: integer().notNull(),
    startPage: integer().notNull(),
    startOffset: integer().notNull(),
    endPage: integer().notNull(),
    endOffset: integer().notNull(),
    /** The page's own words: clause numbers and headings are kept beside it, never written into it. */
    text: text().notNull(),
    /** Where each clause the passage covers starts in `text`, with its number and heading. */
    clauses: jsonb().$type<PassageClause[]>().notNull().default([]),
    /** body | contents | title | definitions: what kind of text the passage is, for ranking. */
    kind: text().$type<PassageKind>().notNull().default("body"),
    /** Headings weigh more than body text in full-text ranking. */
    search: tsvector().generatedAlwaysAs(sql`setweight(to_tsvector('english', heading_text), 'A') || setweight(to_tsvector('english', text), 'B')`),
    embedding: vector(),
  },
  (table) => [
    uniqueIndex().on(table.documentId, table.ordinal),
    index("document_chunks_search_index").using("gin", table.search),
    // The console's count of embedded passages reads this (empty without embeddings) instead of every passage.
    index("document_chunks_embedded")
      .on(table.documentId)
      .where(sql`${table.embedding} is not null`),
  ],
);

/**
 * The clause-kind model's reading of one version of a document's passages (ADR 045): each kind's
 * best sentences, read by a job when the document is processed, so a question about a kind reads
 * one row instead of scoring every sentence of the document. Kept only for the version and the
 * reader that made it; any other is read again.
 */
export const documentKindReadings = pgTable("document_kind_readings", {
  documentId: uuid()
    .primaryKey()
    .references(() => documents.id, { onDelete: "cascade" }),
  passagesVersion: integer().notNull(),
  /** The reading's code version and the model's digest (`kindReaderOf`). */
  readBy: text().notNull(),
  kinds: jsonb().$type<Record<string, StoredKindFindings>>().notNull(),
  ...timestamps,
});
