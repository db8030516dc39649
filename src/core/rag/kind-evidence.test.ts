import { describe, expect, it } from "vitest";
import { encodeKind, loadClauseModel } from "./clause-model";
import { bestSentencesForKind, findingsFromStored, kindReaderOf, readEveryKind, readForModel, type KindPassage } from "./kind-evidence";

const thresholds = { answer: 0.9, lead: 0.95, closest: 0.5 };
const model = loadClauseModel(
  {
    version: 2,
    description: "one kind that likes the word 'insurance'",
    features: ["w:insur", "h:insur"],
    kinds: { Insurance: encodeKind({ bias: -3, features: [0, 1], weights: [4, 2], thresholds }) },
  },
  "insurance-model",
);

function passage(id: string, text: string, kind: KindPassage["kind"] = "body", heading = ""): KindPassage {
  return { id, text, clauses: [], heading, headingPath: [], kind };
}

const passages = [
  passage("contents", "Insurance requirements for the vendor and insurance limits ....... 4", "contents"),
  passage("short", "Insurance: ________"),
  passage("body", "The vendor shall carry general liability insurance with limits of one million dollars."),
  passage("heading", "The vendor shall keep such coverage in force for the whole term.", "body", "Insurance"),
  passage("other", "Either party may end this agreement on ninety days' notice."),
];

describe("the model's reading of a document", () => {
  it("reads every sentence of its passages but a contents page's and sentences too short to state a clause", () => {
    const ids = readForModel(model, passages).sentences.map((sentence) => sentence.passageId);
    expect(ids).toEqual(["body", "heading", "other"]);
  });

  it("gives a kind's best sentences first, heading words counting too", () => {
    const best = bestSentencesForKind(model, readForModel(model, passages), "Insurance");
    expect(best.map((sentence) => sentence.passageId)).toEqual(["body", "heading", "other"]);
    expect(best[0]!.probability).toBeGreaterThan(best[1]!.probability);
    expect(best[1]!.probability).toBeGreaterThan(best[2]!.probability);
  });

  it("finds nothing for a kind the model does not know", () => {
    expect(bestSentencesForKind(model, readForModel(model, passages), "Exclusivity")).toEqual([]);
  });
});

describe("the reading stored when a document is processed", () => {
  const byId = (id: string) => passages.find((candidate) => candidate.id === id);

  it("holds every kind the model knows, with its thresholds, and gives back the same sentences", () => {
    const stored = readEveryKind(model, passages);
    expect(Object.keys(stored)).toEqual(["Insurance"]);
    expect(stored["Insurance"]!.thresholds).toEqual(thresholds);
    expect(findingsFromStored(stored["Insurance"]!, byId)).toEqual(bestSentencesForKind(model, readForModel(model, passages), "Insurance"));
  });

  it("leaves out a sentence its passage no longer holds where the reading put it, or a passage that is gone", () => {
    const [first, second] = readEveryKind(model, passages)["Insurance"]!.sentences;
    const moved = { ...first!, start: first!.start + 1 };
    const gone = { ...second!, passageId: "deleted" };
    expect(findingsFromStored({ thresholds, sentences: [moved, gone] }, byId)).toEqual([]);
  });

  it("is known by the reading's code version and the model", () => {
    expect(kindReaderOf(model)).toMatch(/^\d+:insurance-model$/);
  });
});
