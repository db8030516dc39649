import { describe, expect, it } from "vitest";
import { parsePhraseQuery } from "./full-text";
import { passageFixture } from "./passage.fixture";
import { countTopicMatches, createPassageIndex, queryTextsOf, rankLexically, type IndexedPassage } from "./passage-index";
import type { QueryTerm } from "./query-analysis";
import type { QuestionTopic, TopicSlot } from "./question-topic";

/** A passage with its search column as PostgreSQL would print it (lexemes hand-stemmed like its English stemmer). */
function passage(ordinal: number, text: string, search: string): IndexedPassage & { search: string } {
  const { score: _score, ...indexed } = passageFixture(ordinal, { id: `passage-${ordinal}`, text });
  return { ...indexed, search };
}

const index = createPassageIndex([
  passage(0, "Either party may terminate for any reason on notice.", "'either':1B 'parti':2B 'may':3B 'termin':4B 'reason':7B 'notic':9B"),
  passage(1, "Provider shall use reasonable efforts.", "'provid':1B 'shall':2B 'use':3B 'reason':4B 'effort':5B"),
  passage(2, "Payer shall pay each clean claim.", "'payer':1B 'shall':2B 'pay':3B 'clean':5B 'claim':6B"),
  passage(3, "The exclusive remedy is a refund of the fee.", "'exclus':2B 'remedi':3B 'refund':6B 'fee':9B"),
  passage(4, "Exclusions: no refund is due.", "'exclus':1B 'refund':3B 'due':5B"),
]);

/** What PostgreSQL's phraseto_tsquery gives each text used below. */
const queries = new Map(
  Object.entries({
    terminate: "'termin'",
    shall: "'shall'",
    "clean claim": "'clean' <-> 'claim'",
    exclusive: "'exclus'",
    refund: "'refund'",
    "for any reason": "'reason'",
    reasonable: "'reason'",
    "other than": "",
  }).map(([text, query]) => [text, parsePhraseQuery(query)]),
);

const term = (text: string, weight = 1, wordForm?: RegExp): QueryTerm => ({ text, weight, source: "question", wordForm });

const slot = (asked: string, phrases: string[][]): TopicSlot => ({
  asked,
  options: [{ words: phrases.map((word) => word.map((text) => ({ text, stems: [] }))), isPhrase: false }],
  isDetail: false,
});

describe("rankLexically", () => {
  it("ranks the passages that hold a term, a rarer term counting more", () => {
    const rows = rankLexically(index, [term("shall"), term("terminate")], queries);
    expect(rows.map((row) => row.id)).toEqual(["passage-0", "passage-1", "passage-2"]);
    expect(rows[0]!.score).toBeGreaterThan(rows[1]!.score);
  });

  it("multiplies a term's rank by its weight", () => {
    const [full] = rankLexically(index, [term("terminate")], queries);
    const [quarter] = rankLexically(index, [term("terminate", 0.25)], queries);
    expect(quarter!.score).toBeCloseTo(full!.score * 0.25, 12);
  });

  it("keeps what a term with a word form added apart, and only that", () => {
    const rows = rankLexically(index, [term("exclusive", 1, /\bexclusiv/i), term("refund")], queries);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row.formScores ?? {})).toEqual(["exclusive"]);
      expect(row.formScores!.exclusive).toBeGreaterThan(0);
      expect(row.formScores!.exclusive).toBeLessThan(row.score);
    }
    expect(rankLexically(index, [term("refund")], queries).every((row) => row.formScores === null)).toBe(true);
  });

  it("puts the earlier passage first on a tie and stops at the limit", () => {
    const tied = rankLexically(index, [term("shall")], queries);
    expect(tied.map((row) => row.id)).toEqual(["passage-1", "passage-2"]);
    expect(tied[0]!.score).toBe(tied[1]!.score);
    expect(rankLexically(index, [term("shall")], queries, 1).map((row) => row.id)).toEqual(["passage-1"]);
  });

  it("skips a term with no searchable word, and refuses one whose query was never made", () => {
    expect(rankLexically(index, [term("other than")], queries)).toEqual([]);
    expect(() => rankLexically(index, [term("arbitration")], queries)).toThrow(/No phrase query/);
  });
});

describe("countTopicMatches", () => {
  const topic = (...slots: TopicSlot[]): QuestionTopic => ({ alternatives: [slots], asksRestriction: false });

  it.each([
    ["a phrase with stop words only where it is written: 'for any reason' is not 'reasonable'", slot("any reason", [["for any reason"]]), 1],
    ["the same stem without stop words wherever it is", slot("reasonable", [["reasonable"]]), 2],
    ["every word of an option in the one passage", slot("clean claims", [["clean claim"], ["shall"]]), 1],
    ["any of a word's phrases", slot("end", [["terminate", "refund"]]), 3],
    ["a phrase of stop words only, nowhere", slot("other", [["other than"]]), 0],
  ])("%s", (_, asked, count) => {
    expect(countTopicMatches(index, topic(asked), queries)).toEqual({ passages: 5, slots: [[count]] });
  });

  it("weighs nothing for a question with no topic words", () => {
    expect(countTopicMatches(index, topic(), queries)).toEqual({ passages: 0, slots: [] });
  });

  it("asks for every term and topic phrase once", () => {
    expect(queryTextsOf([term("terminate"), term("refund")], topic(slot("end", [["terminate", "for any reason"]])))).toEqual([
      "terminate",
      "refund",
      "for any reason",
    ]);
  });
});
