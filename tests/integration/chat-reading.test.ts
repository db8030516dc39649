import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evergreenAgreement } from "../../src/core/fact-sheet/synthetic-contracts.fixture";
import { analyzeQuery } from "../../src/core/rag/query-analysis";
import type { DocumentSummary } from "../../src/shared/contracts/documents";
import type { FactSheet } from "../../src/shared/contracts/fact-sheet";
import type { FactFieldKey } from "../../src/shared/fact-sheet";
import { signedUpClient } from "../support/accounts";
import { askedAnswer } from "../support/chat";
import { contractPdfOf } from "../support/documents/fact-sheet-contracts";
import { processedDocument } from "../support/documents/processing";
import { readyFactSheet } from "../support/fact-sheets";
import type { HttpClient } from "../support/http-client";
import { createTestApp, type TestApp } from "../support/test-app";

// One reading of the contract (issue 21): a question about a term the fact sheet reads is answered
// with the sheet's own values, product lines, clauses, pages and quotes, in whatever words it is asked.

let testApp: TestApp;
let owner: HttpClient;
let contract: DocumentSummary;
let sheet: FactSheet;
let lures: DocumentSummary;

/** An agreement of our own whose only "exclusive" and "limited liability" are words in another sense. */
const lureAgreement = [
  [
    "CLINICAL SERVICES AGREEMENT",
    'This Agreement is made between Cedar Imaging, LLC, an Oregon limited liability company ("Vendor"), and Pine Street Clinic ("Clinic").',
    "1. Services. Vendor shall read imaging studies the Clinic sends it and report within two business days.",
    "2. Courts. Each party consents to the exclusive jurisdiction of the state courts in Portland, Oregon.",
    "3. Fees. Clinic shall pay Vendor the fees in Schedule 1 within thirty (30) days of each invoice.",
  ].join("\n"),
];

beforeAll(async () => {
  testApp = await createTestApp({ env: { BILLING: "off" } });
  owner = await signedUpClient(testApp);
  contract = await processedDocument(testApp, owner, "Evergreen Provider Services Agreement.pdf", contractPdfOf(evergreenAgreement));
  sheet = await readyFactSheet(owner, contract.id);
  lures = await processedDocument(testApp, owner, "Cedar Imaging Agreement.pdf", contractPdfOf(lureAgreement));
}, 90_000);
afterAll(() => testApp.close());

const valuesOf = (key: FactFieldKey) => sheet.fields.find((field) => field.key === key)!.values;

