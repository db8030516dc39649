import { describe, expect, it } from "vitest";
import { reviewFactValueRequestSchema } from "./contracts/fact-sheet";
import type { FactFieldKey } from "./fact-sheet";
import { checkCorrectedValue, confirmationLine, correctionLine, correctionMessages, REVIEW_NOTE_MAX_CHARS } from "./fact-value-reviews";

describe("checkCorrectedValue", () => {
  it.each<[FactFieldKey, string, { value: string; amount: number | null; unit: string | null }]>([
    ["timely_filing", "120 days", { value: "120 days", amount: 120, unit: "days" }],
    ["timely_filing", "  365   days from the date of service ", { value: "365 days from the date of service", amount: 365, unit: "days" }],
    ["clean_claim_payment", "30 business days", { value: "30 business days", amount: 30, unit: "business-days" }],
    ["provider_appeal", "2 weeks", { value: "2 weeks", amount: 14, unit: "days" }],
    ["records_retention", "10 years", { value: "10 years", amount: 10, unit: "years" }],
    ["recoupment_lookback", "24 Months", { value: "24 Months", amount: 24, unit: "months" }],
    ["effective_date", "2026-01-01", { value: "January 1, 2026", amount: null, unit: null }],
    ["expiration_date", "february 29, 2028", { value: "February 29, 2028", amount: null, unit: null }],
    ["lesser_of", "no", { value: "No", amount: null, unit: null }],
    ["auto_renewal", "Yes, for 1 year terms", { value: "Yes, for 1 year terms", amount: 1, unit: "years" }],
    ["governing_law", "Tennessee", { value: "Tennessee", amount: null, unit: null }],
    ["product_lines", "medicare advantage", { value: "Medicare Advantage", amount: null, unit: null }],
    ["reimbursement_basis", "110% of the Medicare fee schedule", { value: "110% of the Medicare fee schedule", amount: null, unit: null }],
  ])("%s: %j is kept as %j", (field, typed, corrected) => {
    expect(checkCorrectedValue(field, typed)).toEqual({ ok: true, corrected });
  });

  it.each<[FactFieldKey, string, string]>([
    ["timely_filing", "", correctionMessages.blank],
    ["timely_filing", "ninety days", correctionMessages.duration],
    ["timely_filing", "0 days", correctionMessages.duration],
    ["timely_filing", "120", correctionMessages.duration],
    ["timely_filing", "Yes", correctionMessages.duration],
    ["effective_date", "2025-02-29", correctionMessages.date],
    ["effective_date", "next year", correctionMessages.date],
    ["expiration_date", "Smarch 3, 2026", correctionMessages.date],
    ["lesser_of", "Maybe", correctionMessages.yesNo],
    ["lesser_of", "Yesterday", correctionMessages.yesNo],
    ["governing_law", "x".repeat(81), correctionMessages.name],
    ["product_lines", "Dental", correctionMessages.productLine],
    ["dispute_resolution", "w".repeat(301), correctionMessages.wording],
  ])("%s: %j is refused", (field, typed, message) => {
    expect(checkCorrectedValue(field, typed)).toEqual({ ok: false, message });
  });
});

describe("reviewFactValueRequestSchema", () => {
  const target = { field: "timely_filing", readValue: "90 days", chunkId: "c1", startOffset: 12 } as const;
  const correction = { ...target, kind: "corrected", value: "120 days", productLine: "all", page: 3, note: "amendment 2" } as const;
  const problemOf = (input: unknown) => {
    const parsed = reviewFactValueRequestSchema.safeParse(input);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it.each([
    ["a confirmation without a note", { ...target, kind: "confirmed" }],
    ["a confirmation with a note", { ...target, kind: "confirmed", note: "checked against the signed copy" }],
    ["a correction", correction],
  ])("accepts %s", (_, input) => {
    expect(problemOf(input)).toBeUndefined();
  });

  it.each([
    ["a value of the wrong type", { ...correction, value: "ninety" }, correctionMessages.duration],
    ["a correction without a note", { ...correction, note: "   " }, correctionMessages.noteBlank],
    ["a note too long", { ...correction, note: "n".repeat(REVIEW_NOTE_MAX_CHARS + 1) }, correctionMessages.noteTooLong],
    ["a confirmation's note too long", { ...target, kind: "confirmed", note: "n".repeat(REVIEW_NOTE_MAX_CHARS + 1) }, correctionMessages.noteTooLong],
    ["page 0", { ...correction, page: 0 }, "Enter the page the value is on."],
    ["a page that is no number", { ...correction, page: Number.NaN }, "Enter the page the value is on."],
    ["an unknown product line", { ...correction, productLine: "dental" }, correctionMessages.productLine],
  ])("refuses %s", (_, input, message) => {
    expect(problemOf(input)).toBe(message);
  });

  it("refuses an unknown kind or field", () => {
    expect(problemOf({ ...target, kind: "approved" })).toBeDefined();
    expect(problemOf({ ...correction, field: "salary" })).toBeDefined();
  });
});

describe("review lines", () => {
  it("writes a correction beside the reading, and a confirmation", () => {
    expect(correctionLine({ readValue: "90 days", value: "120 days", by: "Dana Lee", at: "2026-12-03T18:00:00.000Z", note: "amendment 2" })).toBe(
      "Read: 90 days · Corrected to 120 days by Dana Lee, Dec 3: amendment 2",
    );
    expect(confirmationLine({ by: "Dana Lee", at: "2026-12-03T18:00:00.000Z", note: null })).toBe("Confirmed by Dana Lee, Dec 3");
  });
});
