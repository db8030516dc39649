import { describe, expect, it } from "vitest";
import { asksForValue, otherThanValueProbability, valueQuestionFeatures, type ValueQuestionModelFile } from "./value-question";

describe("asksForValue: whether a question about a sheet term asks for the term's value", () => {
  it.each([
    ["timely-filing", "How many days do we have to send in a claim?"],
    ["timely-filing", "What's the filing deadline on this one?"],
    ["effective-date", "When does this agreement start?"],
    ["governing-law", "Which state's law applies to the contract?"],
    ["records-retention", "How long do we keep patient charts for the plan?"],
    ["dispute-resolution", "How are disputes with the plan settled?"],
  ])("reads a %s question «%s» as asking for the value", (kindId, question) => {
    expect(asksForValue(question, kindId)).toBe(true);
  });

  it.each([
    ["overpayment-refund", "Where should we mail a refund of an overpaid claim?"],
    ["change-of-status-notice", "Which form do we use to tell the plan about a new doctor?"],
    ["timely-filing", "Can we bill the patient after a late-filing denial?"],
    ["provider-appeal", "What documents go with an appeal?"],
  ])("reads a %s question «%s» as asking something the value does not settle", (kindId, question) => {
    expect(asksForValue(question, kindId)).toBe(false);
  });
});

describe("valueQuestionFeatures", () => {
  it("is the router's features, the term, and the features but spelled runs crossed with the term", () => {
    const features = valueQuestionFeatures("Who decides?", "provider-appeal");
    expect(features).toContain("w:who");
    expect(features).toContain("k:provider-appeal");
    expect(features).toContain("provider-appeal|w:who");
    expect(features.some((feature) => feature.startsWith("c:"))).toBe(true);
    expect(features.some((feature) => feature.startsWith("provider-appeal|c:"))).toBe(false);
  });
});

describe("otherThanValueProbability", () => {
  const model: ValueQuestionModelFile = {
    features: ["w:who", "w:how", "provider-appeal|w:who"],
    bias: -1,
    weights: [
      [0, 3],
      [2, 1],
    ],
  };

  it.each([
    ["a question with none of the model's features", "Is it 90 days?", "provider-appeal", 1 / (1 + Math.exp(1))],
    ["a question with a weighted feature", "Who signs it?", "parties", 1 / (1 + Math.exp(-2))],
    ["a question with a weighted feature, and the same crossed with its term", "Who signs it?", "provider-appeal", 1 / (1 + Math.exp(-3))],
    ["a question with a feature that has no weight", "How long is it?", "provider-appeal", 1 / (1 + Math.exp(1))],
  ])("is the logistic of the bias and the weights of %s", (_, question, kindId, probability) => {
    expect(otherThanValueProbability(model, question, kindId)).toBeCloseTo(probability, 10);
  });
});
