import { describe, expect, it } from "vitest";
import { chunkClauses } from "../documents/chunking";
import { structureDocument } from "../documents/structure";
import { readFactSheet, type FactPassage } from "../fact-sheet/read-facts";
import type { FactField } from "../../shared/contracts/fact-sheet";
import { formatAnswer } from "./answer";
import type { SourcePassage } from "./citations";
import type { KindSentence } from "./kind-evidence";
import { sentencesOf } from "./passage-sentences";
import { analyzeQuery } from "./query-analysis";
import { questionKindById } from "./question-kinds";
import { composeReply, type KindFindings } from "./reply";
import { matchesSlot, topicWeights } from "./relevance";
import { stem, tokenize } from "./text";

/** A small agreement of our own: a timely filing clause, a term, a governing-law heading that names no state, and a marketing clause. */
const pageList = [
  {
    pageNumber: 1,
    text: [
      "MEDICAL GROUP SERVICES AGREEMENT",
      "1. Claims. Group shall submit every claim within one hundred twenty (120) days from the date services were given.",
      "2. Term. This Agreement starts on March 1, 2026 and continues for three (3) years.",
      "3. Marketing. Plan may list Group in its provider directory and on its website.",
    ].join("\n"),
  },
  {
    pageNumber: 2,
    text: [
      "4. Governing Law. Questions about this Agreement are settled under the rules in force where the Plan has its main office.",
      "5. Publicity. Neither party shall issue a press release naming the other without its prior written approval.",
    ].join("\n"),
  },
];
const pages = new Map(pageList.map((page) => [page.pageNumber, page.text]));
const sources: (SourcePassage & FactPassage)[] = chunkClauses(structureDocument(pageList), { maxChars: 300, minChars: 60 }).map((chunk, index) => ({
  ...chunk,
  number: index + 1,
  chunkId: `chunk-${chunk.ordinal}`,
}));
const { fields } = readFactSheet(sources, pages);
const byId = new Map(sources.map((source) => [source.chunkId, source]));

/** The passage's sentence holding these words, as the model would score it. */
function finding(words: string, probability: number): KindSentence {
  const source = sources.find((candidate) => candidate.text.includes(words))!;
  const sentence = sentencesOf(source.text, source.clauses).find((candidate) => candidate.text.includes(words))!;
  return { passageId: source.chunkId, sentence, probability };
}

const thresholds = { answer: 0.9, lead: 0.95, closest: 0.5 };

interface RouteOverride {
  isKindSure?: boolean;
  /** The kind routed to, in place of the router's ("none": routed to no kind). */
  kindId?: string;
  /** The runner-up kind (of an unsure route, or the likeliest of no route), and the model's findings for it. */
  alternative?: { kindId: string; findings?: KindFindings };
  /** The sheet's values, in place of the agreement's. */
  facts?: FactField[];
  /** Whether the question asks for the sheet term's value, in place of the learned reading's. */
  asksForValue?: boolean;
}

function replyTo(question: string, findings?: KindFindings, { isKindSure, kindId, alternative, facts = fields, asksForValue }: RouteOverride = {}) {
  const analyzed = analyzeQuery(question);
  const kind = kindId !== undefined ? questionKindById.get(kindId) : analyzed.kind;
  const query = { ...analyzed, kind, isKindSure: isKindSure ?? analyzed.isKindSure, asksForValue: asksForValue ?? analyzed.asksForValue };
  const counts = {
    passages: sources.length,
    slots: query.topic.alternatives.map((slots) => slots.map((slot) => sources.filter((source) => matchesSlot(tokenize(source.text).map(stem), slot)).length)),
  };
  return composeReply({
    question,
    query,
    kind: query.kind,
    facts,
    findings,
    alternative: alternative && { kind: questionKindById.get(alternative.kindId)!, findings: alternative.findings },
    sources,
    passageOf: (id) => byId.get(id),
    pages,
    weights: topicWeights(query.topic, counts),
  });
}

