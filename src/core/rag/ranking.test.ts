import { describe, expect, it } from "vitest";
import { analyzeQuery } from "./query-analysis";
import {
  ANSWERING_LIFT,
  DATED_SHARE,
  expandNeighbours,
  fuseRankings,
  joined,
  joinNeighbours,
  keepAmongFirst,
  KIND_WEIGHT,
  preferDated,
  preferAnswering,
  isSignatureBlock,
  openingChunks,
  preferOpening,
  preferOperative,
  respectWordForms,
  selectPassages,
  sliceOf,
  type RankedChunk,
} from "./ranking";
import { passageFixture } from "./passage.fixture";

const chunk = passageFixture;

describe("fuseRankings (reciprocal rank fusion)", () => {
  it.each([
    {
      name: "an item both lists rank well beats one only a single list has",
      lists: [
        ["a", "b", "c"],
        ["b", "a", "d"],
      ],
      top: ["a", "b"],
    },
    { name: "one list alone keeps its order", lists: [["x", "y", "z"]], top: ["x", "y", "z"] },
    {
      name: "agreement lifts a lower item above a single first place",
      lists: [
        ["p", "q"],
        ["q", "r"],
        ["q", "p"],
      ],
      top: ["q", "p"],
    },
  ])("$name", ({ lists, top }) => {
    const fused = fuseRankings(lists.map((ids) => ids.map((id) => ({ id }))));
    expect(
      fused
        .slice(0, top.length)
        .map((item) => item.id)
        .sort(),
    ).toEqual([...top].sort());
    expect(fused[0]!.id).toBe(top[0]);
  });

  it.each([
    {
      name: "places level between lists go to the first list's item first, then each list's in turn",
      lists: [["w1", "w2", "w3"], ["m1", "m2"], ["r1"]],
      order: ["w1", "m1", "r1", "w2", "m2", "w3"],
    },
    {
      name: "a passage the model's reading and the words both find leads, though neither ranks it first",
      lists: [
        ["w1", "w2", "both"],
        ["m1", "both"],
      ],
      order: ["both", "w1", "m1", "w2"],
    },
  ])("in full order: $name", ({ lists, order }) => {
    expect(fuseRankings(lists.map((ids) => ids.map((id) => ({ id })))).map((item) => item.id)).toEqual(order);
  });

  it("keeps the first list's copy of an item both hold (the words' passage, grown around its sentence)", () => {
    const [first] = fuseRankings([[{ id: "a", text: "grown" }], [{ id: "a", text: "bare" }]]);
    expect(first!.text).toBe("grown");
  });

  it("scores 1/(k + rank)", () => {
    const [first] = fuseRankings([[{ id: "a" }], [{ id: "a" }]], 60);
    expect(first!.score).toBeCloseTo(2 / 61);
  });
});

describe("keepAmongFirst", () => {
  it.each([
    { name: "a kept item already among the first places stays where it is", ranked: ["a", "k", "b", "c"], kept: "k", order: ["a", "k", "b", "c"] },
    { name: "a kept item lower down takes the last of the first places", ranked: ["a", "b", "c", "k", "d"], kept: "k", order: ["a", "b", "k", "c", "d"] },
    { name: "the items it passes keep their order after it", ranked: ["a", "b", "c", "d", "e", "k"], kept: "k", order: ["a", "b", "k", "c", "d", "e"] },
    { name: "nothing kept: the ranking as it was", ranked: ["a", "b", "c", "d"], kept: undefined, order: ["a", "b", "c", "d"] },
    { name: "a kept item not in the ranking adds nothing", ranked: ["a", "b", "c", "d"], kept: "k", order: ["a", "b", "c", "d"] },
  ])("$name", ({ ranked, kept, order }) => {
    expect(
      keepAmongFirst(
        ranked.map((id) => ({ id })),
        kept,
        3,
      ).map((item) => item.id),
    ).toEqual(order);
  });

  it("keeps the words' first passage in view when passages both readings find outrank it in fusion", () => {
    const words = ["w1", "w2", "m1", "m2", "m3", "m4", "m5"];
    const model = ["m1", "m2", "m3", "m4", "m5"];
    const fused = fuseRankings([words, model].map((ids) => ids.map((id) => ({ id }))));
    expect(fused.slice(0, 5).map((item) => item.id)).not.toContain("w1");
    expect(
      keepAmongFirst(fused, "w1", 5)
        .map((item) => item.id)
        .slice(0, 5),
    ).toEqual(["m1", "m2", "m3", "m4", "w1"]);
  });
});

