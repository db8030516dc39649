import { describe, expect, it } from "vitest";
import { aFactSheet, aFactValue } from "../../../../tests/support/fact-sheets";
import { factFields, NOT_STATED } from "../../../shared/fact-sheet";
import { factSheetCsv, neutralizeFormula } from "./fact-sheet-export";

/** An RFC 4180 reader, strict about what it accepts, to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"' && cell === "") {
      let close = index + 1;
      for (;;) {
        close = text.indexOf('"', close);
        if (close < 0) throw new Error("unclosed quote");
        if (text[close + 1] !== '"') break;
        close += 2;
      }
      cell = text.slice(index + 1, close).replace(/""/g, '"');
      index = close + 1;
      if (!/^(,|\r\n)/.test(text.slice(index))) throw new Error(`text after a closing quote at ${index}`);
      continue;
    }
    if (text.startsWith("\r\n", index)) {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      index += 2;
    } else if (text[index] === ",") {
      row.push(cell);
      cell = "";
      index += 1;
    } else if (text[index] === '"' || text[index] === "\n" || text[index] === "\r") {
      throw new Error(`bare ${JSON.stringify(text[index])} in an unquoted field at ${index}`);
    } else {
      cell += text[index];
      index += 1;
    }
  }
  if (cell || row.length) throw new Error("the last row has no line end");
  return rows;
}

describe("neutralizeFormula", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+1 800 555 0100", "'+1 800 555 0100"],
    ["-10%", "'-10%"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1+1", "'\t=1+1"],
    ["90 days", "90 days"],
    ["a = b", "a = b"],
    ["", ""],
  ])("%j → %j", (cell, expected) => {
    expect(neutralizeFormula(cell)).toBe(expected);
  });
});

describe("factSheetCsv", () => {
  const timelyFiling = aFactValue();
  const medicareNotice = aFactValue({
    value: "120 days",
    amount: 120,
    productLine: "medicare_advantage",
    source: {
      clauseNumber: null,
      heading: "Medicare Advantage Attachment",
      page: 41,
      quote: 'Either party may terminate on one hundred twenty (120) days\' "written" notice, without cause.',
    },
  });
  const sheet = aFactSheet({ timely_filing: [timelyFiling], termination_without_cause: [aFactValue({ value: "180 days", amount: 180 }), medicareNotice] });
  const rows = parseCsv(factSheetCsv(sheet));

  it("has a header, one row per value and a Not stated row for every other field, in the sheet's order", () => {
    expect(rows[0]).toEqual(["field", "value", "applies to", "product line", "clause", "heading", "page", "quote", "review"]);
    expect(rows).toHaveLength(1 + factFields.length + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      factFields.flatMap((field) => (field.key === "termination_without_cause" ? [field.label, field.label] : [field.label])),
    );
    expect(rows.find((row) => row[0] === "Governing law")).toEqual(["Governing law", NOT_STATED, "", "", "", "", "", "", ""]);
  });

  it("keeps each value's product line and source, quotes and commas intact", () => {
    expect(rows.find((row) => row[0] === "Timely filing")).toEqual([
      "Timely filing",
      "90 days",
      "",
      "All products",
      "4.2",
      "Claims Submission",
      "7",
      "Provider shall submit claims within ninety (90) days of the date of service.",
      "",
    ]);
    expect(rows.filter((row) => row[0] === "Termination without cause").map((row) => [row[1], row[3], row[4], row[6], row[7]])).toEqual([
      ["180 days", "All products", "4.2", "7", timelyFiling.source.quote],
      ["120 days", "Medicare Advantage", "", "41", medicareNotice.source.quote],
    ]);
  });

  it("quotes fields with commas, quotes and line breaks, and ends every line with CRLF", () => {
    const csv = factSheetCsv(
      aFactSheet({
        governing_law: [
          aFactValue({
            value: "Tennessee",
            amount: null,
            unit: null,
            source: { heading: "Law, Venue", quote: 'governed by the laws of the State of "Tennessee"\nwithout regard' },
          }),
        ],
      }),
    );
    expect(csv).toContain('Governing law,Tennessee,,All products,4.2,"Law, Venue",7,"governed by the laws of the State of ""Tennessee""\nwithout regard",\r\n');
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(parseCsv(csv).find((row) => row[0] === "Governing law")?.[7]).toBe('governed by the laws of the State of "Tennessee"\nwithout regard');
  });

  it("says what each value applies to, and where the base agreement or a covered product line is silent", () => {
    const medicaid = aFactValue({ productLine: "medicaid", source: { heading: "Medicaid Attachment", page: 20 } });
    const csv = factSheetCsv(
      aFactSheet({
        product_lines: [
          aFactValue({ value: "Medicaid", amount: null, unit: null, productLine: "medicaid" }),
          aFactValue({ value: "Medicare Advantage", amount: null, unit: null, productLine: "medicare_advantage" }),
        ],
        records_retention: [aFactValue({ value: "10 years", amount: 10, unit: "years", productLine: "medicaid" })],
        change_of_status_notice: [{ ...medicaid, productLine: "all", appliesTo: "change of ownership or control" }],
      }),
    );
    const parsed = parseCsv(csv);
    expect(parsed.filter((row) => row[0] === "Records retention").map((row) => [row[1], row[3]])).toEqual([
      ["10 years", "Medicaid"],
      [NOT_STATED, "Base agreement"],
      [NOT_STATED, "Medicare Advantage"],
    ]);
    expect(parsed.filter((row) => row[0] === "Notice of changes").map((row) => [row[1], row[2]])).toEqual([["90 days", "change of ownership or control"]]);
  });

  it("never lets a cell run as a formula", () => {
    const hostile = aFactValue({ value: "=cmd|' /C calc'!A0", source: { heading: "+Heading", quote: "@SUM(1+1)", clauseNumber: "-1" } });
    const row = parseCsv(factSheetCsv(aFactSheet({ parties: [hostile] }))).find((cells) => cells[0] === "Parties")!;
    expect(row).toEqual(["Parties", "'=cmd|' /C calc'!A0", "", "All products", "'-1", "'+Heading", "7", "'@SUM(1+1)", ""]);
  });
});
