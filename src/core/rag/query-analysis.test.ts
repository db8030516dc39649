import { describe, expect, it } from "vitest";
import { analyzeQuery, isFollowUpQuestion, normalizeQuestion, SURE_KIND_WEIGHT, UNSURE_KIND_WEIGHT, wordFormPattern } from "./query-analysis";
import { contentWords, stem } from "./text";

const termTexts = (question: string, previous: string[] = []) => analyzeQuery(question, previous).terms.map((term) => term.text);

describe("normalizeQuestion", () => {
  it.each([
    ["  What’s the  TERM? ", "what's the term?"],
    ["Non\u2013compete “clause”", 'non-compete "clause"'],
  ])("%j → %j", (question, expected) => expect(normalizeQuestion(question)).toBe(expected));
});

describe("contentWords", () => {
  it.each([
    ["What are the termination clauses?", ["termination"]],
    ["Who are the parties to this contract?", ["parties"]],
    ["How many days do we have for timely filing?", ["days", "timely", "filing"]],
  ])("%j → %j", (text, expected) => expect(contentWords(text)).toEqual(expected));
});

describe("stem", () => {
  it.each([
    ["terminate", "termin"],
    ["termination", "termin"],
    ["terminated", "termin"],
    ["terminating", "termin"],
    ["payments", "pay"],
    ["policies", "policy"],
    ["claims", "claim"],
    ["law", "law"],
    ["reimburse", "reimburs"],
    ["reimbursed", "reimburs"],
  ])("%s → %s", (word, expected) => expect(stem(word)).toBe(expected));
});

describe("wordFormPattern: '-ive' and '-ion' words of one root are told apart", () => {
  it.each([
    ["exclusive", "deals exclusively with", true],
    ["exclusive", "an exclusion from liability", false],
    ["exclusivity", "exclusive dealing", true],
    ["exclusion", "an exclusion from liability", true],
    ["exclusion", "deals exclusively with", false],
    ["extension", "an extension of the term", true],
    ["extension", "an extensive review", false],
  ])("%s in %j: %s", (word, text, matches) => expect(wordFormPattern(word)!.test(text)).toBe(matches));

  it.each(["payment", "renewal", "five"])("leaves %s to the stemmer", (word) => expect(wordFormPattern(word)).toBeUndefined());
});

describe("analyzeQuery: contract vocabulary", () => {
  it.each([
    ["Can they cancel the contract?", ["termination", "without cause", "for convenience"]],
    ["How are we reimbursed?", ["payment", "fee schedule", "compensation"]],
    ["What is the deadline to submit claims?", ["timely filing", "claims submission"]],
    ["How do I dispute a denied claim?", ["appeal", "reconsideration"]],
    ["Does it auto renew?", ["automatically renew", "evergreen"]],
    ["What must the provider do?", ["obligations", "shall"]],
    ["How much notice do we need to give?", ["written notice"]],
    ["Is prior authorization required?", ["utilization management", "medically necessary"]],
    ["Can the plan raise its prices?", ["increase", "adjust", "not exceed"]],
    ["May we challenge the validity of their patents?", ["contest", "bring any claim"]],
    ["When does the initial term expire?", ["continue", "shall terminate", "renewal"]],
    ["Can the company end my employment at its discretion?", ["sole discretion", "absolute discretion"]],
    ["What survives after termination?", ["upon termination", "termination or expiration", "return"]],
    ["Is there a right of first refusal?", ["first offer", "option"]],
    ["What license do we grant them?", ["right to use", "non-exclusive", "sublicense"]],
    ["Who are the parties to this agreement?", ["by and between", "hereinafter"]],
  ])("%j searches also for %j", (question, expected) => {
    expect(termTexts(question)).toEqual(expect.arrayContaining(expected));
  });

  it("weighs the question's own words above the expansion", () => {
    const terms = analyzeQuery("What are the termination terms?").terms;
    expect(terms.find((term) => term.text === "termination")).toMatchObject({ weight: 1, source: "question" });
    expect(terms.find((term) => term.text === "without cause")).toMatchObject({ source: "expansion" });
    expect(terms.find((term) => term.text === "terminate")).toBeUndefined(); // same stem as a question word
  });

  it("searches a surely routed question in its kind's words above its own, and keeps the words it asked as asked", () => {
    const query = analyzeQuery("Can we terminate without cause?");
    expect(query.kind?.id).toBe("termination-without-cause");
    expect(query.isKindSure).toBe(true);
    expect(query.terms.find((term) => term.text === "terminate")).toMatchObject({ weight: SURE_KIND_WEIGHT, source: "question" });
  });

  it("searches an unsurely routed question in its kind's words below its own", () => {
    // Locked in to one side, or for a term: the route is not sure.
    const query = analyzeQuery("Are we locked in?");
    expect(query.kind).toBeDefined();
    expect(query.isKindSure).toBe(false);
    const kindOnly = query.terms.filter((term) => term.source === "expansion" && term.weight === UNSURE_KIND_WEIGHT);
    expect(kindOnly.length).toBeGreaterThan(0);
    expect(query.terms.filter((term) => term.source === "question").every((term) => term.weight === 1)).toBe(true);
  });

  it("does not read 'a party' in a question as asking who the parties are", () => {
    expect(termTexts("Can a party terminate this contract?")).not.toContain("by and between");
  });

  it("has no terms for a question of only function words", () => {
    expect(analyzeQuery("what is it?").terms).toEqual([]);
  });
});

