import { describe, expect, it } from "vitest";
import { buildFullTextIndex, matchPhrase, parsePhraseQuery, parseTsvector } from "./full-text";

// Vectors and queries as PostgreSQL 18 (PGlite) printed them for
// `setweight(to_tsvector('english', heading), 'A') || setweight(to_tsvector('english', text), 'B')`
// and `phraseto_tsquery('english', phrase)`, with its ts_rank('{0.1, 0.2, 0.4, 0.6}', vector, query, 1).
const termination =
  "'agreement':7B 'day':10B 'effect':14B 'either':2B 'end':17B 'may':4B 'nineti':9B 'notic':11B,20B 'parti':3B 'period':21B 'take':13B 'termin':1A,5B,12B";
const payment = "'claim':6B,14B 'clean':5B 'day':9B 'pay':4B 'payer':2B 'payment':1A 'receipt':11B 'shall':3B 'thirti':8B 'within':7B";
const term = "'agreement':6B 'one':8B 'term':1A,3B 'year':9B";
const claims = "'claim':1A,2B,3B,4B";

describe("parseTsvector", () => {
  it.each([
    [
      "'termin':1A,5B,12B 'day':10",
      [
        ["termin", [1 * 4 + 3, 5 * 4 + 2, 12 * 4 + 2]],
        ["day", [10 * 4]],
      ],
    ],
    ["'o''brien':2C", [["o'brien", [2 * 4 + 1]]]],
    ["'back\\\\slash':1", [["back\\slash", [4]]]],
    [
      "'bare' 'word':3",
      [
        ["bare", []],
        ["word", [12]],
      ],
    ],
    ["", []],
  ] as const)("%s", (text, entries) => {
    expect(parseTsvector(text)).toEqual(entries);
  });

  it("refuses what is not a tsvector", () => {
    expect(() => parseTsvector("termin:1")).toThrow(/quoted lexeme/);
    expect(() => parseTsvector("'termin")).toThrow(/Unterminated/);
  });
});

describe("parsePhraseQuery", () => {
  it.each([
    ["'termin'", { lexemes: ["termin"], distances: [] }],
    ["'notic' <-> 'period'", { lexemes: ["notic", "period"], distances: [1] }],
    ["'term' <3> 'agreement'", { lexemes: ["term", "agreement"], distances: [3] }],
    ["'non-solicit' <-> 'non' <-> 'solicit'", { lexemes: ["non-solicit", "non", "solicit"], distances: [1, 1] }],
    ["'o' <-> 'brien' <2> 'fee'", { lexemes: ["o", "brien", "fee"], distances: [1, 2] }],
    ["", null],
  ] as const)("%s", (text, query) => {
    expect(parsePhraseQuery(text)).toEqual(query);
  });

  it.each(["'a' & 'b'", "'a' | 'b'", "!'a'", "'a' <->", "<-> 'a'"])("refuses %s: not a phrase query", (text) => {
    expect(() => parsePhraseQuery(text)).toThrow();
  });
});

describe("matchPhrase: PostgreSQL's search @@ phraseto_tsquery and its ts_rank", () => {
  const index = buildFullTextIndex([termination, payment, term, claims]);
  const match = (query: string) => matchPhrase(index, parsePhraseQuery(query)!);

  it.each([
    ["'termin'", [{ passage: 0, rank: 0.113142 }]],
    ["'notic' <-> 'period'", [{ passage: 0, rank: 0.12310857 }]],
    ["'clean' <-> 'claim'", [{ passage: 1, rank: 0.14542438 }]],
    [
      "'claim'",
      [
        { passage: 1, rank: 0.08478849 },
        { passage: 3, rank: 0.2014559 },
      ],
    ],
    ["'term' <3> 'agreement'", [{ passage: 2, rank: 0.25651988 }]],
    ["'claim' <-> 'claim'", [{ passage: 3, rank: 0.2014559 }]],
  ])("%s gives PostgreSQL's passages and ranks", (query, expected) => {
    expect(match(query)).toEqual(expected.map((found) => ({ passage: found.passage, rank: Math.fround(found.rank) })));
  });

  it.each([
    ["words apart are not the phrase", "'period' <-> 'notic'"],
    ["the distance is exact", "'term' <2> 'agreement'"],
    ["every word must be in the same passage", "'clean' <-> 'period'"],
    ["a word no passage has", "'arbitr'"],
  ])("%s", (_, query) => {
    expect(match(query)).toEqual([]);
  });
});
