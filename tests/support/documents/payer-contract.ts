import { buildPdf, type PdfPageSpec } from "./test-fixtures";

const line = (text: string, y: number) => ({ text, x: 72, y });

/** A three-page payer contract with compensation, claims, Medicaid, appeals and termination clauses. */
export const payerContractPages: PdfPageSpec[] = [
  {
    lines: [
      { text: "PROVIDER PARTICIPATION AGREEMENT", x: 72, y: 730, size: 14 },
      line("This Agreement is entered into by and between Blue Valley Health Plan", 700),
      line('("Plan") and Riverside Family Medicine ("Provider").', 686),
      line("ARTICLE 1 COMPENSATION", 656),
      line("1.1 Payment. Plan shall pay Provider for Covered Services at the rates in", 636),
      line("the Fee Schedule attached as Exhibit A.", 622),
      line("1.2 Clean Claims. Plan shall pay clean claims within thirty (30) days of", 602),
      line("receipt.", 588),
    ],
  },
  {
    lines: [
      line("ARTICLE 2 CLAIMS AND APPEALS", 730),
      line("2.1 Timely Filing. Provider shall submit claims within ninety (90) days", 710),
      line("after the date of service.", 696),
      line("2.2 Medicaid Members. For Medicaid members, Provider shall submit claims", 676),
      line("no later than one hundred eighty (180) days after the date of service.", 662),
      line("2.3 Appeals. Provider may request reconsideration of a denied claim within", 642),
      line("sixty (60) days of the denial notice.", 628),
    ],
  },
  {
    lines: [
      line("ARTICLE 3 TERM AND TERMINATION", 730),
      line("3.1 Term. This Agreement begins on January 1, 2026 and renews automatically", 710),
      line("for successive one-year terms.", 696),
      line("3.2 Termination Without Cause. Each party may terminate this Agreement", 676),
      line("without cause on one hundred twenty (120) days prior written notice.", 662),
    ],
  },
];

export function payerContractPdf(copy = ""): Buffer {
  return buildPdf(copy ? [...payerContractPages, { lines: [line(`Copy ${copy}`, 730)] }] : payerContractPages);
}
