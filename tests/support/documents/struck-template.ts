import { PDFDocument, StandardFonts } from "pdf-lib";
import { buildDocx } from "./test-fixtures";

// A template agreement whose user struck out its standard renewal, filing and lesser-of clauses
// ("~~" before a clause: struck through on the page), written as a PDF or as a Word file.
export const struckTemplateClauses = [
  "PROVIDER PARTICIPATION AGREEMENT",
  'This Provider Participation Agreement is made between Tamarack Health Plan ("Plan") and Cedar Hollow Medical Group ("Provider").',
  "1. TERM",
  "1.1 Term. This Agreement starts when both parties sign it and runs for an initial term of three (3) years.",
  "~~1.2 Renewal. At the end of the term this Agreement shall renew automatically for successive one (1) year terms.",
  "2. CLAIMS AND PAYMENT",
  "~~2.1 Timely Filing. Provider shall submit each claim within ninety (90) days of the date of service.",
  "~~2.2 Payment Rule. Plan shall pay Provider the lesser of Provider's billed charges or the Plan fee schedule.",
  "2.3 Prompt Payment. Plan shall pay each clean claim within thirty (30) days of receiving it.",
  "3. GENERAL",
  "3.1 Governing Law. The laws of the State of Montana govern this Agreement.",
];
/** A clause written with "~~" before it is struck through. */
export const isStruckClause = (clause: string) => clause.startsWith("~~");
/** A clause's words, without the "~~". */
export const wording = (clause: string) => clause.replace(/^~~/, "");

/** The agreement as a PDF drawn the way an editor strikes text: a thin line through the middle of each struck line of text. */
export async function struckTemplatePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  const size = 11;
  let y = 730;
  for (const clause of struckTemplateClauses) {
    const lines: string[] = [];
    for (const word of wording(clause).split(" ")) {
      const last = lines.at(-1);
      if (last !== undefined && font.widthOfTextAtSize(`${last} ${word}`, size) <= 470) lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    for (const line of lines) {
      page.drawText(line, { x: 72, y, size, font });
      const middle = y + 0.3 * size;
      if (isStruckClause(clause))
        page.drawLine({ start: { x: 72, y: middle }, end: { x: 72 + font.widthOfTextAtSize(line, size), y: middle }, thickness: 0.8 });
      y -= 15;
    }
    y -= 8;
  }
  return Buffer.from(await pdf.save());
}

/** The agreement as a Word file: struck struckTemplateClauses are runs with <w:strike/>. */
export function struckTemplateDocx(): Buffer {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const paragraph = (clause: string) =>
    `<w:p><w:r>${isStruckClause(clause) ? "<w:rPr><w:strike/></w:rPr>" : ""}<w:t xml:space="preserve">${escape(wording(clause))}</w:t></w:r></w:p>`;
  return buildDocx(struckTemplateClauses.map(paragraph).join(""));
}