describe("chat answers from the fact sheet", () => {
  it.each<[FactFieldKey, string]>([
    ["timely_filing", "How long after the date of service can we still submit a claim?"],
    ["corrected_claim", "What is the window for sending a corrected claim?"],
    ["provider_appeal", "If a claim is denied, how long do we have to appeal?"],
    ["clean_claim_payment", "How fast must the plan pay a clean claim?"],
    ["overpayment_refund", "When must we give back money the plan overpaid?"],
    ["non_renewal_notice", "How much notice do we need to give so the agreement does not renew?"],
    ["termination_without_cause", "Can we end this agreement without a reason, and with how much notice?"],
    ["termination_for_cause", "If one side breaches, how long is the cure period?"],
    ["payer_amendment_notice", "How much warning does the plan give before it amends the agreement?"],
    ["governing_law", "Which state's law applies to the agreement?"],
    ["assignment", "Could we transfer this contract to another practice?"],
    ["records_retention", "How many years do we have to keep patient records?"],
    ["change_of_status_notice", "We are moving to a new location. How much notice does the plan need?"],
    ["dispute_resolution", "How are disagreements between us and the plan settled?"],
    ["lesser_of", "Is payment the lower of our billed charges and the fee schedule?"],
  ])("%s: %s", async (key, question) => {
    const values = valuesOf(key);
    expect(values.length).toBeGreaterThan(0);
    const { content, metadata } = await askedAnswer(owner, contract.id, question);
    expect(metadata.outcome).toBe("answer");
    // The same values, each cited to the same clause, page and words as on the sheet.
    for (const value of values) {
      // "Can we…?" is answered "Yes — 120 days", a length of time stated as it is on the sheet.
      expect(content).toMatch(new RegExp(`\\*\\*(?:Yes — )?${value.value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      expect(metadata.citations).toContainEqual(expect.objectContaining({ ...value.source }));
    }
    // An overpayment question also gives the look-back, when the sheet states one.
    const shown = key === "overpayment_refund" ? [...values, ...valuesOf("recoupment_lookback")] : values;
    expect(metadata.citations).toHaveLength(new Set(shown.map((value) => `${value.source.page}|${value.source.quote}`)).size);
  });

  it("gives each product line's value, and only the asked line's when a question names one", async () => {
    const all = await askedAnswer(owner, contract.id, "What is the timely filing limit?");
    expect(all.content).toContain("**180 calendar days from the date of service**");
    expect(all.content).toContain("**365 days from the date of service — Medicaid**");
    const medicaid = await askedAnswer(owner, contract.id, "What is the timely filing limit for Medicaid claims?");
    expect(medicaid.content).toContain("— Medicaid");
    expect(medicaid.metadata.citations.map((citation) => citation.page)).toEqual([4]);
  });

  it("says plainly when the contract does not address what is asked", async () => {
    expect(valuesOf("recoupment_lookback")).toEqual([]);
    const { content, metadata } = await askedAnswer(owner, contract.id, "How far back can the plan recoup payments it already made?");
    expect(metadata.outcome).toBe("not-addressed");
    expect(content).toMatch(/^\*\*Not addressed\*\*\n\n- This contract does not appear to address how far back the payer may recover payments\./);
  });
});

describe("a question about a sheet term that asks what its value does not settle gets no bold value", () => {
  it.each<[FactFieldKey, string]>([
    ["provider_appeal", "Who at the plan reviews our appeal of a denied claim?"],
    ["governing_law", "Is the choice-of-law clause something we can negotiate?"],
  ])("%s: %s", async (key, question) => {
    const analyzed = analyzeQuery(question);
    // What this case is about: a sure route to the term, read as asking something its value does not settle.
    expect([analyzed.kind?.factFields?.includes(key), analyzed.isKindSure, analyzed.asksForValue]).toEqual([true, true, false]);
    const { content, metadata } = await askedAnswer(owner, contract.id, question);
    expect(metadata.outcome).toBe("closest");
    expect(metadata.citations).toEqual(valuesOf(key).map((value, index) => ({ index: index + 1, ...value.source })));
    expect(content).toContain("I could not confirm an answer in this contract. The closest clauses are:");
    expect(content).not.toMatch(/^- \*\*/m);
  });
});

describe("chat never says 'not addressed' of a term the sheet has a value for", () => {
  it("shows the sheet's values as the closest when a question about no kind it recognises finds the term's clause by its own words", async () => {
    const question = "The credentialing coordinator asked how quickly a new suite number must be reported";
    // What this case is about: the router reads it as about no kind of term, so no reading of the sheet answers it.
    expect(analyzeQuery(question).kind).toBeUndefined();
    const { content, metadata } = await askedAnswer(owner, contract.id, question);
    expect(metadata.outcome).toBe("closest");
    expect(metadata.citations).toEqual(valuesOf("change_of_status_notice").map((value, index) => ({ index: index + 1, ...value.source })));
    expect(content).toContain("I could not confirm an answer in this contract. The closest clauses are:");
  });
});

describe("a word in another sense is no answer", () => {
  it.each(["Is there an exclusivity commitment?", "Is there a cap on liability?"])("%s", async (question) => {
    const { content, metadata } = await askedAnswer(owner, lures.id, question);
    expect(metadata.outcome).not.toBe("answer");
    expect(content).not.toMatch(/\*\*(?:Yes|No)\*\*/);
  });
});
