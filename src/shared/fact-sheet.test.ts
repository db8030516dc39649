import { describe, expect, it } from "vitest";
import { compareFactSheets, factFieldKeys, factFields, type FactFieldKey } from "./fact-sheet";

const field = (key: FactFieldKey, ...values: [string, string][]) => ({ key, values: values.map(([value, productLine]) => ({ value, productLine })) });

describe("factFields", () => {
  it("describes every field once, in the sheet's order", () => {
    expect(factFields.map((definition) => definition.key)).toEqual([...factFieldKeys]);
  });
});

describe("compareFactSheets: field by field, whether two contracts differ", () => {
  it.each<[string, ReturnType<typeof field>, ReturnType<typeof field>, boolean]>([
    ["the same value", field("timely_filing", ["90 days", "all"]), field("timely_filing", ["90 days", "all"]), false],
    ["the same value, spaced and cased differently", field("governing_law", ["New  York", "all"]), field("governing_law", ["new york", "all"]), false],
    ["another value", field("timely_filing", ["90 days", "all"]), field("timely_filing", ["180 days", "all"]), true],
    ["the same value for another product line", field("timely_filing", ["90 days", "all"]), field("timely_filing", ["90 days", "medicaid"]), true],
    ["one silent", field("timely_filing", ["90 days", "all"]), field("timely_filing"), true],
    ["both silent", field("timely_filing"), field("timely_filing"), false],
    [
      "the same values in another order",
      field("timely_filing", ["90 days", "all"], ["365 days", "medicaid"]),
      field("timely_filing", ["365 days", "medicaid"], ["90 days", "all"]),
      false,
    ],
  ])("%s", (_, left, right, differs) => {
    const row = compareFactSheets([left], [right]).find((candidate) => candidate.key === left.key)!;
    expect(row.differs).toBe(differs);
  });

  it("has a row for every field, silent ones included", () => {
    expect(compareFactSheets([], []).map((row) => row.key)).toEqual([...factFieldKeys]);
  });
});
