import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evergreenAgreement } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { factSheetCsv, factSheetPdf } from "../../src/server/modules/fact-sheet/fact-sheet-export";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import { FACT_SHEET_DISCLAIMER, type FactFieldKey } from "../../src/shared/fact-sheet";
import { claimFilingDeadline, periodFromValue, readWrittenDate, renewalNoticeDeadline } from "../../src/core/fact-sheet/deadlines";
import { signedUpClient } from "../support/accounts";
import { readyFactSheet } from "../support/fact-sheets";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { processedDocument } from "../support/documents/processing";
import { readPdfText } from "../support/pdf-text";
import { createTestApp, type TestApp } from "../support/test-app";

// The exports and the deadline arithmetic on a sheet the fact reader really read from a processed
// contract, so their shapes (dates as written, durations with their qualifier) stay in step.

let testApp: TestApp;
let sheet: FactSheet;

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  const owner = await signedUpClient(testApp);
  const contract = await processedDocument(testApp, owner, "Evergreen Provider Services Agreement.pdf", contractPdfOf(evergreenAgreement));
  sheet = await readyFactSheet(owner, contract.id);
}, 60_000);
afterAll(() => testApp.close());

const first = (key: FactFieldKey) => sheet.fields.find((field) => field.key === key)!.values[0]!;

describe("a processed contract's fact sheet, exported", () => {
  it("as CSV: each value with its product line, clause, heading, page and quote", () => {
    const lines = factSheetCsv(sheet).split("\r\n");
    expect(lines[0]).toBe("field,value,applies to,product line,clause,heading,page,quote,review");
    expect(lines).toContain(
      "Timely filing,180 calendar days,,All products,2.1,Timely Filing,2,Provider shall submit all claims within one hundred eighty (180) calendar days starting from the date of service.,",
    );
    expect(lines.filter((line) => line.startsWith("Timely filing,"))).toHaveLength(2);
    expect(lines.some((line) => line.startsWith("Timely filing,365 days,,Medicaid,"))).toBe(true);
    expect(lines).toContain("Governing law,Oregon,,All products,3.2,Governing Law,3,The laws of the State of Oregon govern this Agreement.,");
  });

  it("as PDF: the document's name, every value with its source and quote, and the disclaimer", async () => {
    const { pages } = await readPdfText(await factSheetPdf(sheet, { generatedAt: new Date("2026-11-26T12:00:00Z") }));
    const text = pages.join(" ");
    expect(text).toContain("Fact sheet: Evergreen Provider Services Agreement.pdf");
    expect(text).toContain("Generated November 26, 2026");
    for (const value of sheet.fields.flatMap((field) => field.values)) {
      expect(text).toContain(`, page ${value.source.page}`);
      expect(text).toContain(value.source.quote);
    }
    expect(text).toContain("180 calendar days (All products)");
    expect(text).toContain("365 days (Medicaid)");
    expect(text).toContain(FACT_SHEET_DISCLAIMER);
  });
});

describe("deadlines from the sheet the reader read", () => {
  it("the claim filing deadline, in the calendar days the contract names", () => {
    const deadline = claimFilingDeadline("2026-03-15", periodFromValue(first("timely_filing"))!, first("timely_filing").from);
    expect(deadline).toMatchObject({ date: "2026-09-11", assumptions: [] });
  });

  it("the last day to send notice not to renew: a three-year term, yearly renewals, 90 days back from a leap day", () => {
    const effectiveDate = readWrittenDate(first("effective_date").value);
    expect(effectiveDate).toBe("2025-03-01");
    const deadline = renewalNoticeDeadline({
      effectiveDate: effectiveDate!,
      initialTerm: periodFromValue(first("initial_term"))!,
      renewalTerm: periodFromValue(first("auto_renewal")),
      notice: periodFromValue(first("non_renewal_notice"))!,
      today: "2026-11-26",
    });
    expect(deadline).toMatchObject({ renewalDate: "2028-03-01", termEnds: "2028-02-29", date: "2027-12-01", isPassed: false });
  });
});
