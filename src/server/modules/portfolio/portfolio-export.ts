import ExcelJS from "exceljs";
import { payerNameOf, type ContractRow, type TermCell } from "../../../shared/contracts/portfolio";
import { FACT_SHEET_DISCLAIMER, NOT_STATED, productLineLabels } from "../../../shared/fact-sheet";
import { formatLongDate } from "../../../shared/calendar-dates";
import { csvRow, neutralizeFormula } from "../fact-sheet/fact-sheet-export";

// The portfolio as a spreadsheet: one row per agreement, each key term beside its citation (page
// and the contract's own words), so a file read away from the app still says where each value is.

interface Column {
  header: string;
  width: number;
  cell: (row: ContractRow) => string;
}

const valuesText = (cells: readonly TermCell[]) =>
  cells.length === 0
    ? NOT_STATED
    : cells.map((cell) => (cell.productLine === "all" ? cell.value : `${cell.value} (${productLineLabels[cell.productLine]})`)).join("; ");
const citationText = (cells: readonly (TermCell | null)[]) =>
  cells
    .filter((cell): cell is TermCell => cell !== null)
    .map((cell) => `p. ${cell.page}: “${cell.quote}”`)
    .join("\n");
const dateText = (date: string | null) => (date ? formatLongDate(date) : NOT_STATED);

/** A term's value column and its citation column. */
function termColumns(header: string, cellsOf: (row: ContractRow) => TermCell[]): Column[] {
  return [
    { header, width: 24, cell: (row) => valuesText(cellsOf(row)) },
    { header: `${header} — citation`, width: 48, cell: (row) => citationText(cellsOf(row)) },
  ];
}

export const portfolioColumns: readonly Column[] = [
  { header: "Document", width: 36, cell: (row) => row.documentName },
  { header: "Payer", width: 28, cell: (row) => payerNameOf(row) ?? NOT_STATED },
  { header: "Payer — citation", width: 48, cell: (row) => (row.payerCorrection ? `Entered by a person` : citationText([row.terms.payer])) },
  { header: "Agreement type", width: 28, cell: (row) => row.terms.agreementType?.value ?? NOT_STATED },
  ...termColumns("Product lines", (row) => row.terms.productLines),
  { header: "Effective date", width: 18, cell: (row) => dateText(row.terms.effectiveDate) },
  { header: "Effective date — citation", width: 48, cell: (row) => citationText([row.terms.effective]) },
  { header: "Renewal date", width: 18, cell: (row) => dateText(row.terms.renewalDate) },
  { header: "Term ends", width: 18, cell: (row) => dateText(row.terms.termEnds) },
  { header: "Renewal — citation", width: 48, cell: (row) => citationText([row.terms.renewal]) },
  { header: "Notice-by date", width: 18, cell: (row) => dateText(row.terms.noticeByDate) },
  ...termColumns("Non-renewal notice", (row) => row.terms.nonRenewalNotice),
  ...termColumns("Termination without cause", (row) => row.terms.terminationWithoutCause),
  ...termColumns("Timely filing", (row) => row.terms.timelyFiling),
  ...termColumns("Appeal window", (row) => row.terms.appealWindow),
  ...termColumns("Lesser-of", (row) => row.terms.lesserOf),
  ...termColumns("Reimbursement basis", (row) => row.terms.reimbursementBasis),
  ...termColumns("Governing law", (row) => row.terms.governingLaw),
];

/** RFC 4180 CSV with a header row, CRLF line ends. */
export function portfolioCsv(rows: readonly ContractRow[]): string {
  const lines = [csvRow(portfolioColumns.map((column) => column.header)), ...rows.map((row) => csvRow(portfolioColumns.map((column) => column.cell(row))))];
  return `${lines.join("\r\n")}\r\n`;
}

/** An Excel workbook: the agreements on one sheet (header frozen, filters on), the disclaimer on a second. */
export async function portfolioXlsx(rows: readonly ContractRow[], generatedAt: Date): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = generatedAt;
  const sheet = workbook.addWorksheet("Portfolio", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = portfolioColumns.map((column) => ({ header: column.header, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  // Cells are written as text: a value that looks like a formula stays what the contract says.
  for (const row of rows) sheet.addRow(portfolioColumns.map((column) => neutralizeFormula(column.cell(row))));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: portfolioColumns.length } };
  const about = workbook.addWorksheet("About");
  about.addRow([FACT_SHEET_DISCLAIMER]);
  about.addRow([`Generated ${formatLongDate(generatedAt)}.`]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
