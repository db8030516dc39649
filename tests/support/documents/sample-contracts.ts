// Synthetic payer contracts written for this project (never copied from a real agreement): the
// demo practice's library (`npm run db:seed`) and tests that need a contract of several pages.
import { buildPdf, type PdfPageSpec, type PdfTextLine } from "./test-fixtures";

export interface ContractSection {
  heading: string;
  clauses: string[];
}

export interface SampleContract {
  filename: string;
  title: string;
  parties: string;
  sections: ContractSection[];
}

const LINE_CHARS = 84;
const TOP = 740;
const BOTTOM = 72;
const LEADING = 14;

/** Words of a paragraph as printed lines of at most LINE_CHARS characters. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > LINE_CHARS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** A contract as a text PDF: its title, the parties, then each section's heading and clauses, over as many pages as they fill. */
export function sampleContractPdf(contract: SampleContract): Buffer {
  const pages: PdfPageSpec[] = [];
  let lines: PdfTextLine[] = [];
  let y = TOP;
  const print = (text: string, size?: number) => {
    if (y < BOTTOM) {
      pages.push({ lines });
      lines = [];
      y = TOP;
    }
    lines.push({ text, x: 72, y, size });
    y -= size ? size + 6 : LEADING;
  };
  print(contract.title, 14);
  for (const line of wrap(contract.parties)) print(line);
  for (const section of contract.sections) {
    y -= LEADING / 2;
    print(section.heading);
    for (const clause of section.clauses) for (const line of wrap(clause)) print(line);
  }
  pages.push({ lines });
  return buildPdf(pages);
}

export const sampleContracts: SampleContract[] = [
  {
    filename: "Blue Valley Health Plan - Provider Agreement.pdf",
    title: "PROVIDER PARTICIPATION AGREEMENT",
    parties:
      'This Provider Participation Agreement is entered into as of March 1, 2026 by and between Blue Valley Health Plan, Inc. ("Plan") and Riverside Family Medicine, P.C. ("Provider").',
    sections: [
      {
        heading: "ARTICLE 1 DEFINITIONS",
        clauses: [
          '1.1 Clean Claim. "Clean Claim" means a claim for Covered Services that has no defect or impropriety and includes all information the Plan needs to adjudicate it.',
          '1.2 Covered Services. "Covered Services" means the health care services a Member is entitled to receive under the Member\'s benefit plan.',
        ],
      },
      {
        heading: "ARTICLE 2 CLAIMS AND PAYMENT",
        clauses: [
          "2.1 Timely Filing. Provider shall submit each claim no more than one hundred twenty (120) days after the date of service. Claims received after that deadline will be denied and may not be billed to the Member.",
          "2.2 Payment of Clean Claims. Plan shall pay or deny each Clean Claim within thirty (30) calendar days of receipt. Clean Claims not paid within that time bear interest at one percent (1%) per month.",
          "2.3 Corrected Claims. Provider may submit a corrected claim within sixty (60) days after the date of the original remittance advice.",
          "2.4 Overpayments. Provider shall refund any overpayment within sixty (60) days after it is identified. Plan shall not recoup an overpayment more than eighteen (18) months after the date of the original payment.",
        ],
      },
      {
        heading: "ARTICLE 3 COMPENSATION",
        clauses: [
          "3.1 Reimbursement. Plan shall pay Provider the lesser of Provider's billed charges or one hundred five percent (105%) of the Medicare Physician Fee Schedule in effect on the date of service.",
          "3.2 Fee Schedule Updates. Plan shall apply updates to the Medicare Physician Fee Schedule within ninety (90) days after CMS publishes them.",
        ],
      },
      {
        heading: "ARTICLE 4 APPEALS",
        clauses: [
          "4.1 Provider Appeals. Provider may appeal a claim denial or payment determination in writing within one hundred eighty (180) days of the date of the denial notice.",
        ],
      },
      {
        heading: "ARTICLE 5 TERM AND TERMINATION",
        clauses: [
          "5.1 Term. The initial term of this Agreement is two (2) years from the Effective Date. It then renews automatically for successive one (1) year terms unless either party tells the other in writing, at least ninety (90) days before the current term ends, that it will not renew.",
          "5.2 Termination Without Cause. Each party may terminate this Agreement without cause on one hundred twenty (120) days prior written notice to the other.",
          "5.3 Termination for Cause. If the other party commits a material breach and fails to cure it within thirty (30) days after written notice of the breach, a party may terminate this Agreement.",
        ],
      },
      {
        heading: "ARTICLE 6 GENERAL PROVISIONS",
        clauses: [
          "6.1 Amendments. Plan may amend this Agreement by giving Provider at least forty-five (45) days prior written notice. Provider may object to the amendment in writing before its effective date.",
          "6.2 Assignment. No party may assign this Agreement unless the other party first consents in writing.",
          "6.3 Records. Provider shall keep medical and billing records for ten (10) years after the date of service.",
          "6.4 Governing Law. The laws of the State of Ohio govern this Agreement.",
          "6.5 Dispute Resolution. The parties shall first try to resolve any dispute by negotiation; a dispute not resolved within sixty (60) days shall be settled by binding arbitration in Columbus, Ohio.",
        ],
      },
    ],
  },
  {
    filename: "Lakeside Medicaid Plan - Participation Agreement.pdf",
    title: "MEDICAID PARTICIPATING PROVIDER AGREEMENT",
    parties:
      'This Agreement is made effective January 1, 2026 between Lakeside Community Health Plan ("Health Plan") and Riverside Family Medicine, P.C. ("Participating Provider").',
    sections: [
      {
        heading: "SECTION A. SUBMISSION OF CLAIMS",
        clauses: [
          "A.1 Participating Provider must file all claims no later than three hundred sixty-five (365) days from the date of service.",
          "A.2 Health Plan will adjudicate ninety-five percent (95%) of clean claims within thirty (30) days of receipt.",
        ],
      },
      {
        heading: "SECTION B. RATES",
        clauses: ["B.1 Health Plan shall reimburse Covered Services at one hundred percent (100%) of the State Medicaid Fee Schedule."],
      },
      {
        heading: "SECTION C. TERMINATION",
        clauses: [
          "C.1 This Agreement may be terminated by either party without cause upon ninety (90) days written notice.",
          "C.2 Health Plan may terminate this Agreement immediately if Participating Provider is excluded from any state or federal health care program.",
        ],
      },
      {
        heading: "SECTION D. MISCELLANEOUS",
        clauses: [
          "D.1 Participating Provider shall notify Health Plan in writing at least thirty (30) days before any change of ownership, location or tax identification number.",
          "D.2 This Agreement shall be construed under the laws of the State of Ohio.",
        ],
      },
    ],
  },
];
