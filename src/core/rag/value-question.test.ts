import { describe, expect, it } from "vitest";
import { asksForValue, otherThanValueProbability, type ValueQuestionModelFile } from "./value-question";

describe("asksForValue: whether a question about a sheet term asks for the term's value", () => {
  it.each([
    "How many days do we have to send in a claim?",
    "What's the filing deadline on this one?",
    "When does this agreement start?",
    "Which state's law applies to the contract?",
    "How long do we keep patient charts for the plan?",
    "How are disputes with the plan settled?",
  ])("reads «%s» as asking for the value", (question) => {
    expect(asksForValue(question)).toBe(true);
  });

  it.each([
    "Where should we mail a refund of an overpaid claim?",
    "Which form do we use to tell the plan about a new doctor?",
    "Can we bill the patient after a late-filing denial?",
    "What documents go with an appeal?",
  ])("reads «%s» as asking something the value does not settle", (question) => {
    expect(asksForValue(question)).toBe(false);
  });
});

describe("otherThanValueProbability", () => {
  const model: ValueQuestionModelFile = { features: ["w:who", "w:how"], bias: -1, weights: [[0, 3]] };

  it.each([
    ["a question with none of the model's features", "Is it 90 days?", 1 / (1 + Math.exp(1))],
    ["a question with a weighted feature", "Who signs it?", 1 / (1 + Math.exp(-2))],
    ["a question with a feature that has no weight", "How long is it?", 1 / (1 + Math.exp(1))],
  ])("is the logistic of the bias and the weights of %s", (_, question, probability) => {
    expect(otherThanValueProbability(model, question)).toBeCloseTo(probability, 10);
  });
});
