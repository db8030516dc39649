import { describe, expect, it } from "vitest";
import { sentenceFeatures } from "./clause-features";
import { decodeKind, encodeKind, loadClauseModel, type ClauseModelFile } from "./clause-model";

const thresholds = { answer: 0.9, lead: 0.95, closest: 0.5 };

describe("the model file's compact weights", () => {
  it.each([
    { features: [0, 1, 2], weights: [0.5, -0.25, 1] },
    { features: [300, 7, 70_000], weights: [-2.5, 0.125, 3] },
    { features: [5], weights: [0] },
  ])("read back what was written: %j", (kind) => {
    const decoded = decodeKind(encodeKind({ bias: -1, thresholds, ...kind }));
    const written = new Map(kind.features.map((feature, index) => [feature, kind.weights[index]!]));
    expect(decoded.features.length).toBe(kind.features.length);
    decoded.features.forEach((feature, index) => expect(decoded.weights[index]!).toBeCloseTo(written.get(feature)!, 3));
  });
});

describe("loadClauseModel", () => {
  const file: ClauseModelFile = {
    version: 2,
    description: "two features",
    features: ["w:exclusiv", "b:non_exclusiv"],
    kinds: { Exclusivity: encodeKind({ bias: -2, features: [0, 1], weights: [4, -5], thresholds }) },
  };
  const model = loadClauseModel(file, "test-model");

  it("scores a sentence by its words and pairs of words", () => {
    const exclusive = model.probability("Exclusivity", model.featuresOf("The supplier is exclusive.", []))!;
    const nonExclusive = model.probability("Exclusivity", model.featuresOf("The license is non-exclusive.", []))!;
    expect(exclusive).toBeGreaterThan(0.85);
    expect(nonExclusive).toBeLessThan(0.1);
  });

  it("knows only its kinds", () => {
    expect(model.probability("Insurance", model.featuresOf("Insurance is required.", []))).toBeUndefined();
    expect(model.thresholdsOf("Exclusivity")).toEqual(thresholds);
  });

  it("refuses a file of another version", () => {
    expect(() => loadClauseModel({ ...file, version: 1 } as unknown as ClauseModelFile, "test-model")).toThrow(/version/);
  });
});

describe("a sentence's features, as the product looks them up", () => {
  it.each([
    ["The Supplier shall not be the exclusive supplier of the Clinic for thirty (30) days.", ["Exclusivity", "Supply Terms"]],
    ["Fees are $1,200 per month, rising 3% on January 1, 2027.", []],
    ["Either party may end it.", ["Term"]],
  ])("are the ones the training script names: %s", (text, headings) => {
    const named = sentenceFeatures(text, headings);
    // A model that knows every named feature, and some it will not meet.
    const model = loadClauseModel({ version: 2, description: "all features", features: [...named, "w:unrelated", "b:no_pair"], kinds: {} }, "test-model");
    expect([...model.featuresOf(text, headings)].sort((a, b) => a - b)).toEqual(named.map((_, index) => index));
  });
});