describe("expandNeighbours", () => {
  it("gives the next chunk of the same clause part of a strong hit's score", () => {
    const hit = chunk(4, { clauseNumber: "7.2", score: 10 });
    const expanded = expandNeighbours([hit, chunk(9, { score: 3 })], [chunk(5, { clauseNumber: "7.2" }), chunk(3, { clauseNumber: "7.1" })]);
    expect(expanded.map((item) => [item.id, item.score])).toEqual([
      ["c4", 10],
      ["c5", 5],
      ["c9", 3],
    ]);
  });

  it("does not pull in a neighbour from another clause", () => {
    const expanded = expandNeighbours([chunk(4, { clauseNumber: "7.2", score: 10 })], [chunk(5, { clauseNumber: "8" })]);
    expect(expanded.map((item) => item.id)).toEqual(["c4"]);
  });

  it("treats unnumbered chunks under the same heading path as one clause, and never lowers a score", () => {
    const path = ["ARTICLE IV", "Payment"];
    const expanded = expandNeighbours([chunk(2, { headingPath: path, score: 8 }), chunk(3, { headingPath: path, score: 6 })], []);
    expect(expanded.find((item) => item.id === "c3")!.score).toBe(6);
  });
});

describe("selectPassages", () => {
  it.each([
    { name: "takes the top five", lengths: [100, 100, 100, 100, 100, 100], expected: 5 },
    { name: "stays within 6,000 characters, skipping a passage that would not fit", lengths: [3000, 2500, 1000, 400], expected: 3 },
    { name: "none when nothing ranked", lengths: [], expected: 0 },
  ])("$name", ({ lengths, expected }) => {
    const selected = selectPassages(lengths.map((length, index) => chunk(index, { text: "y".repeat(length) })));
    expect(selected).toHaveLength(expected);
    expect(selected.reduce((sum, item) => sum + item.text.length, 0)).toBeLessThanOrEqual(6000);
  });
});

describe("joinNeighbours", () => {
  const byOrdinal = (chunks: RankedChunk[]) => new Map(chunks.map((item) => [item.ordinal, item]));

  it("completes a sentence cut off at a chunk boundary, and does not repeat the joined chunk", () => {
    const cut = chunk(4, {
      clauseNumber: "19.1",
      text: "Without cause, either Party may bring this Agreement to an end by notice in writing given two",
      score: 9,
    });
    const rest = chunk(5, { clauseNumber: "19.1(2)", text: "(2) years ahead.", score: 2 });
    const passages = joinNeighbours([cut, rest], byOrdinal([cut, rest]));
    expect(passages.map((passage) => passage.text)).toEqual([
      "Without cause, either Party may bring this Agreement to an end by notice in writing given two\n\n(2) years ahead.",
    ]);
  });

  it("takes in a list's lead-in before a hit", () => {
    const leadIn = chunk(6, { clauseNumber: "7.1", text: "7.1 Term. Five years. Either side may end this Agreement early:" });
    const item = chunk(7, { clauseNumber: "7.2(a)", text: "(a) Magenta, for any reason, by written notice;", score: 5 });
    const [passage] = joinNeighbours([item], byOrdinal([leadIn, item]));
    expect(passage!.text).toBe("7.1 Term. Five years. Either side may end this Agreement early:\n\n(a) Magenta, for any reason, by written notice;");
  });

  it("leaves a complete clause alone when its neighbour is another clause", () => {
    const whole = chunk(1, { clauseNumber: "3", text: "3. Fees are due monthly.", score: 4 });
    const other = chunk(2, { clauseNumber: "4", text: "4. Notices must be in writing." });
    expect(joinNeighbours([whole], byOrdinal([whole, other]))[0]!.text).toBe("3. Fees are due monthly.");
  });

  it("spans every page of the text it takes in, so its quotes can be found there", () => {
    const leadIn = chunk(6, { clauseNumber: "7.1", pageStart: 7, pageEnd: 8, text: "7.1 Term. Five years. Either side may end this Agreement early:" });
    const item = chunk(7, { clauseNumber: "7.2(a)", pageStart: 9, pageEnd: 9, text: "(a) Magenta, for any reason, by written notice;", score: 5 });
    const [passage] = joinNeighbours([item], byOrdinal([leadIn, item]));
    expect([passage!.pageStart, passage!.pageEnd]).toEqual([7, 9]);
  });

  it("stops at the passage's share of the budget", () => {
    const long = chunk(1, { clauseNumber: "5", text: `${"word ".repeat(200)}`.trim(), score: 4 });
    const more = chunk(2, { clauseNumber: "5", text: `${"more ".repeat(200)}`.trim() });
    expect(joinNeighbours([long], byOrdinal([long, more]), 1200)[0]!.text.length).toBeLessThanOrEqual(1200);
  });
});