describe("composeReply: a term the fact sheet reads is answered from the sheet", () => {
  it.each(["What is the timely filing limit?", "How many days after the visit can we still bill the plan?"])("%s", (question) => {
    const reply = replyTo(question);
    const [value] = fields.find((field) => field.key === "timely_filing")!.values;
    expect(reply.outcome).toBe("answer");
    expect(reply.points[0]!.text).toBe(`**120 days from the date services were given** (1 Claims, page 1): “${value!.source.quote}”`);
    expect(reply.citations).toEqual([{ index: 1, ...value!.source }]);
  });

  it.each([
    ["Is there a deadline to submit claims?", "**Yes — 120 days from the date services were given**"],
    // The claims rule says nothing of how claims are sent: its length of time is the sheet's value, not a Yes.
    ["Is there a time limit for claims sent by fax?", "**120 days from the date services were given**"],
  ])("%s", (question, lead) => {
    const reply = replyTo(question, undefined, { isKindSure: true, kindId: "timely-filing", asksForValue: true });
    expect(reply.outcome).toBe("answer");
    expect(reply.points[0]!.text.startsWith(`${lead} (1 Claims, page 1)`)).toBe(true);
  });

  describe("a question about the term that asks what its value does not settle is not answered with the value", () => {
    it.each(["Is there a late fee for a claim sent after the deadline?", "Who at the plan grants an exception to the claims deadline?"])(
      "%s: the sheet's clause is shown as the closest, with no bold lead",
      (question) => {
        const reply = replyTo(question, undefined, { isKindSure: true, kindId: "timely-filing", asksForValue: false });
        const [value] = fields.find((field) => field.key === "timely_filing")!.values;
        expect(reply.outcome).toBe("closest");
        expect(reply.citations).toEqual([{ index: 1, ...value!.source }]);
        expect(reply.points.every((point) => !point.text.includes("**"))).toBe(true);
      },
    );

    it("is not answered from a value's sentence that shares its words but not all it asks: the claims rule names no recipient", () => {
      const question = "Do we submit claims to the plan or to its vendor within the time allowed?";
      const reply = replyTo(question, undefined, { isKindSure: true, kindId: "timely-filing", asksForValue: false });
      expect(reply.outcome).toBe("closest");
    });

    it("still answers when the value's own sentence answers the question by its words", () => {
      const reply = replyTo("Is there a deadline to submit claims?", undefined, { isKindSure: true, kindId: "timely-filing", asksForValue: false });
      expect(reply.outcome).toBe("answer");
      expect(reply.points[0]!.text.startsWith("**Yes — 120 days from the date services were given** (1 Claims, page 1)")).toBe(true);
    });
  });

  it("says plainly that the contract does not address a term the sheet finds nothing for", () => {
    const reply = replyTo("How long must we keep medical records?");
    expect(reply.outcome).toBe("not-addressed");
    expect(reply.points[0]!.text).toBe("This contract does not appear to address how long records must be kept.");
    expect(reply.related.length).toBeLessThanOrEqual(2);
    expect(formatAnswer(reply, "d")).toMatch(/^\*\*Not addressed\*\*/);
  });

  it("shows a sentence the question's own words answer as the closest, never 'not addressed', when the sheet states nothing for the term", () => {
    // Read as about records (the wrong reading): the sheet states no retention period, but the question's words find the claims rule.
    const reply = replyTo("Within how many days must Group submit every claim?", undefined, { isKindSure: true, kindId: "records-retention" });
    expect(reply.outcome).toBe("closest");
    expect(reply.citations[0]!.quote).toContain("submit every claim within one hundred twenty (120) days");
  });

  it("shows the passage under the term's own heading as the closest, never 'not addressed', when it states no value", () => {
    const reply = replyTo("Which state's law governs this agreement?");
    expect(fields.find((field) => field.key === "governing_law")!.values).toEqual([]);
    expect(reply.outcome).toBe("closest");
    expect(reply.points.map((point) => point.text).join("\n")).toContain("4 Governing Law (page 2)");
    expect(reply.points.every((point) => !point.text.includes("**"))).toBe(true);
    expect(formatAnswer(reply, "d")).toContain("I could not confirm an answer in this contract. The closest clauses are:");
  });
});

