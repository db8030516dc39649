import { describe, expect, it } from "vitest";
import { expandNeighbours, fuseRankings, selectPassages, type RankedChunk } from "./ranking";

const chunk = (ordinal: number, overrides: Partial<RankedChunk> = {}): RankedChunk => ({
  id: `c${ordinal}`,
  ordinal,
  clauseNumber: null,
  clauseNumbers: [],
  heading: "",
  headingPath: [],
  pageStart: 1,
  pageEnd: 1,
  text: "x".repeat(100),
  score: 0,
  ...overrides,
});

describe("fuseRankings (reciprocal rank fusion)", () => {
  it.each([
    { name: "an item both lists rank well beats one only a single list has", lists: [["a", "b", "c"], ["b", "a", "d"]], top: ["a", "b"] },
    { name: "one list alone keeps its order", lists: [["x", "y", "z"]], top: ["x", "y", "z"] },
    { name: "agreement lifts a lower item above a single first place", lists: [["p", "q"], ["q", "r"], ["q", "p"]], top: ["q", "p"] },
  ])("$name", ({ lists, top }) => {
    const fused = fuseRankings(lists.map((ids) => ids.map((id) => ({ id }))));
    expect(fused.slice(0, top.length).map((item) => item.id).sort()).toEqual([...top].sort());
    expect(fused[0]!.id).toBe(top[0]);
  });

  it("scores 1/(k + rank)", () => {
    const [first] = fuseRankings([[{ id: "a" }], [{ id: "a" }]], 60);
    expect(first!.score).toBeCloseTo(2 / 61);
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
    const expanded = expandNeighbours(
      [chunk(2, { headingPath: path, score: 8 }), chunk(3, { headingPath: path, score: 6 })],
      [],
    );
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