describe("preferDated", () => {
  it("lifts a chunk that states a date above one that does not with up to twice its score", () => {
    const undated = chunk(1, { id: "undated", text: "Termination shall become effective as provided in Section 3.", score: 1.9 });
    const dated = chunk(2, { id: "dated", text: "This Agreement shall commence on 1 January 1998.", score: 1 });
    expect(preferDated([undated, dated]).map((item) => [item.id, item.score])).toEqual([
      ["dated", 1 + DATED_SHARE],
      ["undated", 1.9],
    ]);
  });
});

describe("preferOpening", () => {
  it.each([
    ["the first chunks", [chunk(1), chunk(0)], [0, 1, 7, 4]],
    ["the first chunks after a contents page", [chunk(3), chunk(2)], [2, 3, 7, 1, 4]],
  ])("puts %s first for a question about the document itself", (_, opening, expected) => {
    const ranked = [chunk(7, { score: 5 }), chunk(1, { score: 2 }), chunk(4, { score: 1 })];
    expect(preferOpening(ranked, opening).map((item) => item.ordinal)).toEqual(expected);
  });
});

describe("isSignatureBlock", () => {
  it.each([
    ["a witness clause", "IN WITNESS WHEREOF, the parties have signed this Agreement on the dates below.", true],
    ["signature labels under each party", "NORTHSIDE CLINIC By: /s/ R. Vega Title: Office Manager Date: 4/2/19", true],
    ["a name and a date label", "Name: Dana Ortiz Date: March 9, 2021", true],
    ["one label repeated", "Date: 5/5/05 Date: 5/6/05", false],
    ["a notice address with one label", "Notices shall be sent to Attention: General Counsel at the address above.", false],
    ["a clause that mentions signing", "The parties may sign separate copies, and together those copies make one contract.", false],
  ])("%s: %s", (_, text, expected) => {
    expect(isSignatureBlock(text)).toBe(expected);
  });
});

describe("openingChunks", () => {
  const contents = chunk(0, { kind: "contents", text: "1. Definitions ... 2. Services ... 3. Term" });
  const undatedPreamble = chunk(1, { text: "This Supply Agreement is made as of the date last signed below by Acme Parts and Brightline Health." });
  const datedPreamble = chunk(1, { text: "This Supply Agreement is made as of June 3, 2019 by Acme Parts and Brightline Health." });
  const recitals = chunk(2, { text: "Acme Parts makes surgical kits and Brightline Health wishes to buy them." });
  const dated = chunk(5, { text: "Invoices are due on January 31, 2020 and each year after." });
  const signatures = chunk(8, { text: "IN WITNESS WHEREOF the parties sign below. By: /s/ K. Moss Title: CFO Date: 6/14/19" });
  const undatedSignatures = chunk(8, { text: "IN WITNESS WHEREOF the parties sign below. By: ________ Title: ________" });

  it.each([
    ["the first two chunks after the contents page", [contents, undatedPreamble, recitals, dated, signatures], false, [1, 2]],
    ["for when it was made, the signature block when the opening states no date", [contents, undatedPreamble, recitals, dated, signatures], true, [1, 2, 8]],
    ["not when the opening states a date", [datedPreamble, recitals, dated, signatures], true, [1, 2]],
    ["not a signature block without a date", [undatedPreamble, recitals, dated, undatedSignatures], true, [1, 2]],
    ["nothing but the opening when no block is signed", [undatedPreamble, recitals, dated], true, [1, 2]],
  ])("%s", (_, passages, asksForDate, expected) => {
    expect(openingChunks(passages, asksForDate).map((item) => item.ordinal)).toEqual(expected);
  });
});

