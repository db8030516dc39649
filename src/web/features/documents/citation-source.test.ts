import { describe, expect, it } from "vitest";
import type { OutlineEntry } from "../../../shared/contracts/documents";
import { findClausePath } from "./citation-source";

const outline: OutlineEntry[] = [
  { clauseNumber: null, heading: "ARTICLE 2 CLAIMS", path: ["ARTICLE 2 CLAIMS"], page: 1 },
  { clauseNumber: "2.1", heading: "Timely Filing", path: ["ARTICLE 2 CLAIMS", "Timely Filing"], page: 1 },
  { clauseNumber: null, heading: "ARTICLE 9 EXHIBIT B", path: ["ARTICLE 9 EXHIBIT B"], page: 6 },
  { clauseNumber: "2.1", heading: "Timely Filing", path: ["ARTICLE 9 EXHIBIT B", "Timely Filing"], page: 6 },
  { clauseNumber: "7.3", heading: "7.3 Governing Law", path: ["Article 7 GENERAL TERMS", "7.3 Governing Law"], page: 8 },
];

describe("findClausePath", () => {
  it.each<[string, string, number, string[] | undefined]>([
    ["the clause the link names", "2.1 Timely Filing, page 1", 1, ["ARTICLE 2 CLAIMS", "Timely Filing"]],
    ["a clause continued on a later page", "2.1 Timely Filing, page 3", 3, ["ARTICLE 2 CLAIMS", "Timely Filing"]],
    ["of two clauses of one name, the nearest before the page", "2.1 Timely Filing, page 7", 7, ["ARTICLE 9 EXHIBIT B", "Timely Filing"]],
    ["a heading without a number", "ARTICLE 2 CLAIMS, page 1", 1, ["ARTICLE 2 CLAIMS"]],
    ["a page before the clause's own start still finds it", "ARTICLE 9 EXHIBIT B, page 5", 5, ["ARTICLE 9 EXHIBIT B"]],
    ["a passage the outline does not name", "Untitled passage, page 2", 2, undefined],
    ["a heading that carries its number", "7.3 Governing Law, page 8", 8, ["Article 7 GENERAL TERMS", "7.3 Governing Law"]],
  ])("%s", (_name, label, page, expected) => {
    expect(findClausePath(outline, { label, page })).toEqual(expected);
  });
});
