import { describe, expect, it } from "vitest";
import { factFieldKeys } from "../../shared/fact-sheet";
import { questionKinds } from "./question-kinds";
import {
  keyStems,
  kindProbabilities,
  MIN_ROUTING_SCORE,
  questionFeatures,
  rankQuestionKinds,
  readQuestion,
  readWithModel,
  SURE_PROBABILITY,
  type RouterModelFile,
} from "./question-routing";
import { stem } from "./text";

describe("readQuestion: the kind of term a question asks about, in whatever words", () => {
  it.each([
    // Payer terms a billing office asks about, several ways each.
    ["What is the timely filing limit for claims?", "timely-filing"],
    ["how many days after the visit can we still bill them", "timely-filing"],
    ["Deadline for getting a claim to the plan?", "timely-filing"],
    ["How long do we have to appeal a denied claim?", "provider-appeal"],
    ["If the insurer underpays us, by when must we dispute it?", "provider-appeal"],
    ["window to send a corrected claim", "corrected-claim"],
    ["How quickly does the plan have to pay a clean claim?", "clean-claim-payment"],
    ["Do they owe interest when they pay us late?", "clean-claim-payment"],
    ["The payer sent us too much money. How long until we must return it?", "overpayment-refund"],
    ["How far back can the plan take money back from us?", "recoupment-lookback"],
    ["Are we paid the lower of our billed charges or the fee schedule?", "lesser-of"],
    ["What percentage of Medicare do they pay?", "reimbursement-basis"],
    ["When do fee schedule changes take effect?", "fee-schedule-update"],
    ["Can the plan change the agreement on its own, and how much notice do we get?", "payer-amendment-notice"],
    ["We are moving to a new office. How much notice does the payer need?", "change-of-status-notice"],
    ["How many years must medical records be kept?", "records-retention"],
    ["Which programs does this agreement cover, Medicaid or commercial?", "product-lines"],
    ["What happens if we disagree - mediation, arbitration, or court?", "dispute-resolution"],
    // A biller's own words, in none of the written sets.
    ["claims from last quarter never went out, are we past the filing limit", "timely-filing"],
    ["got a denial on a knee scope from 2 months back, still time to appeal?", "provider-appeal"],
    ["if we slip up on something in the contract, how many days do we get to fix it before they can end it", "termination-for-cause"],
    ["we don't need the plan's ok to stop renewing, right", "non-renewal-notice"],
    // Term and termination.
    ["Can we get out of this contract early without a reason?", "termination-without-cause"],
    ["How much notice to end the agreement for convenience?", "termination-without-cause"],
    ["If the payer breaches, how long do they get to fix it?", "termination-for-cause"],
    ["Does the agreement renew by itself?", "renewal-term"],
    ["How far ahead must we say we do not want it to renew?", "non-renewal-notice"],
    ["When does the initial term end?", "expiration"],
    ["When does the agreement take effect?", "effective-date"],
    // Commercial clause kinds.
    ["Which state's law governs the contract?", "governing-law"],
    ["Is there a non-compete?", "non-compete"],
    ["Are we locked into buying only from them?", "exclusivity"],
    ["Can we hire one of their staff?", "no-solicit-employees"],
    ["Are they barred from approaching our customers?", "no-solicit-customers"],
    ["Is there a cap on how much either side can be liable for?", "cap-on-liability"],
    ["Is any liability unlimited, outside the cap?", "uncapped-liability"],
    ["Is there a fee if we cancel early?", "liquidated-damages"],
    ["Who owns the inventions the consultant makes?", "ip-ownership-assignment"],
    ["Can the licensee sublicense the software?", "non-transferable-license"],
    ["Does either party have a right of first refusal?", "rofr"],
    ["What insurance must the vendor carry?", "insurance"],
    ["Can we audit their books?", "audit-rights"],
    ["Can the contract be assigned to another company?", "assignment"],
    ["What happens if the other company is bought by a competitor?", "change-of-control"],
    ["How long is the warranty?", "warranty-duration"],
    ["Who are the parties?", "parties"],
  ])("%s → %s", (question, kind) => {
    expect(readQuestion(question).routed?.kind.id).toBe(kind);
  });

  it.each([
    "What are the key terms of this contract?",
    "Summarize the agreement in plain English.",
    "What does the contract say about HIPAA?",
    "hello",
    // Only asking words: the form of a question alone names no kind.
    "what about it?",
    "was it?",
    "what is it?",
  ])("routes %j to no one kind", (question) => {
    expect(readQuestion(question).routed).toBeUndefined();
  });
});

describe("question kinds", () => {
  it("lets a question reach every fact-sheet field", () => {
    const read = new Set(questionKinds.flatMap((kind) => kind.factFields ?? []));
    expect(factFieldKeys.filter((key) => !read.has(key))).toEqual([]);
  });

  it("gives every kind an id of its own and at least one cue that is not only filler", () => {
    expect(new Set(questionKinds.map((kind) => kind.id)).size).toBe(questionKinds.length);
    for (const kind of questionKinds) expect(kind.names.some((cue) => keyStems(cue).length > 0)).toBe(true);
  });
});