describe("questions about the document itself", () => {
  it.each([
    ["What is the name or title of this contract?", true],
    ["Who are the parties to this agreement?", true],
    ["What is the date of this agreement?", true],
    ["When does this contract become effective?", true],
    ["What is the timely filing limit?", false],
    ["Can the agreement be terminated without cause?", false],
  ])("%j → %s", (question, expected) => expect(analyzeQuery(question).isAboutOpening).toBe(expected));
});

describe("questions answered by a date", () => {
  it.each([
    ["When does this contract become effective?", true],
    ["What is the date of this agreement?", true],
    ["How long is the initial term?", false],
    ["Who are the parties?", false],
  ])("%j → %s", (question, expected) => expect(analyzeQuery(question).asksForDate).toBe(expected));
});

describe("follow-up questions", () => {
  it.each([
    ["what about for medicaid?", 1, true],
    ["and the renewal?", 1, true],
    ["is that mutual?", 1, true],
    ["what is the timely filing limit for claims?", 4, false],
    ["governing law", 2, false],
  ])("%j (%i content words) → %s", (question, words, expected) => expect(isFollowUpQuestion(question, words)).toBe(expected));

  it("carries the earlier question's words into a follow-up, weighted lower", () => {
    const query = analyzeQuery("What about for Medicaid?", ["What does the agreement say about keeping business information confidential?"]);
    expect(query.isFollowUp).toBe(true);
    expect(query.terms.find((term) => term.text === "medicaid")).toMatchObject({ weight: 1, source: "question" });
    expect(query.terms.find((term) => term.text === "confidential")).toMatchObject({ source: "context" });
    expect(query.terms.find((term) => term.text === "confidential")!.weight).toBeLessThan(1);
  });

  it.each(["What about for Medicaid?", "And for Medicare Advantage patients?", "Same for commercial?", "and the marketplace?"])(
    "reads a follow-up that names only a product line as the question before, for that line: %s",
    (question) => {
      const query = analyzeQuery(question, ["What is the timely filing limit?"]);
      expect(query.isFollowUp).toBe(true);
      expect(query.kind?.id).toBe("timely-filing");
    },
  );

  it("searches a follow-up also in the words of the kind it is routed to with the question before", () => {
    const query = analyzeQuery("What about for Medicaid?", ["What is the timely filing limit?"]);
    expect(query.kind?.id).toBe("timely-filing");
    expect(query.isKindSure).toBe(true);
    expect(query.terms.find((term) => term.text === "filing")).toMatchObject({ weight: SURE_KIND_WEIGHT, source: "expansion" });
  });

  it.each([
    ["And for how long?", undefined],
    ["And how many days?", undefined],
    ["And governing law?", "governing-law"],
  ])("reads a follow-up that names nothing but the answer's form with the question before: %j → %s", (question, kindId) => {
    // The question before is about no one kind: a follow-up naming nothing of its own stays with it.
    const query = analyzeQuery(question, ["What does the agreement say about keeping business information confidential?"]);
    expect(query.isFollowUp).toBe(true);
    expect(query.kind?.id).toBe(kindId);
  });

  it("does not mix in earlier questions for a question that stands on its own", () => {
    const query = analyzeQuery("Which state's law governs the agreement?", ["What is the timely filing limit?"]);
    expect(query.isFollowUp).toBe(false);
    expect(query.terms.some((term) => term.text === "filing")).toBe(false);
  });
});
