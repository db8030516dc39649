import { describe, expect, it } from "vitest";
import { answerLead } from "./answer-lead";
import { REDACTED_FIGURE } from "./facts";
import { analyzeQuery } from "./query-analysis";

const leadOf = (question: string, sentence: string) => answerLead(question, analyzeQuery(question), sentence)?.text;

describe("answerLead: the length of time a question asks for", () => {
  it.each([
    ["How long do we have to file a claim?", "Provider shall submit claims within ninety (90) days after the date of service.", "90 days"],
    ["How much notice do we need to terminate without cause?", "Either party may terminate on one hundred twenty (120) days prior written notice.", "120 days"],
    [
      "How much notice is required to prevent renewal?",
      "This Agreement renews for additional periods of one (1) year unless either party gives not less than sixty (60) days' prior written notice of non-renewal.",
      "60 days",
    ],
    [
      "How much notice is required to prevent renewal?",
      "Either party may end this Agreement by notice of at least thirty (30) days, and it otherwise renews every two (2) years.",
      "30 days",
    ],
    [
      "How much notice is required to prevent renewal?",
      "This Agreement renews for additional periods of one (1) year unless either party gives not less than [***] prior written notice of non-renewal.",
      REDACTED_FIGURE,
    ],
    ["How long does the warranty last?", "The warranty lasts for a period of **** from delivery of each Product.", REDACTED_FIGURE],
    ["How much notice is required to terminate?", "This Agreement lasts two (2) years; either party may end it by written notice.", undefined],
  ])("%s — %s", (question, sentence, lead) => {
    expect(leadOf(question, sentence)).toBe(lead);
  });
});