describe("kindProbabilities: a softmax of each kind's bias plus the weights of the question's features", () => {
  const [renewal, notice] = questionFeatures("renewal notice").filter((feature) => feature.startsWith("u:"));
  const model: RouterModelFile = {
    features: [renewal!, notice!, "u:unused"],
    kinds: {
      none: { bias: 0, weights: [] },
      renewal: {
        bias: -1,
        weights: [
          [0, 2],
          [1, 1],
        ],
      },
      termination: {
        bias: 0.5,
        weights: [
          [1, 0.5],
          [2, 9],
        ],
      },
    },
  };
  const softmax = (scores: number[]) => scores.map((score) => Math.exp(score) / scores.reduce((sum, other) => sum + Math.exp(other), 0));

  it.each([
    ["renewal notice", [0, -1 + 2 + 1, 0.5 + 0.5]],
    ["the notice", [0, -1 + 1, 0.5 + 0.5]],
    ["nothing known", [0, -1, 0.5]],
  ])("scores %j from its own features only", (question, scores) => {
    const probabilities = kindProbabilities(model, question);
    const expected = softmax(scores);
    expect([...probabilities.keys()]).toEqual(["none", "renewal", "termination"]);
    [...probabilities.values()].forEach((probability, index) => expect(probability).toBeCloseTo(expected[index]!, 12));
  });
});

describe("readWithModel: an unsure route, or none, names the runner-up kind; a sure one does not", () => {
  const words = questionFeatures("law arbitration date hello minor").filter((feature) => feature.startsWith("u:"));
  const feature = (word: string) => words.indexOf(`u:${stem(word)}`);
  /** Each word lifts kinds: the question's words set how sure the route is and what comes next. */
  const model: RouterModelFile = {
    features: words,
    kinds: {
      none: { bias: 0.1, weights: [[feature("hello"), 3]] },
      "governing-law": {
        bias: 0,
        weights: [
          [feature("law"), 3],
          [feature("minor"), 2],
        ],
      },
      "dispute-resolution": {
        bias: 0,
        weights: [
          [feature("arbitration"), 2.5],
          [feature("minor"), 0.2],
        ],
      },
      "agreement-date": { bias: 0, weights: [[feature("date"), 2.8]] },
      // Kinds no word lifts: the share a route leaves to the rest is spread over several kinds.
      expiration: { bias: 0, weights: [] },
      "renewal-term": { bias: 0, weights: [] },
    },
  };
  const read = (question: string) => {
    const { routed, runnerUp } = readWithModel(model, question);
    return { kind: routed?.kind.id, sure: routed !== undefined && routed.score >= SURE_PROBABILITY, runnerUp: runnerUp?.id };
  };

  it.each([
    ["law", { kind: "governing-law", sure: true, runnerUp: undefined }],
    ["law arbitration", { kind: "governing-law", sure: false, runnerUp: "dispute-resolution" }],
    ["law date", { kind: "governing-law", sure: false, runnerUp: "agreement-date" }],
    // The runner-up is the next kind the question's words do not rule out ("effective" rules out the agreement's date); "about no one kind" next means none.
    ["law date effective", { kind: "governing-law", sure: false, runnerUp: undefined }],
    // Unsure (0.58), but the next kind is too unlikely (0.096) to be read.
    ["minor", { kind: "governing-law", sure: false, runnerUp: undefined }],
    // About no one kind: no route; the likeliest kind is read too when it is likely enough (0.32), not when it is not (0.04).
    ["hello", { kind: undefined, sure: false, runnerUp: undefined }],
    ["hello arbitration", { kind: undefined, sure: false, runnerUp: "dispute-resolution" }],
    // Likeliest the agreement's date, but "bound" rules it out and no cue names a kind: the likeliest kind left is read.
    ["date minor bound", { kind: undefined, sure: false, runnerUp: "governing-law" }],
  ] as const)("%j", (question, expected) => {
    expect(read(question)).toEqual(expected);
  });
});

describe("rankQuestionKinds: the kinds a question's words name", () => {
  it.each([
    // "their workers" names no-solicit of employees, but its fillers leave only "work", which a question about services uses.
    ["The vendor never did the work they promised; can we end the contract?", "no-solicit-employees"],
    ["Do they pay us through a portal or by paper check?", "reimbursement-basis"],
  ])("%j: one word of a several-word name does not name %s clearly", (question, kindId) => {
    const named = rankQuestionKinds(question).find((routed) => routed.kind.id === kindId);
    expect(named?.score ?? 0).toBeLessThan(MIN_ROUTING_SCORE);
  });

  it("still names a kind by a name of several words", () => {
    expect(rankQuestionKinds("Can we hire their staff after the project?")[0]?.kind.id).toBe("no-solicit-employees");
  });
});
