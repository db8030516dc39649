import { formatLongDate } from "../../../shared/calendar-dates";
import { clauseLabel } from "../../../core/rag/citations";
import type { FactSheet, FactValue } from "../../../shared/contracts/fact-sheet";
import {
  agreementPartLabels,
  FACT_SHEET_DISCLAIMER,
  factFieldGroupLabels,
  factFields,
  NOT_STATED,
  notStatedFor,
  productLineLabels,
  productLinesCovered,
  productLinesNotStated,
  type FactFieldGroup,
} from "../../../shared/fact-sheet";
import { confirmationLine, correctionLine } from "../../../shared/fact-value-reviews";
import { writeTextPdf, type PdfTextBlock } from "../../adapters/pdf-writer/pdf-writer";

// The fact sheet as a spreadsheet and as a PDF: every built-in field in the sheet's order, each
// value with its product line and source, and "Not stated" where the contract is silent.

const CSV_COLUMNS = ["field", "value", "applies to", "product line", "clause", "heading", "page", "quote", "review"] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return that some
 * spreadsheets skip before one) is shown as text instead: prefixed with an apostrophe.
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break, with its quotes doubled. */
function csvField(cell: string): string {
  const text = neutralizeFormula(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvField).join(",");
}

/** Each built-in field with the values the sheet holds for it, in the sheet's order, and the parts of the agreement silent on it while others state it. */
function fieldsInOrder(sheet: FactSheet) {
  const valuesByKey = new Map(sheet.fields.map((field) => [field.key, field.values]));
  const covered = productLinesCovered(sheet.fields);
  return factFields.map((definition) => {
    const values = valuesByKey.get(definition.key) ?? [];
    return { definition, values, notStated: productLinesNotStated({ key: definition.key, values }, covered) };
  });
}

/** The fact sheet as RFC 4180 CSV (CRLF line ends, a header row): one row per value, a "Not stated" row for a field without one. */
export function factSheetCsv(sheet: FactSheet): string {
  const rows = [csvRow(CSV_COLUMNS)];
  for (const { definition, values, notStated } of fieldsInOrder(sheet)) {
    if (values.length === 0) rows.push(csvRow([definition.label, NOT_STATED, "", "", "", "", "", "", ""]));
    for (const value of values) {
      const { source } = value;
      rows.push(
        csvRow([
          definition.label,
          value.value,
          value.appliesTo ?? "",
          productLineLabels[value.productLine],
          source.clauseNumber ?? "",
          source.heading,
          String(source.page),
          source.quote,
          reviewLine(value),
        ]),
      );
    }
    for (const line of notStated) rows.push(csvRow([definition.label, NOT_STATED, "", agreementPartLabels[line], "", "", "", "", ""]));
  }
  return `${rows.join("\r\n")}\r\n`;
}

/** "Read: 90 days · Corrected to 120 days by Dana Lee, Dec 3: amendment 2 (page 9)", "Confirmed by Dana Lee, Dec 3", or nothing. */
export function reviewLine({ value, review }: FactValue): string {
  if (!review) return "";
  if (review.kind === "confirmed") return confirmationLine(review);
  return `${correctionLine({ readValue: review.read.value, value, by: review.by, at: review.at, note: review.note })} (page ${review.page})`;
}

/** "4.2 Claims Submission, page 7": where a value was read, as the chat's citations say it. */
function sourceLine({ source }: FactValue): string {
  return `${clauseLabel(source)}, page ${source.page}`;
}

/** The fact sheet as a PDF: the document's name and the date, every field with its values, sources and quotes, and the disclaimer. */
export async function factSheetPdf(sheet: FactSheet, { generatedAt }: { generatedAt: Date }): Promise<Uint8Array<ArrayBuffer>> {
  const blocks: PdfTextBlock[] = [
    { style: "title", text: `Fact sheet: ${sheet.documentName}` },
    { style: "body", text: `Generated ${formatLongDate(generatedAt)}${sheet.builtAt ? `; values read ${formatLongDate(new Date(sheet.builtAt))}` : ""}.` },
    { style: "note", text: FACT_SHEET_DISCLAIMER },
  ];
  if (sheet.unverifiedCount > 0) {
    const count = sheet.unverifiedCount;
    blocks.push({
      style: "note",
      text: `${count} ${count === 1 ? "value was" : "values were"} read but could not be found word for word on the cited page, and ${count === 1 ? "is" : "are"} not shown.`,
    });
  }
  let group: FactFieldGroup | undefined;
  for (const { definition, values, notStated } of fieldsInOrder(sheet)) {
    if (definition.group !== group) {
      group = definition.group;
      blocks.push({ style: "heading", text: factFieldGroupLabels[group] });
    }
    blocks.push({ style: "label", text: definition.label });
    if (values.length === 0) blocks.push({ style: "body", text: NOT_STATED });
    for (const value of values) {
      blocks.push(
        { style: "body", text: `${value.value}${value.appliesTo ? ` — ${value.appliesTo}` : ""} (${productLineLabels[value.productLine]})` },
        ...(value.review ? [{ style: "note" as const, text: reviewLine(value) }] : []),
        { style: "note", text: sourceLine(value) },
        { style: "quote", text: `“${value.source.quote}”` },
      );
    }
    for (const line of notStated) blocks.push({ style: "body", text: notStatedFor(line) });
  }
  blocks.push({ style: "note", text: FACT_SHEET_DISCLAIMER });
  return writeTextPdf({
    title: `Fact sheet: ${sheet.documentName}`,
    createdAt: generatedAt,
    blocks,
    footer: `${sheet.documentName}: informational, not legal advice`,
  });
}