describe("preferOperative", () => {
  it("keeps a contents page, a title block and a definitions list below the clause that settles the question", () => {
    const ranked = [
      chunk(0, { id: "contents", kind: "contents", score: 3 }),
      chunk(1, { id: "definitions", kind: "definitions", score: 1.6 }),
      chunk(2, { id: "clause", kind: "body", score: 1 }),
      chunk(3, { id: "title", kind: "title", score: 1.8 }),
    ];
    expect(preferOperative(ranked).map((item) => item.id)).toEqual(["clause", "definitions", "title", "contents"]);
    expect(KIND_WEIGHT.body).toBe(1);
  });

  it("keeps a definition at full weight when it defines a term the question asks about", () => {
    const ranked = [
      chunk(1, { id: "definition", kind: "definitions", text: "“Effective Date” shall mean the day on which the last Party signs.", score: 1.2 }),
      chunk(2, { id: "clause", kind: "body", score: 1 }),
    ];
    expect(preferOperative(ranked, new Set(["effective date"])).map((item) => item.id)).toEqual(["definition", "clause"]);
    expect(preferOperative(ranked, new Set(["termination"])).map((item) => item.id)).toEqual(["clause", "definition"]);
  });
});

describe("preferAnswering", () => {
  const query = analyzeQuery("Is there a non-solicitation of employees?");
  const weights = [[3, 3]];
  const sharesWords = (ordinal: number) => chunk(ordinal, { id: `words-${ordinal}`, text: "Each party is responsible for its own employees and their pay." });
  const answers = chunk(9, { id: "answers", text: "Neither party shall solicit any employee of the other party for two years." });

  it("moves a passage that answers the topic up past those that only share its words", () => {
    const ranked = [0, 1, 2, 3, 4, 5, 6, 7].map(sharesWords);
    const ordered = preferAnswering([...ranked, answers], query, weights);
    expect(ordered.findIndex((item) => item.id === "answers")).toBe(8 - ANSWERING_LIFT);
    expect(ordered.slice(0, 3).map((item) => item.id)).toEqual(["words-0", "words-1", "words-2"]);
  });

  it.each(["What are the key terms?", "Who are the parties to this agreement?"])("keeps retrieval's order for a question it does not judge: %s", (question) => {
    const ranked = [sharesWords(0), answers];
    expect(preferAnswering(ranked, analyzeQuery(question), [])).toEqual(ranked);
  });
});

describe("respectWordForms", () => {
  it("takes back what 'exclusive' scored in a chunk that only says 'exclusion'", () => {
    const query = analyzeQuery("Is there an exclusive dealing commitment?");
    const texts = new Map([
      ["exclusion", "An exclusion from liability applies to dealing in good faith."],
      ["exclusive", "Distributor shall deal exclusively with the Company."],
    ]);
    const rows = [...texts.keys()].map((id) => ({ id, score: 2, formScores: { exclusive: 1.5 } }));
    expect(respectWordForms(rows, query.terms, (id) => texts.get(id))).toEqual([
      { id: "exclusive", score: 2 },
      { id: "exclusion", score: 0.5 },
    ]);
  });
});

describe("sliceOf and joined keep where each clause starts", () => {
  const passage = {
    text: "2.1 Payment. Pay within 30 days.\n\n2.2 Audit. Payer may audit.",
    clauses: [
      { at: 0, textAt: 13, number: "2.1", heading: "Payment" },
      { at: 34, textAt: 45, number: "2.2", heading: "Audit" },
    ],
  };

  it("a slice starting inside a clause starts with that clause", () => {
    const slice = sliceOf(passage, 13, passage.text.length);
    expect(slice.text.startsWith("Pay within")).toBe(true);
    expect(slice.clauses.map((clause) => [clause.number, clause.at, slice.text.slice(clause.textAt, clause.textAt + 5)])).toEqual([
      ["2.1", 0, "Pay w"],
      ["2.2", 21, "Payer"],
    ]);
  });

  it("a joined passage shifts the second one's clauses past the first", () => {
    const both = joined(sliceOf(passage, 0, 32), sliceOf(passage, 34, passage.text.length));
    expect(both.text).toBe(passage.text);
    expect(both.clauses).toEqual(passage.clauses);
  });
});