describe("composeReply: a kind of clause the model reads", () => {
  const asked = "Is there a non-disparagement clause?";

  it("answers from sentences scored as that kind of clause, quoting them", () => {
    const reply = replyTo(asked, { sentences: [finding("press release", 0.97)], thresholds });
    expect(reply.outcome).toBe("answer");
    expect(reply.citations[0]!.quote).toContain("Neither party shall issue a press release");
  });

  it("states no fact or Yes/No first unless the sentence scores higher still", () => {
    const reply = replyTo(asked, { sentences: [finding("press release", 0.92)], thresholds });
    expect(reply.outcome).toBe("answer");
    expect(reply.points[0]!.text).toMatch(/^\*\*5 Publicity\*\* \(page 2\)/);
  });

  it("shows a nearer miss as the closest passages, with no bold lead and no Yes/No", () => {
    const reply = replyTo(asked, { sentences: [finding("press release", 0.7), finding("provider directory", 0.2)], thresholds });
    expect(reply.outcome).toBe("closest");
    expect(reply.points).toHaveLength(1);
    expect(reply.points[0]!.text).not.toMatch(/\*\*|\bYes\b|\bNo\b/);
  });

  it("shows an unsure route's answer as the closest passages unless the question's own words agree with it", () => {
    const found = { sentences: [finding("press release", 0.97)], thresholds };
    expect(replyTo(asked, found, { isKindSure: true }).outcome).toBe("answer");
    const unsure = replyTo(asked, found, { isKindSure: false });
    expect(unsure.outcome).toBe("closest");
    expect(unsure.citations[0]!.quote).toContain("press release");
  });

  describe("an unsure route's answer, Yes or No included, stands only where the cited sentence answers the question, never on a word it shares", () => {
    const lesserOf: FactField[] = [
      {
        key: "lesser_of",
        values: [
          {
            value: "Yes",
            amount: null,
            unit: null,
            from: null,
            productLine: "all",
            source: {
              chunkId: sources[0]!.chunkId,
              clauseNumber: "6",
              heading: "Payment",
              page: 1,
              quote: "Plan pays the lesser of billed charges or the fee schedule amount.",
              startOffset: 0,
              endOffset: 65,
            },
          },
        ],
      },
    ];
    const unsureLesserOf = { isKindSure: false, kindId: "lesser-of", facts: lesserOf } as const;

    it("answers Yes when the sentence answers the question", () => {
      const reply = replyTo("Is payment the lesser of billed charges or the fee schedule amount?", undefined, unsureLesserOf);
      expect(reply.outcome).toBe("answer");
      expect(reply.points[0]!.text).toMatch(/^\*\*Yes\*\*/);
    });

    it("shows the clause as the closest when the question shares only a word with it", () => {
      const reply = replyTo("Do the courts charge the losing side?", undefined, unsureLesserOf);
      expect(reply.outcome).toBe("closest");
      expect(reply.points.every((point) => !point.text.includes("**"))).toBe(true);
    });

    it.each([
      ["answers it", "How many days do we have to submit a claim?", "answer"],
      ["only shares words with it that name the kind", "What goes on the checklist when we submit claims?", "closest"],
    ])("gives a filing deadline only when the cited sentence %s", (_, question, outcome) => {
      const reply = replyTo(question, undefined, { isKindSure: false, kindId: "timely-filing" });
      expect(reply.outcome).toBe(outcome);
      expect(reply.citations[0]!.quote).toContain("within one hundred twenty (120) days");
    });
  });

  it("shows a sentence the question's own words answer as the closest, never 'not addressed', when the kind's reading finds nothing", () => {
    const reply = replyTo(
      "Can we issue a press release naming them?",
      { sentences: [finding("provider directory", 0.1)], thresholds },
      {
        isKindSure: true,
        kindId: "non-disparagement",
      },
    );
    expect(reply.outcome).toBe("closest");
    expect(reply.citations[0]!.quote).toContain("Neither party shall issue a press release");
  });

  it("says the contract does not appear to address it when nothing scores near, naming the kind of term", () => {
    const reply = replyTo(asked, { sentences: [finding("provider directory", 0.1)], thresholds });
    expect(reply.outcome).toBe("not-addressed");
    expect(reply.points[0]!.text).toBe("This contract does not appear to address a promise not to disparage.");
  });
});

