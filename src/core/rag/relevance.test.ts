import { describe, expect, it } from "vitest";
import { questionTopic } from "./question-topic";
import { analyzeQuery } from "./query-analysis";
import {
  answersQuestion,
  coverage,
  isJudgedQuestion,
  judgeWindow,
  matchesSlot,
  phrasePositions,
  slotWeight,
  topicWeights,
  type TopicCounts,
} from "./relevance";
import { stem, tokenize } from "./text";

const stemsOf = (text: string) => tokenize(text).map(stem);

/** A small contract's passages: what makes a slot rare or common in it. */
const contract = [
  "1.1 Services. Provider shall provide the services to the other party and its employees.",
  "2.1 Payment. Payer shall pay clean claims within thirty (30) days of receipt.",
  "2.2 Timely Filing. Provider shall submit claims within ninety (90) days after the date of service.",
  "3.1 Term. This Agreement renews each year. Either party may terminate it for breach.",
  "4.1 License. Payer grants Provider a non-exclusive license to use the Payer's marks.",
  "5.1 Records. Provider shall keep records of the services for six (6) years.",
];

/** The slot counts PostgreSQL gives the chat, taken here from the passages' own words. */
function countsIn(texts: readonly string[], question: string): TopicCounts {
  const topic = questionTopic(question);
  return {
    passages: texts.length,
    slots: topic.alternatives.map((slots) => slots.map((slot) => texts.filter((text) => matchesSlot(stemsOf(text), slot)).length)),
  };
}

function judge(question: string, sentence: string) {
  const topic = questionTopic(question);
  return judgeWindow(stemsOf(sentence), sentence, topic, topicWeights(topic, countsIn([...contract, sentence], question)));
}

