import { describe, expect, it } from "vitest";
import type { FactField } from "../../shared/contracts/fact-sheet";
import { factFieldKeys } from "../../shared/fact-sheet";
import { chunkClauses } from "../documents/chunking";
import { structureDocument } from "../documents/structure";
import { acceptProposal, parseProposals, proposalPrompt, withProposals, type ProposedValue } from "./model-proposals";
import { contractParts } from "./product-lines";
import type { FactPassage } from "./read-facts";

const pageList = [
  {
    pageNumber: 1,
    text: [
      "CLINIC SERVICES AGREEMENT",
      "1. Charts. Provider keeps patient charts on file for six (6) years after the last visit.",
      "2. Payment. Plan pays each clean claim within thirty (30) days of receipt.",
    ].join("\n"),
  },
];
const pages = new Map(pageList.map((page) => [page.pageNumber, page.text]));
const passages: FactPassage[] = chunkClauses(structureDocument(pageList)).map((chunk, index) => ({ ...chunk, number: index + 1, chunkId: `c${index}` }));
const parts = contractParts(pages);
const blankSheet: FactField[] = factFieldKeys.map((key) => ({ key, values: [] }));

describe("parseProposals: the JSON array in the model's answer, entries of the right shape only", () => {
  it.each<[string, string, ProposedValue[]]>([
    [
      "a bare array",
      '[{"field":"records_retention","value":"6 years","quote":"keeps patient charts on file for six (6) years"}]',
      [{ field: "records_retention", value: "6 years", quote: "keeps patient charts on file for six (6) years" }],
    ],
    [
      "an array inside prose",
      'Here you are:\n```json\n[{"field":"governing_law","value":"Texas","quote":"governed by the laws of Texas"}]\n```',
      [{ field: "governing_law", value: "Texas", quote: "governed by the laws of Texas" }],
    ],
    ["no array", "The passages do not state these fields.", []],
    ["broken JSON", '[{"field":"governing_law",', []],
    [
      "an unknown field or a missing quote left out",
      '[{"field":"colour","value":"red","quote":"the colour is red today"},{"field":"assignment","value":"Yes"}]',
      [],
    ],
  ])("%s", (_, text, expected) => {
    expect(parseProposals(text)).toEqual(expected);
  });
});

describe("acceptProposal: kept only when its quote is on the page and its numbers are in the quote", () => {
  it("keeps a proposal quoted word for word, with its page, amount and unit", () => {
    const value = acceptProposal(
      { field: "records_retention", value: "6 years", quote: "Provider keeps patient charts on file for six (6) years after the last visit." },
      passages,
      pages,
      parts,
    );
    expect(value).toMatchObject({ value: "6 years", amount: 6, unit: "years", productLine: "all", source: { page: 1 } });
    expect(pages.get(1)!.slice(value!.source.startOffset, value!.source.endOffset)).toContain("six (6) years");
  });

  it.each<[string, ProposedValue]>([
    ["a quote the document does not have", { field: "governing_law", value: "Texas", quote: "This Agreement is governed by the laws of Texas." }],
    [
      "a number the quote does not state",
      { field: "records_retention", value: "7 years", quote: "Provider keeps patient charts on file for six (6) years after the last visit." },
    ],
    ["a quote pieced together", { field: "clean_claim_payment", value: "30 days", quote: "Provider keeps patient charts within thirty (30) days of receipt." }],
  ])("drops %s", (_, proposal) => {
    expect(acceptProposal(proposal, passages, pages, parts)).toBeUndefined();
  });
});

describe("withProposals", () => {
  it("fills only blank fields, and counts what it refused", () => {
    const filled: FactField[] = blankSheet.map((field) =>
      field.key === "clean_claim_payment"
        ? {
            key: field.key,
            values: [
              acceptProposal(
                { field: "clean_claim_payment", value: "30 days", quote: "Plan pays each clean claim within thirty (30) days of receipt." },
                passages,
                pages,
                parts,
              )!,
            ],
          }
        : field,
    );
    const { fields, refused } = withProposals(
      filled,
      [
        { field: "records_retention", value: "6 years", quote: "Provider keeps patient charts on file for six (6) years after the last visit." },
        { field: "clean_claim_payment", value: "45 days", quote: "Plan pays each clean claim within thirty (30) days of receipt." },
        { field: "governing_law", value: "Texas", quote: "This Agreement is governed by the laws of Texas." },
      ],
      passages,
      pages,
    );
    expect(fields.find((field) => field.key === "records_retention")!.values.map((value) => value.value)).toEqual(["6 years"]);
    expect(fields.find((field) => field.key === "clean_claim_payment")!.values.map((value) => value.value)).toEqual(["30 days"]);
    expect(fields.find((field) => field.key === "governing_law")!.values).toEqual([]);
    expect(refused).toBe(2);
  });
});

describe("proposalPrompt", () => {
  it("asks about the blank fields with the passages likeliest to state them", () => {
    const prompt = proposalPrompt(["records_retention"], passages)!;
    expect(prompt.user).toContain("records_retention: Records retention");
    expect(prompt.user).toContain("keeps patient charts");
    expect(prompt.system).toContain("word for word");
  });

  it("asks nothing when no passage shares a word with the fields", () => {
    expect(proposalPrompt(["governing_law"], passages)).toBeUndefined();
  });
});
