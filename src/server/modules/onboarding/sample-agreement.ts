import { writeTextPdf, type PdfTextBlock } from "../../adapters/pdf-writer/pdf-writer";

// The sample agreement a newcomer tries the product with: a payer agreement the Clausewise team
// wrote in its own words for this purpose (no real payer, practice or contract behind it), made
// into a PDF here and processed like any upload. Its name and every page say it is a sample.

export const SAMPLE_FILENAME = "Sample - Northwind Health Plan Provider Agreement.pdf";

const SAMPLE_FOOTER = "SAMPLE AGREEMENT written by Clausewise to try the product. Not a real contract.";

interface Article {
  heading: string;
  clauses: string[];
}

const title = "NORTHWIND HEALTH PLAN PARTICIPATING PROVIDER AGREEMENT (SAMPLE)";

const preamble =
  'Northwind Health Plan, Inc. ("Northwind") and Maple Street Family Practice, LLC ("Practice") sign this sample agreement on February 2, 2026 (the "Effective Date"). Both names are invented for illustration.';

const articles: Article[] = [
  {
    heading: "ARTICLE 1 DEFINITIONS",
    clauses: [
      '1.1 Clean Claim. A "Clean Claim" is a claim that Northwind can decide without asking the Practice for anything more.',
      '1.2 Member. A "Member" is a person enrolled in a Northwind benefit plan on the day a service is given.',
    ],
  },
  {
    heading: "ARTICLE 2 CLAIMS AND PAYMENT",
    clauses: [
      "2.1 Timely Filing. The Practice sends each claim to Northwind within ninety (90) days from the date of service. Northwind may deny a claim that arrives later, and the Practice may not bill the Member for it.",
      "2.2 Prompt Payment. Northwind pays or denies a Clean Claim within thirty (30) days after it arrives. A Clean Claim paid late earns interest of one percent (1%) for each month of delay.",
      "2.3 Corrected Claims. A corrected claim is due within sixty (60) days of the remittance advice it corrects.",
      "2.4 Overpayments. Northwind may ask for an overpayment back for twelve (12) months after paying it, and gives the Practice forty-five (45) days to repay or dispute the request before any offset.",
    ],
  },
  {
    heading: "ARTICLE 3 COMPENSATION",
    clauses: [
      "3.1 Fee Schedule. For covered services Northwind pays the lower of the Practice's billed charge or one hundred ten percent (110%) of the Medicare Physician Fee Schedule for the Practice's locality.",
      "3.2 Rate Updates. Northwind adopts each yearly Medicare fee schedule change within sixty (60) days after CMS releases it.",
    ],
  },
  {
    heading: "ARTICLE 4 UTILIZATION MANAGEMENT",
    clauses: [
      "4.1 Prior Authorization. Advanced imaging, sleep studies and elective surgery need Northwind's prior authorization. Northwind answers a standard request within seven (7) calendar days and an urgent one within seventy-two (72) hours.",
    ],
  },
  {
    heading: "ARTICLE 5 APPEALS",
    clauses: [
      "5.1 Provider Appeals. The Practice may appeal a denial or a payment amount in writing within one hundred twenty (120) days from the date on the denial notice. Northwind decides the appeal within thirty (30) days.",
    ],
  },
  {
    heading: "ARTICLE 6 TERM AND TERMINATION",
    clauses: [
      "6.1 Term. This sample agreement lasts three (3) years from the Effective Date and then renews itself for one (1) year at a time, unless, no later than one hundred twenty (120) days before a term ends, either side writes to say it will stop.",
      "6.2 Termination Without Cause. Either party may end this sample agreement for any reason with ninety (90) days of written notice.",
      "6.3 Termination for Cause. A party may end it on written notice when the other party breaks a material promise and leaves it unfixed for thirty (30) days after hearing about it.",
    ],
  },
  {
    heading: "ARTICLE 7 GENERAL TERMS",
    clauses: [
      "7.1 Amendments. Northwind may change this sample agreement by sending the Practice the change sixty (60) days before it takes effect; the Practice may object in writing during that time.",
      "7.2 Records. The Practice keeps the medical and billing records of each Member for seven (7) years after the service.",
      "7.3 Governing Law. Minnesota law governs this sample agreement.",
      "7.4 Disputes. The parties first meet to settle a dispute; one still open after forty-five (45) days goes to binding arbitration in Minneapolis, Minnesota.",
    ],
  },
];

function sampleBlocks(): PdfTextBlock[] {
  return [
    { style: "title", text: title },
    { style: "body", text: preamble },
    ...articles.flatMap((article): PdfTextBlock[] => [
      { style: "heading", text: article.heading },
      ...article.clauses.map((text): PdfTextBlock => ({ style: "body", text })),
    ]),
  ];
}

/** The same bytes every time (the date is fixed), so a person's library holds at most one copy of the sample. */
export function writeSampleAgreementPdf(): Promise<Uint8Array> {
  return writeTextPdf({ title, createdAt: new Date("2026-02-02T00:00:00Z"), blocks: sampleBlocks(), footer: SAMPLE_FOOTER });
}
