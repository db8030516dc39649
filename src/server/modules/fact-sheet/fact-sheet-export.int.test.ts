import { describe, expect, it } from "vitest";
import { aFactSheet, aFactValue } from "../../../../tests/support/fact-sheets";
import { readPdfText } from "../../../../tests/support/pdf-text";
import { FACT_SHEET_DISCLAIMER, factFields, NOT_STATED } from "../../../shared/fact-sheet";
import { factSheetPdf } from "./fact-sheet-export";

const generatedAt = new Date("2026-11-26T09:30:00Z");

describe("factSheetPdf", () => {
  it("holds the document's name, the date, every field with its values, product lines, clauses, pages and quotes, and the disclaimer", async () => {
    const sheet = aFactSheet({
      timely_filing: [aFactValue()],
      termination_without_cause: [
        aFactValue({
          value: "180 days",
          amount: 180,
          source: { clauseNumber: "12.3", heading: "Termination", page: 19, quote: "upon one hundred eighty (180) days’ prior written notice" },
        }),
        aFactValue({
          value: "120 days",
          amount: 120,
          productLine: "medicare_advantage",
          source: {
            clauseNumber: null,
            heading: "Medicare Advantage Attachment",
            page: 41,
            quote: "Either party may terminate upon 120 days’ notice → effective at month end.",
          },
        }),
      ],
      governing_law: [
        aFactValue({
          value: "Tennessee",
          amount: null,
          unit: null,
          source: { clauseNumber: "18.1", heading: "Governing Law", page: 30, quote: "governed by the laws of the State of Tennessee" },
        }),
      ],
    });
    const { title, pages } = await readPdfText(await factSheetPdf(sheet, { generatedAt }));
    const text = pages.join(" ");

    expect(title).toBe("Fact sheet: Sample Health Plan Provider Agreement.pdf");
    expect(text).toContain("Fact sheet: Sample Health Plan Provider Agreement.pdf");
    expect(text).toContain("Generated November 26, 2026; values read November 20, 2026.");
    for (const field of factFields) expect(text).toContain(field.label);
    expect(text).toContain("90 days (All products)");
    expect(text).toContain("4.2 Claims Submission, page 7");
    expect(text).toContain("“Provider shall submit claims within ninety (90) days of the date of service.”");
    expect(text).toContain("180 days (All products)");
    expect(text).toContain("12.3 Termination, page 19");
    expect(text).toContain("“upon one hundred eighty (180) days’ prior written notice”");
    // The attachment's value, with its product line; the arrow is spelled, not refused.
    expect(text).toContain("120 days (Medicare Advantage)");
    expect(text).toContain("Medicare Advantage Attachment, page 41");
    expect(text).toContain("Either party may terminate upon 120 days’ notice -> effective at month end.");
    expect(text).toContain("Tennessee (All products)");
    // 24 fields, 3 with values: the other 21 say so.
    expect(text.split(NOT_STATED).length - 1).toBe(factFields.length - 3);
    expect(text).toContain(FACT_SHEET_DISCLAIMER);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((page, index) => page.includes(`Page ${index + 1} of ${pages.length}`))).toBe(true);
  });

  it("wraps long quotes across lines and pages without losing a word, and says how many values were refused", async () => {
    const words = Array.from({ length: 1200 }, (_, index) => `word${index}`);
    const sheet = aFactSheet(
      { records_retention: [aFactValue({ value: "10 years", amount: 10, unit: "years", source: { quote: words.join(" ") } })] },
      { unverifiedCount: 2 },
    );
    const { pages } = await readPdfText(await factSheetPdf(sheet, { generatedAt }));
    const text = pages.join(" ");

    expect(text).toContain("2 values were read but could not be found word for word on the cited page, and are not shown.");
    const found = text.match(/word\d+/g) ?? [];
    expect(found).toEqual(words);
    expect(pages.length).toBeGreaterThan(3);
  });
});
