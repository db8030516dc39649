import { describe, expect, it } from "vitest";
import type { FactValue } from "../../shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../shared/fact-sheet";
import { chunkClauses } from "../documents/chunking";
import { structureDocument } from "../documents/structure";
import type { StruckRanges } from "../documents/struck-text";
import { acceptProposal } from "./model-proposals";
import { contractParts } from "./product-lines";
import { readFactSheet, STRUCK_CLAUSE_NO, type FactPassage } from "./read-facts";

/** A page written with its struck words between "~~" (as a template's user crossed them out): its text and struck ranges. */
function struckPage(written: string): { text: string; ranges: StruckRanges } {
  const ranges: [number, number][] = [];
  let text = "";
  written.split("~~").forEach((piece, index) => {
    if (index % 2 === 1) ranges.push([text.length, text.length + piece.length]);
    text += piece;
  });
  return { text, ranges };
}

/** A contract of pages written with "~~" strikes, read as processing and the fact sheet job read it. */
function read(written: string[]) {
  const pages = written.map((page, index) => ({ pageNumber: index + 1, ...struckPage(page) }));
  const passages: FactPassage[] = chunkClauses(structureDocument(pages)).map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `c${index}` }));
  const texts = new Map(pages.map((page) => [page.pageNumber, page.text]));
  const struck = new Map(pages.filter((page) => page.ranges.length).map((page) => [page.pageNumber, page.ranges]));
  const withStrikes = readFactSheet(passages, texts, struck);
  const withoutStrikes = readFactSheet(passages, texts);
  const valuesOf = (sheet: typeof withStrikes, key: FactFieldKey) => sheet.fields.find((field) => field.key === key)!.values;
  return {
    passages,
    texts,
    struck,
    values: (key: FactFieldKey) => valuesOf(withStrikes, key),
    unstruckValues: (key: FactFieldKey) => valuesOf(withoutStrikes, key),
  };
}

const shown = (values: FactValue[]) => values.map((value) => [value.value, value.productLine, value.source.page]);

const opening = [
  "PARTICIPATING PROVIDER AGREEMENT",
  'This Participating Provider Agreement is made between Juniper Valley Health Plan ("Plan") and Riverbend Family Clinic ("Provider").',
].join("\n");

describe("a clause struck through on the page is not read as in force", () => {
  it("a struck automatic renewal and a struck lesser-of read as a stated No, cited to the struck clause", () => {
    const { values, unstruckValues, texts } = read([
      [
        opening,
        "2. TERM",
        "2.1 Term. This Agreement starts when both parties sign it and runs for an initial term of two (2) years.",
        "~~2.2 Renewal. At the end of the term this Agreement shall renew automatically for successive one (1) year terms.~~",
        "3. PAYMENT",
        "~~3.1 Payment Rule. Plan shall pay Provider the lesser of Provider's billed charges or the Plan fee schedule.~~",
        "3.2 Payment Timing. Plan shall pay each clean claim within thirty (30) days of receiving it.",
      ].join("\n"),
    ]);
    expect(shown(unstruckValues("auto_renewal"))).toEqual([["Yes, for 1 year terms", "all", 1]]);
    expect(shown(values("auto_renewal"))).toEqual([[STRUCK_CLAUSE_NO, "all", 1]]);
    expect(shown(values("lesser_of"))).toEqual([[STRUCK_CLAUSE_NO, "all", 1]]);
    const renewal = values("auto_renewal")[0]!;
    expect(renewal).toMatchObject({ amount: null, unit: null, source: { clauseNumber: "2.2" } });
    expect(texts.get(1)!.slice(renewal.source.startOffset, renewal.source.endOffset)).toContain("shall renew automatically");
    // What is not struck is read as before.
    expect(shown(values("clean_claim_payment"))).toEqual([["30 days", "all", 1]]);
    expect(shown(values("initial_term"))).toEqual([["2 years", "all", 1]]);
  });

  it.each<{ name: string; written: string; field: FactFieldKey; expected: (string | number)[][] }>([
    {
      name: "a length of time stated only in a struck clause: Not stated",
      written: "~~4.1 Claims. Provider shall submit each claim within ninety (90) days of the date of service.~~",
      field: "timely_filing",
      expected: [],
    },
    {
      name: "a struck length of time and the one written in its place: the one in force",
      written: [
        "~~4.1 Claims. Provider shall submit each claim within ninety (90) days of the date of service.~~",
        "4.2 Claims. Provider shall submit each claim within one hundred twenty (120) days of the date of service.",
      ].join("\n"),
      field: "timely_filing",
      expected: [["120 days", "all", 1]],
    },
    {
      name: "a struck renewal clause and a renewal clause in force: Yes, from the one in force",
      written: [
        "~~5.1 Renewal. This Agreement shall renew automatically for successive one (1) year terms.~~",
        "5.2 Renewal. This Agreement shall renew automatically for successive two (2) year terms.",
      ].join("\n"),
      field: "auto_renewal",
      expected: [["Yes, for 2 years terms", "all", 1]],
    },
    {
      name: "a struck No is not a No: Not stated",
      written: "~~5.1 Renewal. This Agreement shall not renew automatically; the parties must sign a new agreement.~~",
      field: "auto_renewal",
      expected: [],
    },
    {
      name: "a state's name in a struck clause: Not stated",
      written: "~~6.1 Governing Law. The laws of the State of Idaho govern this Agreement.~~",
      field: "governing_law",
      expected: [],
    },
    {
      name: "one struck word inside a clause in force: the clause is read",
      written: "4.1 Claims. Provider shall submit each ~~paper~~ claim within ninety (90) days of the date of service.",
      field: "timely_filing",
      expected: [["90 days", "all", 1]],
    },
  ])("$name", ({ written, field, expected }) => {
    const { values } = read([`${opening}\n${written}`]);
    expect(shown(values(field))).toEqual(expected);
  });

  it("an attachment struck through, title and all, is no product line and none of its terms is read", () => {
    const base = `${opening}\n4.1 Claims. Provider shall submit each claim within ninety (90) days of the date of service.`;
    const attachment = [
      "MEDICAID PARTICIPATION ATTACHMENT",
      "1. Medicaid Claims. Provider shall submit each Medicaid claim within three hundred sixty-five (365) days of the date of service.",
    ].join("\n");
    const inForce = read([base, attachment]);
    expect(shown(inForce.values("product_lines"))).toEqual([["Medicaid", "medicaid", 2]]);
    expect(shown(inForce.values("timely_filing"))).toEqual([
      ["90 days", "all", 1],
      ["365 days", "medicaid", 2],
    ]);
    const struck = read([base, `~~${attachment}~~`]);
    expect(shown(struck.values("product_lines"))).toEqual([]);
    expect(shown(struck.values("timely_filing"))).toEqual([["90 days", "all", 1]]);
  });

  it("a model's proposal quoting a struck clause is refused", () => {
    const { passages, texts, struck } = read([`${opening}\n~~6.1 Governing Law. The laws of the State of Idaho govern this Agreement.~~`]);
    const proposal = { field: "governing_law" as const, value: "Idaho", quote: "The laws of the State of Idaho govern this Agreement." };
    const parts = contractParts(texts);
    expect(acceptProposal(proposal, passages, texts, parts)).toMatchObject({ value: "Idaho" });
    expect(acceptProposal(proposal, passages, texts, parts, struck)).toBeUndefined();
  });
});
