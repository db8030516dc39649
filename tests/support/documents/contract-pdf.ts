import { buildPdf, type PdfPageSpec } from "./test-fixtures";

/** A two-page payer contract with numbered clauses on each page, as tests upload it. */
export const contractPages: PdfPageSpec[] = [
  {
    lines: [
      { text: "PROVIDER PARTICIPATION AGREEMENT", x: 72, y: 720, size: 14 },
      { text: "ARTICLE I - CLAIMS", x: 72, y: 680 },
      { text: "1.1 Timely Filing. Provider shall submit claims within ninety (90) days", x: 72, y: 660 },
      { text: "after the date of service.", x: 72, y: 646 },
    ],
  },
  {
    lines: [
      { text: "ARTICLE II - TERM AND TERMINATION", x: 72, y: 720 },
      { text: "2.1 Termination without Cause. Each party may terminate this Agreement", x: 72, y: 700 },
      { text: "on one hundred twenty (120) days prior written notice.", x: 72, y: 686 },
    ],
  },
];

/** The contract plus a third page naming `copy`, so each call is a distinct file (uploads are deduplicated by hash). */
export function contractPdf(copy: string): Buffer {
  return buildPdf([...contractPages, { lines: [{ text: `Copy ${copy}`, x: 72, y: 720 }] }]);
}
