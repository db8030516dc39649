import { describe, expect, it } from "vitest";
import {
  compareFactSheets,
  factFieldKeys,
  factFields,
  notStatedFor,
  productLinesCovered,
  productLinesNotStated,
  type FactFieldKey,
  type ProductLine,
} from "./fact-sheet";

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

describe("productLinesNotStated: the parts of an agreement silent on a field that others state", () => {
  const stated = (...lines: ProductLine[]) => lines.map((productLine) => ({ productLine }));
  it.each<[string, FactFieldKey, ProductLine[], ProductLine[], ProductLine[]]>([
    ["the base agreement states it: it governs every line", "timely_filing", ["all", "medicaid"], ["medicaid", "medicare_advantage"], []],
    ["only an attachment states it", "records_retention", ["medicaid"], ["medicaid", "medicare_advantage"], ["all", "medicare_advantage"]],
    [
      "every attachment states it, the base agreement does not",
      "timely_filing",
      ["medicaid", "medicare_advantage"],
      ["medicaid", "medicare_advantage"],
      ["all"],
    ],
    ["no part states it: the whole field is Not stated", "lesser_of", [], ["medicaid"], []],
    ["the parties are read once for the whole document", "parties", ["medicaid"], ["medicaid", "medicare_advantage"], []],
  ])("%s", (_name, key, lines, covered, expected) => {
    expect(productLinesNotStated({ key, values: stated(...lines) }, covered)).toEqual(expected);
  });

  it("reads the covered lines from the Product lines field, and says each silence in words", () => {
    expect(productLinesCovered([{ key: "product_lines", values: stated("medicaid", "medicaid", "medicare_advantage") }])).toEqual([
      "medicaid",
      "medicare_advantage",
    ]);
    expect([notStatedFor("all"), notStatedFor("medicare_advantage")]).toEqual(["Not stated in the base agreement", "Not stated for Medicare Advantage"]);
  });
});
