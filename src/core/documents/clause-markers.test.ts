import { describe, expect, it } from "vitest";
import { readClauseMarker, splitTitle } from "./clause-markers";

describe("readClauseMarker", () => {
  it.each([
    ["ARTICLE IV", { kind: "article", number: "Article IV", title: "" }],
    ["ARTICLE IV - TERM AND TERMINATION", { kind: "article", number: "Article IV", title: "TERM AND TERMINATION" }],
    ["Article 3. Compensation", { kind: "article", number: "Article 3", title: "Compensation" }],
    [
      "Section 4.3 Timely Filing. Claims must be submitted within 90 days.",
      { kind: "numbered", number: "4.3", depth: 2, title: "Timely Filing", rest: "Claims must be submitted within 90 days." },
    ],
    ["SECTION 4. TERM", { kind: "numbered", number: "4", depth: 1, title: "TERM" }],
    [
      "7.2 Termination without Cause. Either party may terminate on 90 days notice.",
      { kind: "numbered", number: "7.2", depth: 2, title: "Termination without Cause" },
    ],
    [
      "1.1 SHPS TO PROVIDE CARE MANAGEMENT SERVICES. HPS names SHPS its sole",
      { kind: "numbered", number: "1.1", title: "SHPS TO PROVIDE CARE MANAGEMENT SERVICES" },
    ],
    ["1.2(a) Provider shall submit claims electronically.", { kind: "numbered", number: "1.2(a)", depth: 3, title: "" }],
    ["3.1.4 Dexcel shall buy in the Packaging it needs for each batch", { kind: "numbered", number: "3.1.4", depth: 3, title: "" }],
    ["1. SERVICES PROVIDED; TERM AND TERMINATION", { kind: "numbered", number: "1", depth: 1, title: "SERVICES PROVIDED; TERM AND TERMINATION" }],
    ["2. Definitions.", { kind: "numbered", number: "2", depth: 1, title: "Definitions" }],
    ["(a) all or substantially all of the business", { kind: "lettered", letter: "a" }],
    ["(iv) any product liability claims", { kind: "lettered", letter: "iv" }],
    ["b) Request or accept, directly or indirectly", { kind: "lettered", letter: "b" }],
    ["Exhibit B", { kind: "attachment", label: "Exhibit B", title: "" }],
    ["EXHIBIT A - FEE SCHEDULE", { kind: "attachment", label: "Exhibit A", title: "FEE SCHEDULE" }],
    ["Schedule 1", { kind: "attachment", label: "Schedule 1", title: "" }],
    ["OUTSOURCING AGREEMENT", { kind: "caps-heading", title: "OUTSOURCING AGREEMENT" }],
    ["BACKGROUND", { kind: "caps-heading", title: "BACKGROUND" }],
  ])("%s", (line, expected) => {
    expect(readClauseMarker(line, 1)).toMatchObject(expected);
  });

  it.each([
    ["30 days after the end of each quarter, Payer shall", 1],
    ["90 days' prior written notice", 1],
    ["the parties agree as follows:", 1],
    ["2019 and thereafter", 1],
    ["Exhibit B attached hereto sets out the rates that apply to", 1],
    ["A.", 1],
    ["", 1],
    ["U.S.A.", 1],
  ])("%s is not a marker", (line, expected) => {
    expect(readClauseMarker(line, expected)).toBeUndefined();
  });

  it("accepts a bare top-level number only when it is the next one expected", () => {
    expect(readClauseMarker("3 Purchase and Supply of Product", 3)).toMatchObject({ kind: "numbered", number: "3" });
    expect(readClauseMarker("3 Purchase and Supply of Product", 5)).toBeUndefined();
  });
});

describe("splitTitle", () => {
  it.each([
    ["TERM. The term of this Agreement will commence", { title: "TERM", rest: "The term of this Agreement will commence" }],
    ["Governing Law: This Agreement is governed by Delaware law.", { title: "Governing Law", rest: "This Agreement is governed by Delaware law." }],
    ["Provider shall submit claims within 90 days.", { title: "", rest: "Provider shall submit claims within 90 days." }],
    ["Confidentiality", { title: "Confidentiality", rest: "" }],
  ])("%s", (text, expected) => {
    expect(splitTitle(text)).toEqual(expected);
  });
});