describe("judgeWindow: does a sentence answer what the question is about", () => {
  it.each([
    [
      "Is a party restricted from soliciting or hiring the other party's employees?",
      "While this Agreement lasts, neither party shall solicit or hire the other party's employees.",
      true,
    ],
    [
      "Is a party restricted from soliciting or hiring the other party's employees?",
      "Provider shall provide the services to the other party and its employees.",
      false,
    ],
    [
      "Does any party have a right of first refusal, first offer or first negotiation?",
      "The Company shall have a right of first refusal on any sale of the practice.",
      true,
    ],
    [
      "Does any party have a right of first refusal, first offer or first negotiation?",
      "Payer may refuse any claim first submitted after the filing deadline.",
      false,
    ],
    ["Is there an exclusivity commitment?", "Provider shall purchase its supplies exclusively from Payer.", true],
    ["Is there an exclusivity commitment?", "Payer grants Provider a non-exclusive license to use the Payer's marks.", false],
    ["Can a party terminate this contract without cause?", "Each party may terminate without cause, on ninety (90) days' written notice to the other.", true],
    ["Can a party terminate this contract without cause?", "Either party may terminate it for breach, without prejudice to any other remedy.", false],
    ["Is a party required to share revenue or profit with the other party?", "Provider shall pay Payer five percent (5%) of its net revenues.", true],
    ["Is a party required to share revenue or profit with the other party?", "The parties shall cooperate with each other party in good faith.", false],
    ["How long does any warranty last?", "Supplier warrants the equipment against defects for twelve (12) months from delivery.", true],
    ["How long does any warranty last?", "Supplier warrants that the equipment is free of defects.", false],
    ["Which state or country's law governs this contract?", "This Agreement shall be governed by the law of England.", true],
    ["When does the initial term of this contract expire?", "The term of this Agreement lasts for two (2) years.", true],
    ["When does the initial term of this contract expire?", "Upon expiration of this Agreement, Provider shall return all records.", false],
    // A window around the expiry ("three (3) months before the initial term expires") does not say when the term ends.
    [
      "When does the initial term of this contract expire?",
      "Payer shall give notice of non-renewal no later than three (3) months before the initial term expires.",
      false,
    ],
    ["When does the initial term of this contract expire?", "The initial term of this Agreement is ten (10) years commencing on the date of signature.", true],
    // A question about a restriction is answered only by a sentence that restricts.
    ["Is the licensee's ability to sublicense the license restricted?", "Licensee shall not sublicense the license without Payer's consent.", true],
    [
      "Is the licensee's ability to sublicense the license restricted?",
      "Licensor has licensed the marks to Licensee with the right to sublicense them.",
      false,
    ],
  ])("%s — %s → %s", (question, sentence, answers) => {
    expect(judge(question, sentence).answers).toBe(answers);
    // The short way the ranking takes says the same.
    const topic = questionTopic(question);
    const weights = topicWeights(topic, countsIn([...contract, sentence], question));
    expect(answersQuestion(() => stemsOf(sentence), sentence, topic, weights)).toBe(answers);
  });

  // Whether a sentence matches every slot asked about, or only enough of them to be near.
  it.each([
    ["Can a party terminate this contract without cause?", "Each party may terminate without cause, on ninety (90) days' written notice to the other.", true],
    ["Can a party terminate this contract without cause?", "This contract may be ended by either party when the other is in breach.", false],
    ["How long does any warranty last?", "Supplier warrants the equipment against defects for twelve (12) months from delivery.", true],
    ["How long does any warranty last?", "The equipment is delivered within twelve (12) months.", false],
  ])("%s — %s → covers every slot: %s", (question, sentence, coversEverySlot) => {
    expect(judge(question, sentence).coversEverySlot).toBe(coversEverySlot);
  });

  it("does not read the words of a sentence that lacks the fact asked for", () => {
    const question = "How long does any warranty last?";
    const sentence = "Supplier warrants that the equipment is free of defects.";
    const topic = questionTopic(question);
    let stemsRead = 0;
    const readStems = () => (stemsRead++, stemsOf(sentence));
    expect(answersQuestion(readStems, sentence, topic, topicWeights(topic, countsIn([...contract, sentence], question)))).toBe(false);
    expect(stemsRead).toBe(0);
  });

  it("measures coverage as the share of the question's weight, rare words weighing more", () => {
    const topic = questionTopic("What is the timely filing limit?");
    const [slots] = topic.alternatives;
    const weights = topicWeights(topic, countsIn(contract, "What is the timely filing limit?"))[0]!;
    expect(coverage(stemsOf("Provider shall submit claims within ninety (90) days"), slots!, weights)).toBeGreaterThan(
      coverage(stemsOf("Payer shall pay clean claims within thirty (30) days"), slots!, weights),
    );
  });

  it("weighs an absent slot the most and a detail half", () => {
    const [slot] = questionTopic("Is there an escrow?").alternatives[0]!;
    expect(slotWeight(slot!, 0, 100)).toBeGreaterThan(slotWeight(slot!, 10, 100));
    expect(slotWeight(slot!, 100, 100)).toBe(1);
    expect(slotWeight({ ...slot!, isDetail: true }, 0, 100)).toBeCloseTo(slotWeight(slot!, 0, 100) / 2);
  });

  it.each([
    ["What are the key terms of this contract?", false],
    ["Who are the parties to this agreement?", false],
    ["What is the timely filing limit?", true],
  ])("judges %j: %s", (question, judged) => expect(isJudgedQuestion(analyzeQuery(question))).toBe(judged));
});

describe("phrasePositions", () => {
  it.each([
    ["payer grants an exclusive license", "exclusive", [3]],
    ["payer grants a non-exclusive license", "exclusive", []],
    ["a non-compete clause", "compete", [2]],
    ["the license is not exclusive", "exclusive", []],
    ["a non-exclusive or no exclusive", "non exclusive", [1]],
    ["notice of termination and notice of renewal", "notice of termination", [0]],
    ["notice, notice of termination, notice of", "notice of", [1, 4]],
    ["the term ends", "term ends here", []],
    ["", "term", []],
  ])("%s / %s", (text, phrase, positions) => {
    expect(phrasePositions(stemsOf(text), stemsOf(phrase))).toEqual(positions);
  });
});
