import type { RankedChunk } from "./ranking";

/** A passage of a test document: an untitled body passage on page 1, changed where a case needs it. */
export const passageFixture = (ordinal: number, overrides: Partial<RankedChunk> = {}): RankedChunk => ({
  id: `c${ordinal}`,
  ordinal,
  clauseNumber: null,
  clauseNumbers: [],
  heading: "",
  headingPath: [],
  pageStart: 1,
  pageEnd: 1,
  text: "x".repeat(100),
  clauses: [],
  kind: "body",
  score: 0,
  ...overrides,
});
