import { describe, expect, it } from "vitest";
import type { FactField, FactValue } from "../../shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../shared/fact-sheet";
import { correctionKinds, type CorrectionKind } from "../../shared/fact-value-reviews";
import { applyReviews, type ValueReview } from "./apply-reviews";
import { factRules, type FactValueKind } from "./fact-rules";

const quote = "Provider shall submit claims within ninety (90) days of the date of service.";

function aValue(value: string, overrides: Partial<FactValue["source"]> = {}): FactValue {
  return {
    value,
    amount: 90,
    unit: "days",
    from: "the date of service",
    productLine: "all",
    source: { chunkId: "c1", clauseNumber: "4.2", heading: "Claims", page: 7, quote, startOffset: 0, endOffset: quote.length, ...overrides },
  };
}

function aReview(overrides: Partial<ValueReview> = {}): ValueReview {
  return {
    id: "r1",
    field: "timely_filing",
    kind: "corrected",
    by: "Dana Lee",
    at: "2026-12-03T18:00:00.000Z",
    note: "amendment 2",
    read: { value: "90 days", productLine: "all", page: 7, quote },
    corrected: { value: "120 days", amount: 120, unit: "days", productLine: "medicaid", page: 9 },
    ...overrides,
  };
}

const sheetWith = (...values: FactValue[]): FactField[] => [{ key: "timely_filing", values }];

describe("applyReviews", () => {
  it("replaces a corrected value's value, amount, unit and product line, and keeps the reading's source and what it read", () => {
    const { fields, toCheck } = applyReviews(sheetWith(aValue("90 days")), [aReview()]);
    const [value] = fields[0]!.values;
    expect(value).toMatchObject({ value: "120 days", amount: 120, unit: "days", productLine: "medicaid", from: "the date of service" });
    expect(value!.source).toEqual(aValue("90 days").source);
    expect(value!.review).toEqual({
      id: "r1",
      kind: "corrected",
      by: "Dana Lee",
      at: "2026-12-03T18:00:00.000Z",
      note: "amendment 2",
      page: 9,
      read: { value: "90 days", productLine: "all", page: 7 },
    });
    expect(toCheck).toEqual([]);
  });

  it("marks a confirmed value and changes nothing else", () => {
    const { fields } = applyReviews(sheetWith(aValue("90 days")), [aReview({ kind: "confirmed", corrected: null, note: null })]);
    expect(fields[0]!.values[0]).toEqual({ ...aValue("90 days"), review: expect.objectContaining({ kind: "confirmed", page: 7 }) });
  });

  it.each([
    [
      "a new reading of the same words (new passage ids, other offsets, other spacing and case)",
      aValue("90  Days", { chunkId: "c9", startOffset: 40, page: 8 }),
      true,
    ],
    ["a passage that now says another number", aValue("60 days", { quote: quote.replace("ninety (90)", "sixty (60)") }), false],
    ["the same number in another sentence", aValue("90 days", { quote: "Claims shall be paid within ninety (90) days." }), false],
  ])("after the document is read again, %s: applied %s", (_, reread, isApplied) => {
    const { fields, toCheck } = applyReviews(sheetWith(reread), [aReview()]);
    expect(fields[0]!.values[0]!.review !== undefined).toBe(isApplied);
    expect(toCheck.map((review) => review.id)).toEqual(isApplied ? [] : ["r1"]);
  });

  it("applies a review only to its own field", () => {
    const { fields, toCheck } = applyReviews([{ key: "provider_appeal", values: [aValue("90 days")] }], [aReview()]);
    expect(fields[0]!.values[0]!.review).toBeUndefined();
    expect(toCheck).toHaveLength(1);
  });

  it("leaves a sheet without reviews as it is", () => {
    expect(applyReviews(sheetWith(aValue("90 days")), [])).toEqual({ fields: sheetWith(aValue("90 days")), toCheck: [] });
  });
});

describe("correctionKinds", () => {
  const asCorrection: Record<FactValueKind, CorrectionKind> = { duration: "duration", date: "date", yes: "yes-no", name: "name", wording: "wording" };
  const kindsByField = new Map<FactFieldKey, Set<FactValueKind>>();
  for (const rule of factRules) kindsByField.set(rule.field, (kindsByField.get(rule.field) ?? new Set()).add(rule.kind));
  // A field read in two kinds (dispute resolution: its means in words, its time limit as a length) is corrected in words, which can say either.
  it.each([...kindsByField].map(([field, kinds]) => [field, [...kinds]] as const))("%s is corrected as the reader reads it (%s)", (field, kinds) => {
    expect(correctionKinds[field]).toBe(kinds.length === 1 ? asCorrection[kinds[0]!] : "wording");
  });
});
