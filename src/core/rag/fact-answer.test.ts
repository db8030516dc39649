import { describe, expect, it } from "vitest";
import type { FactField, FactValue } from "../../shared/contracts/fact-sheet";
import type { ProductLine } from "../../shared/fact-sheet";
import { factAnswer, productLinesAsked, valuesForKind } from "./fact-answer";
import { questionKindById } from "./question-kinds";

function value(text: string, productLine: ProductLine, page: number, amount: number | null = null): FactValue {
  return {
    value: text,
    amount,
    unit: amount === null ? null : "days",
    from: amount === null ? null : "the date of service",
    productLine,
    source: {
      chunkId: `c${page}`,
      clauseNumber: `${page}.1`,
      heading: "Claims",
      page,
      quote: `Claims are due ${text} after service.`,
      startOffset: 0,
      endOffset: 30,
    },
  };
}

const fields: FactField[] = [
  { key: "timely_filing", values: [value("90 days", "commercial", 3, 90), value("365 days", "medicaid", 20, 365)] },
  { key: "lesser_of", values: [value("Yes", "all", 5)] },
];
const timelyFiling = questionKindById.get("timely-filing")!;
/** Every value's sentence speaks to all of what is asked (the reply decides it by the relevance judgement). */
const speaksToAll = () => true;

describe("productLinesAsked", () => {
  it.each([
    ["What is the filing limit for Medicaid?", ["medicaid"]],
    ["And for our Medicare Advantage patients?", ["medicare_advantage"]],
    ["What about commercial members?", ["commercial"]],
    ["What is the filing limit?", []],
  ])("%s → %j", (question, lines) => expect(productLinesAsked(question)).toEqual(lines));
});

describe("factAnswer: the sheet's values, each with what it applies to", () => {
  it("gives every value, product line and page when the question names none", () => {
    const answer = factAnswer(timelyFiling, fields, "What is the timely filing limit?", speaksToAll)!;
    expect(answer.outcome).toBe("answer");
    expect(answer.points.map((point) => point.text)).toEqual([
      "**90 days from the date of service — Commercial** (3.1 Claims, page 3): “Claims are due 90 days after service.”",
      "**365 days from the date of service — Medicaid** (20.1 Claims, page 20): “Claims are due 365 days after service.”",
      "Not stated in the base agreement.",
    ]);
    expect(answer.citations.map((citation) => citation.page)).toEqual([3, 20]);
  });

  it("says what each value applies to, and which covered product line the agreement leaves silent", () => {
    const withLines: FactField[] = [
      { key: "product_lines", values: [value("Medicaid", "medicaid", 20), value("Medicare Advantage", "medicare_advantage", 30)] },
      {
        key: "change_of_status_notice",
        values: [
          { ...value("90 days", "all", 12, 90), from: null, appliesTo: "change of ownership or control" },
          { ...value("30 days", "all", 12, 30), from: null, appliesTo: "roster changes" },
        ],
      },
      { key: "records_retention", values: [{ ...value("10 years", "medicaid", 21, 10), unit: "years", from: null }] },
    ];
    const changes = factAnswer(questionKindById.get("change-of-status-notice")!, withLines, "How much notice do we owe for changes?", speaksToAll)!;
    expect(changes.points.map((point) => point.text.split(" (")[0])).toEqual([
      "**90 days for change of ownership or control**",
      "**30 days for roster changes**",
    ]);
    const retention = factAnswer(questionKindById.get("records-retention")!, withLines, "How long must we keep records?", speaksToAll)!;
    expect(retention.points.map((point) => point.text.split(" (")[0])).toEqual([
      "**10 years — Medicaid**",
      "Not stated in the base agreement.",
      "Not stated for Medicare Advantage.",
    ]);
    const forMedicare = factAnswer(questionKindById.get("records-retention")!, withLines, "How long must we keep Medicare Advantage records?", speaksToAll)!;
    expect(forMedicare.points.map((point) => point.text.split(" (")[0]).at(-1)).toBe("Not stated for Medicare Advantage.");
    expect(forMedicare.points).toHaveLength(2);
  });

  it.each([
    [
      "a corrected value leads with the person's value, says who corrected it and what was read, and cites the reading's passage",
      { kind: "corrected" as const, note: "amendment 2", page: 4, read: { value: "90 days", productLine: "commercial" as const, page: 3 } },
      "**120 days from the date of service — Commercial** (3.1 Claims, page 3): “Claims are due 90 days after service.” — corrected by a person. Read: 90 days · Corrected to 120 days by Dana Lee, Dec 3: amendment 2, page 4.",
    ],
    [
      "a confirmed value says who confirmed it",
      { kind: "confirmed" as const, note: null, page: 3, read: { value: "90 days", productLine: "commercial" as const, page: 3 } },
      "**90 days from the date of service — Commercial** (3.1 Claims, page 3): “Claims are due 90 days after service.” — confirmed by Dana Lee, Dec 3.",
    ],
  ])("%s", (_, review, text) => {
    const read = value("90 days", "commercial", 3, 90);
    const shown = {
      ...read,
      value: review.kind === "corrected" ? "120 days" : read.value,
      review: { id: "r1", by: "Dana Lee", at: "2026-12-03T15:00:00.000Z", ...review },
    };
    const answer = factAnswer(timelyFiling, [{ key: "timely_filing", values: [shown] }], "What is the timely filing limit?", speaksToAll)!;
    expect(answer.points[0]!.text).toBe(text);
    expect(answer.citations).toEqual([expect.objectContaining({ page: 3, quote: read.source.quote })]);
  });

  it("keeps to the product line the question names", () => {
    expect(valuesForKind(timelyFiling, fields, "What is the timely filing limit for Medicaid?").map((entry) => entry.value)).toEqual(["365 days"]);
  });

  it.each([
    ["speaks to all of it", speaksToAll, /^\*\*Yes — 90 days from the date of service — Commercial\*\*/],
    ["is silent on part of it", () => false, /^\*\*90 days from the date of service — Commercial\*\*/],
  ])("answers a yes-or-no question with Yes and the length of time only when the value's sentence %s", (_, speaksTo, lead) => {
    const answer = factAnswer(questionKindById.get("timely-filing")!, fields, "Is there a deadline to file claims?", speaksTo)!;
    expect(answer.points[0]!.text).toMatch(lead);
  });

  it("has nothing to say when the sheet states no value", () => {
    expect(factAnswer(questionKindById.get("records-retention")!, fields, "How long do we keep records?", speaksToAll)).toBeUndefined();
  });
});
