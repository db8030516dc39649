import { describe, expect, it } from "vitest";
import { followUpTopic, notAddressedStatement, questionTopic, type QuestionTopic } from "./question-topic";

/** A topic as the words each slot was asked with; details end in "*", alternatives are joined by "||". */
function asked(topic: QuestionTopic): string {
  return topic.alternatives.map((slots) => slots.map((slot) => `${slot.asked}${slot.isDetail ? "*" : ""}`).join(" | ")).join(" || ");
}

describe("questionTopic", () => {
  it.each([
    // Words that only say how a question is asked, or name the parties and the document, are no topic.
    ["Can a party terminate this contract without cause?", "terminate | without cause"],
    ["What are the key terms of this contract?", ""],
    ["Is there a right of first refusal, first offer or first negotiation?", "first refusal or first offer or first negotiation"],
    ["Which state or country's law governs this contract?", "law | governs | state or country*"],
    ["Is any license granted irrevocable or perpetual?", "license | granted | irrevocable or perpetual"],
    [
      "Is a party restricted from competing with the other party or from operating in a certain geography, business or sector?",
      "competing || operating | geography or business or sector",
    ],
    ["Is there a minimum purchase, minimum order or minimum volume commitment?", "minimum purchase or minimum order or minimum volume"],
    ["Is there a cap or limit on liability, or a time limit for bringing claims?", "cap | liability || time | bringing | claims"],
    ["What happens if a party undergoes a change of control (merger, acquisition, sale of assets)?", "change control (merger, acquisition, sale assets)"],
    ["Can a party terminate without cause (for convenience), e.g. just by giving notice?", "terminate | without cause (convenience) | notice*"],
    ["Is there a third-party beneficiary who can enforce rights?", "beneficiary | enforce*"],
    ["What is the timely filing limit?", "timely filing"],
    [
      "Is a party restricted from contesting the other party's IP or from bringing claims against it (covenant not to sue)?",
      "contesting | ip || bringing | claims (covenant, sue)",
    ],
    // A two-word term of the synonym list is one phrase; a word asked about twice counts once.
    ["Does intellectual property created by one party become the property of the other party?", "intellectual property | created"],
    ["Is the licensee's ability to transfer or sublicense the granted license restricted?", "licensee | transfer or sublicense | granted"],
  ])("%s → %s", (question, slots) => {
    expect(asked(questionTopic(question))).toBe(slots);
  });

  it.each([
    ["Is a party restricted from soliciting the other party's employees?", true],
    ["Is a party required not to disparage the other party?", true],
    ["Is there a non-compete?", true],
    ["Are there restrictions on a party's ability to raise or reduce prices?", true],
    ["Can a party terminate this contract without cause?", false],
    ["Is there a cap on liability?", false],
  ])("%s asks about a restriction: %s", (question, asksRestriction) => {
    expect(questionTopic(question).asksRestriction).toBe(asksRestriction);
  });

  it("asks for the fact the question's form asks for", () => {
    expect(questionTopic("How long do we have to file a claim?").answerKind).toBe("duration");
    expect(questionTopic("Is there a termination fee?").answerKind).toBe("yes-no");
  });

  it("keeps a follow-up's own words and what the question before it was about, as details", () => {
    const topic = followUpTopic(questionTopic("What about Medicaid?"), questionTopic("What is the timely filing limit?"));
    expect(asked(topic)).toBe("medicaid | timely filing*");
  });
});

describe("notAddressedStatement", () => {
  it.each([
    ["What is the timely filing limit?", "This contract does not appear to address the timely filing limit."],
    [
      "Does any party have a right of first refusal, first offer or first negotiation?",
      "This contract does not appear to address a right of first refusal, first offer or first negotiation.",
    ],
    ["Is there a most-favored-nation clause?", "This contract does not appear to address a most-favored-nation clause."],
    ["Can we terminate without cause?", "This contract does not appear to address whether we can terminate without cause."],
    [
      "Can a party terminate this contract without cause (for convenience), e.g. just by giving notice?",
      "This contract does not appear to address whether a party can terminate this contract without cause.",
    ],
    [
      "Is a party required to deposit source code into escrow?",
      "This contract does not appear to address whether a party is required to deposit source code into escrow.",
    ],
    ["How long does any warranty last?", "This contract does not appear to address how long any warranty lasts."],
    ["Who pays for parking?", "This contract does not appear to address this question: “Who pays for parking?”"],
  ])("%s", (question, statement) => {
    expect(notAddressedStatement(question)).toBe(statement);
  });
});
