import { describe, expect, it } from "vitest";
import type { StruckPages } from "../documents/struck-text";
import type { SourcePassage } from "./citations";
import { sentencesOf } from "./passage-sentences";
import { findingsInForce, passageInForce } from "./struck-passages";

const inForce = "The term of this agreement is two years from the day it is signed.";
const crossedOut = "The agreement renews on its own for further one-year terms.";
const pageText = `4. Term\n${inForce} ${crossedOut}\nEnd of page.`;
const pages = new Map([[3, pageText]]);
const struckAt = (text: string): StruckPages => new Map([[3, [[pageText.indexOf(text), pageText.indexOf(text) + text.length]]]]);

const passage: SourcePassage = {
  number: 1,
  chunkId: "passage-1",
  clauseNumber: "4",
  clauseNumbers: ["4"],
  heading: "Term",
  headingPath: ["Term"],
  pageStart: 3,
  pageEnd: 3,
  text: `${inForce} ${crossedOut}`,
  clauses: [],
};

describe("what chat reads of a passage with words struck through on its page", () => {
  it.each<[string, StruckPages, string[]]>([
    ["nothing struck: the passage as it is", new Map(), [inForce, crossedOut]],
    ["another page struck: the passage as it is", new Map([[4, [[0, 40]]]]), [inForce, crossedOut]],
    ["one sentence struck: that sentence blanked, the other quoted as before", struckAt(crossedOut), [inForce]],
    ["a few words of a sentence struck: the sentence stays", struckAt("on its own"), [inForce, crossedOut]],
  ])("%s", (_name, struck, sentences) => {
    const read = passageInForce(passage, pages, struck);
    expect(read.text).toHaveLength(passage.text.length);
    expect(sentencesOf(read.text, read.clauses).map((sentence) => sentence.text)).toEqual(sentences);
    if (sentences.length === 2) expect(read).toBe(passage);
  });

  it("drops the model's findings in a struck sentence and keeps the others", () => {
    const [first, second] = sentencesOf(passage.text, passage.clauses);
    const findings = [
      { passageId: "passage-1", sentence: second!, probability: 0.99 },
      { passageId: "passage-1", sentence: first!, probability: 0.6 },
    ];
    const kept = findingsInForce(findings, () => passage, pages, struckAt(crossedOut));
    expect(kept.map((finding) => finding.sentence.text)).toEqual([inForce]);
    expect(findingsInForce(findings, () => passage, pages, new Map())).toEqual(findings);
  });
});