describe("composeReply: an unsure route may be the wrong kind, so the runner-up kind's reading is tried", () => {
  const nothingNear = { sentences: [finding("provider directory", 0.1)], thresholds };
  const unsureDisparagement = { isKindSure: false, kindId: "non-disparagement" } as const;

  it("answers from the runner-up's reading when the first kind's finds nothing and the question's own words agree", () => {
    const reply = replyTo("How many days do we have to submit a claim?", nothingNear, { ...unsureDisparagement, alternative: { kindId: "timely-filing" } });
    expect(reply.outcome).toBe("answer");
    expect(reply.fromSheet).toBe(true);
    expect(reply.citations[0]!.quote).toContain("within one hundred twenty (120) days");
  });

  it("shows the runner-up's reading as the closest passages, not as an answer, when the question's words do not agree with it", () => {
    const reply = replyTo("Is there a non-disparagement clause?", nothingNear, { ...unsureDisparagement, alternative: { kindId: "timely-filing" } });
    expect(reply.outcome).toBe("closest");
    expect(reply.citations[0]!.quote).toContain("within one hundred twenty (120) days");
    expect(reply.points.every((point) => !point.text.includes("**"))).toBe(true);
  });

  it("keeps the first kind's closest passages when the runner-up confirms nothing either", () => {
    const found = { sentences: [finding("press release", 0.97)], thresholds };
    const reply = replyTo("Is there a non-disparagement clause?", found, { ...unsureDisparagement, alternative: { kindId: "timely-filing" } });
    expect(reply.outcome).toBe("closest");
    expect(reply.citations[0]!.quote).toContain("press release");
  });

  it("shows the likeliest kind's near reading as the closest passages when no kind is routed and the question's words find nothing", () => {
    const nearPress = { sentences: [finding("press release", 0.6)], thresholds };
    const unrouted = { kindId: "none", isKindSure: false } as const;
    expect(replyTo("Are we allowed to badmouth them?", undefined, unrouted).outcome).toBe("not-addressed");
    const reply = replyTo("Are we allowed to badmouth them?", undefined, { ...unrouted, alternative: { kindId: "non-disparagement", findings: nearPress } });
    expect(reply.outcome).toBe("closest");
    expect(reply.citations[0]!.quote).toContain("press release");
  });

  it("shows the sheet's values as the closest, never 'not addressed', when a question routed to no kind finds the sheet's clause by its own words", () => {
    const unrouted = { kindId: "none", isKindSure: false } as const;
    const reply = replyTo("Is there a penalty when a claim reaches them late?", undefined, unrouted);
    const [value] = fields.find((field) => field.key === "timely_filing")!.values;
    expect(reply.outcome).toBe("closest");
    expect(reply.citations).toEqual([{ index: 1, ...value!.source }]);
    expect(reply.points.every((point) => !point.text.includes("**"))).toBe(true);
  });

  it.each([
    ["shares none of its words", "Are we allowed to badmouth them?"],
    ["shares only words that name nothing of its term", "May Group hire more nurses?"],
  ])("still says 'not addressed' when the sheet's clause near the question %s", (_, question) => {
    const reply = replyTo(question, undefined, { kindId: "none", isKindSure: false });
    expect(reply.outcome).toBe("not-addressed");
  });

  it("says 'not addressed' for the first kind when neither reading finds anything", () => {
    const reply = replyTo("Is there a non-disparagement clause?", nothingNear, {
      ...unsureDisparagement,
      alternative: { kindId: "audit-rights", findings: nothingNear },
    });
    expect(reply.outcome).toBe("not-addressed");
    expect(reply.points[0]!.text).toBe("This contract does not appear to address a promise not to disparage.");
  });
});
